#pragma once
// Independent references for the physics tests: brute-force periodic sums that share nothing
// with the engine's neighbour machinery (no halo, no cells, no Verlet list).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "md/core/random.hpp"
#include "md/core/system.hpp"
#include "md/force/force_field.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"

namespace mdb::test {

/// Cell vectors as columns of h (h[row][col]); positions are Cartesian.
using Cell = std::array<std::array<double, 3>, 3>;

inline Cell ortho_cell(const Box& box) {
  const auto& l = box.lengths();
  return {{{l[0], 0, 0}, {0, l[1], 0}, {0, 0, l[2]}}};
}

/// Energy of a periodic system with a general cell h by summing phi over every image within the
/// cutoff: E = 1/2 sum_i sum_j sum_n' phi(|x_j + h n - x_i|). `phi(r2, ti, tj)` returns the pair
/// energy for r2 < rc2. Shells per axis are chosen generously from the cell's shortest vector.
template <class Phi>
double brute_force_energy(const std::vector<std::array<double, 3>>& pos,
                          const std::vector<int>& type, const Cell& h, double cutoff, Phi phi) {
  double shortest = 1e300;
  for (int c = 0; c < 3; ++c) {
    shortest =
        std::min(shortest, std::sqrt(h[0][c] * h[0][c] + h[1][c] * h[1][c] + h[2][c] * h[2][c]));
  }
  const int k = static_cast<int>(std::ceil(cutoff / shortest)) + 1;
  const double rc2 = cutoff * cutoff;
  double e = 0.0;
  const std::size_t n = pos.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      for (int a = -k; a <= k; ++a) {
        for (int b = -k; b <= k; ++b) {
          for (int c = -k; c <= k; ++c) {
            if (i == j && a == 0 && b == 0 && c == 0) continue;
            double d[3];
            for (int r = 0; r < 3; ++r) {
              d[r] = pos[j][r] + h[r][0] * a + h[r][1] * b + h[r][2] * c - pos[i][r];
            }
            const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if (r2 < rc2) e += 0.5 * phi(r2, type[i], type[j]);
          }
        }
      }
    }
  }
  return e;
}

/// The largest |a[i] - b[i]| (arrays of equal size).
inline double max_abs_difference(std::span<const double> a, std::span<const double> b) {
  double m = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]));
  return m;
}

inline std::vector<std::array<double, 3>> positions_of(const System& s) {
  std::vector<std::array<double, 3>> p(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) p[i] = {s.x()[i], s.y()[i], s.z()[i]};
  return p;
}

/// Displaces every atom uniformly in [-amplitude, amplitude] per axis (seeded).
inline void jitter(System& s, double amplitude, std::uint64_t seed) {
  Rng rng(seed);
  auto x = s.x(), y = s.y(), z = s.z();
  for (std::size_t i = 0; i < s.size(); ++i) {
    x[i] += amplitude * (2 * rng.uniform() - 1);
    y[i] += amplitude * (2 * rng.uniform() - 1);
    z[i] += amplitude * (2 * rng.uniform() - 1);
  }
}

/// Energy, virial and forces of `ff` on a copy of `s`, with a freshly built list (skin `skin`);
/// list search and force loop split over `team` when one is given.
struct Evaluation {
  ForceResult result;
  std::vector<double> fx, fy, fz;
};
inline Evaluation evaluate(ForceField& ff, System s, double skin = 0.5,
                           ThreadTeam* team = nullptr) {
  NeighborPolicy policy;
  policy.skin = skin;
  NeighborList list(ff.cutoff(), ff.neighbor_kind(), policy);
  list.use_threads(team);
  ff.bind(s);
  if (!ff.use_threads(team)) throw std::invalid_argument("evaluate: the force field cannot thread");
  list.build(s);
  Evaluation e;
  e.result = ff.compute(s, list, {true, true});
  e.fx.assign(s.fx().begin(), s.fx().end());
  e.fy.assign(s.fy().begin(), s.fy().end());
  e.fz.assign(s.fz().begin(), s.fz().end());
  return e;
}

/// The atoms of `base` (same box and positions) with species a and b alternating by index, so
/// every atom has neighbours of both kinds: mixing rules and per-pair tables get exercised.
inline System alternate_species(const System& base, const Species& a, const Species& b) {
  System s(base.box(), base.units());
  s.add_species(a.name, a.mass);
  s.add_species(b.name, b.mass);
  for (std::size_t i = 0; i < base.size(); ++i) {
    s.add_atom(static_cast<int>(i % 2), base.x()[i], base.y()[i], base.z()[i]);
  }
  return s;
}

/// Analytic forces against central finite differences of the energy (step h) on every
/// `every`-th atom: the norm-wise relative error, and the squared norm of the forces compared
/// (so a test can insist the configuration really had forces).
struct GradientCheck {
  double relative_error = 0.0;
  double force_norm2 = 0.0;
};
inline GradientCheck check_force_gradient(ForceField& ff, const System& s, double h,
                                          int every = 1) {
  const auto ev = evaluate(ff, s);
  double err2 = 0.0, norm2 = 0.0;
  for (std::size_t i = 0; i < s.size(); i += static_cast<std::size_t>(every)) {
    for (int a = 0; a < 3; ++a) {
      System plus = s, minus = s;
      (a == 0 ? plus.x() : a == 1 ? plus.y() : plus.z())[i] += h;
      (a == 0 ? minus.x() : a == 1 ? minus.y() : minus.z())[i] -= h;
      const double fd =
          -(evaluate(ff, plus).result.energy - evaluate(ff, minus).result.energy) / (2 * h);
      const double an = (a == 0 ? ev.fx : a == 1 ? ev.fy : ev.fz)[i];
      err2 += (fd - an) * (fd - an);
      norm2 += an * an;
    }
  }
  return {std::sqrt(err2 / norm2), norm2};
}

}  // namespace mdb::test
