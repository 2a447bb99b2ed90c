#pragma once
// Systems and helpers shared by the NN-potential tests.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "md/lattice.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

inline constexpr double kSiLatticeConstant = 5.431;  // Angstrom
inline constexpr double kSiMass = 28.0855;           // amu

/// Diamond Si with n^3 conventional cells, jittered (seeded).
inline System jittered_silicon(int n, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Diamond, kSiLatticeConstant, n, n, n}, {"Si", kSiMass},
                           kMetalUnits);
  jitter(s, amplitude, seed);
  return s;
}

/// The same with alternate atoms relabelled "Ge", for two-species models.
inline System jittered_si_ge(int n, double amplitude, std::uint64_t seed) {
  const System base = jittered_silicon(n, amplitude, seed);
  System s(base.box(), kMetalUnits);
  s.add_species("Si", kSiMass);
  s.add_species("Ge", 72.63);
  for (std::size_t i = 0; i < base.size(); ++i) {
    s.add_atom(static_cast<int>(i % 2), base.x()[i], base.y()[i], base.z()[i]);
  }
  return s;
}

/// Central finite differences of the energy against the analytic forces on every `every`-th
/// atom: the norm-wise relative error.
inline double force_gradient_error(ForceField& ff, const System& s, double h, int every = 1) {
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
  return std::sqrt(err2 / norm2);
}

}  // namespace mdb::test
