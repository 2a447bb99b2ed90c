#include "bench/force_check.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "md/neighbor/neighbor_list.hpp"

namespace mdb::bench {
namespace {

// Every force check's tolerance is abs_tol + kRelTol |F|.
constexpr double kRelTol = 1e-4;

struct Probe {
  System system;
  NeighborList list;
  ForceField& ff;

  double energy() {
    list.update(system);
    return ff.compute(system, list, {.energy = true, .virial = false, .forces = false}).energy;
  }
  std::span<double> coord(int d) { return d == 0 ? system.x() : d == 1 ? system.y() : system.z(); }
  // Energy with atom's coordinate d shifted by `shift`.
  double energy_at(std::size_t atom, int d, double shift) {
    double& q = coord(d)[atom];
    const double q0 = q;
    q = q0 + shift;
    const double e = energy();
    q = q0;
    return e;
  }
  // Force estimates -dE/dq: central with step h, and second-order one-sided ones
  // (-3 E0 + 4 E(+-h) - E(+-2h)) / (+-2h), whose stencils lie on one side of the atom only.
  double central(std::size_t atom, int d, double h) {
    return -(energy_at(atom, d, h) - energy_at(atom, d, -h)) / (2.0 * h);
  }
  double one_sided(std::size_t atom, int d, double h) {
    const double e0 = energy_at(atom, d, 0.0);
    return -(-3.0 * e0 + 4.0 * energy_at(atom, d, h) - energy_at(atom, d, 2.0 * h)) / (2.0 * h);
  }
};

NeighborList list_for(const ForceField& ff) {
  NeighborPolicy p;
  p.skin = 0.1 * ff.cutoff();  // displacements of 1e-3 never trigger a rebuild
  return NeighborList(ff.cutoff(), ff.neighbor_kind(), p);
}

// The model's forces on a copy of `system`, x, y and z of every atom one after another.
std::vector<double> forces_of(ForceField& ff, const System& system) {
  System s = system;
  NeighborList list = list_for(ff);
  ff.bind(s);
  list.build(s);
  ff.compute(s, list, {false, false});
  std::vector<double> f;
  f.reserve(3 * s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    f.insert(f.end(), {s.fx()[i], s.fy()[i], s.fz()[i]});
  }
  return f;
}

}  // namespace

double energy_of(ForceField& force_field, const System& system) {
  Probe p{system, list_for(force_field), force_field};
  force_field.bind(p.system);
  p.list.build(p.system);
  return p.energy();
}

std::optional<std::string> check_forces_fd(ForceField& force_field, const System& system,
                                           double abs_tol) {
  Probe p{system, list_for(force_field), force_field};
  force_field.bind(p.system);
  p.list.build(p.system);
  force_field.compute(p.system, p.list, {false, false});
  const std::vector<double> fx(p.system.fx().begin(), p.system.fx().end());
  const std::vector<double> fy(p.system.fy().begin(), p.system.fy().end());
  const std::vector<double> fz(p.system.fz().begin(), p.system.fz().end());
  const std::size_t n = p.system.size();
  constexpr double kH = 1e-3;
  constexpr std::size_t kAtoms = 4;
  for (std::size_t c = 0; c < kAtoms; ++c) {
    const std::size_t atom = n * c / kAtoms;
    if (c > 0 && atom == n * (c - 1) / kAtoms) continue;
    for (int d = 0; d < 3; ++d) {
      const double f = (d == 0 ? fx : d == 1 ? fy : fz)[atom];
      const double tol = abs_tol + kRelTol * std::abs(f);
      // Each estimate in turn; a cutoff jump inside one stencil leaves the others clean.
      const double central_h = p.central(atom, d, kH);
      if (std::abs(central_h - f) <= tol) continue;
      if (std::abs(p.central(atom, d, kH / 10) - f) <= tol) continue;
      if (std::abs(p.one_sided(atom, d, kH / 10) - f) <= tol) continue;
      if (std::abs(p.one_sided(atom, d, -kH / 10) - f) <= tol) continue;
      char line[256];
      std::snprintf(line, sizeof line,
                    "force check failed (%s): atom %zu %c: analytic %.8g vs finite difference "
                    "%.8g (tolerance %.2g)",
                    std::string(force_field.name()).c_str(), atom, "xyz"[d], f, central_h, tol);
      return std::string(line);
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_forces_against(ForceField& model, ForceField& reference,
                                                const System& system, double abs_tol) {
  const std::vector<double> f = forces_of(model, system);
  const std::vector<double> ref = forces_of(reference, system);
  for (std::size_t k = 0; k < f.size(); ++k) {
    if (std::abs(f[k] - ref[k]) <= abs_tol + kRelTol * std::abs(ref[k])) continue;
    char line[256];
    std::snprintf(line, sizeof line,
                  "force check failed (%s against %s): atom %zu %c: %.8g vs %.8g (tolerance %.2g)",
                  std::string(model.name()).c_str(), std::string(reference.name()).c_str(), k / 3,
                  "xyz"[k % 3], f[k], ref[k], abs_tol + kRelTol * std::abs(ref[k]));
    return std::string(line);
  }
  return std::nullopt;
}

}  // namespace mdb::bench
