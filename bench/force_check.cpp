#include "bench/force_check.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "md/neighbor_list.hpp"

namespace mdb::bench {
namespace {

struct Probe {
  System system;
  NeighborList list;
  ForceField& ff;

  double energy() {
    list.update(system);
    return ff.compute(system, list, {true, false}).energy;
  }
  std::span<double> coord(int d) { return d == 0 ? system.x() : d == 1 ? system.y() : system.z(); }
  double finite_difference(std::size_t atom, int d, double h) {
    double& q = coord(d)[atom];
    const double q0 = q;
    q = q0 + h;
    const double e_plus = energy();
    q = q0 - h;
    const double e_minus = energy();
    q = q0;
    return -(e_plus - e_minus) / (2.0 * h);
  }
};

NeighborSettings settings_for(const ForceField& ff) {
  NeighborSettings s;
  s.cutoff = ff.cutoff();
  s.kind = ff.neighbor_kind();
  s.skin = 0.1 * ff.cutoff();  // displacements of 1e-3 never trigger a rebuild
  s.every = 1;
  s.check = true;
  return s;
}

}  // namespace

std::optional<std::string> check_forces_fd(ForceField& force_field, const System& system,
                                           double abs_tol) {
  Probe p{system, NeighborList(settings_for(force_field)), force_field};
  force_field.bind(p.system);
  p.list.build(p.system);
  force_field.compute(p.system, p.list, {false, false});
  const std::vector<double> fx(p.system.fx().begin(), p.system.fx().end());
  const std::vector<double> fy(p.system.fy().begin(), p.system.fy().end());
  const std::vector<double> fz(p.system.fz().begin(), p.system.fz().end());
  const std::size_t n = p.system.size();
  constexpr double kH = 1e-3, kRelTol = 1e-4;
  constexpr int kCandidates = 8, kNeeded = 3, kMaxFailures = kCandidates - kNeeded;
  std::string first_failure;
  int passed = 0, failed = 0;
  for (int c = 0; c < kCandidates && passed < kNeeded && failed <= kMaxFailures; ++c) {
    const std::size_t atom = n * static_cast<std::size_t>(c) / kCandidates;
    if (c > 0 && atom == n * static_cast<std::size_t>(c - 1) / kCandidates) continue;
    bool ok = true;
    for (int d = 0; d < 3 && ok; ++d) {
      const double f = (d == 0 ? fx : d == 1 ? fy : fz)[atom];
      const double tol = abs_tol + kRelTol * std::abs(f);
      double fd = p.finite_difference(atom, d, kH);
      if (std::abs(fd - f) <= tol) continue;
      fd = p.finite_difference(atom, d, kH / 10);
      if (std::abs(fd - f) <= tol) continue;
      ok = false;
      if (first_failure.empty()) {
        char line[256];
        std::snprintf(line, sizeof line,
                      "force check failed (%s): atom %zu %c: analytic %.8g vs finite difference "
                      "%.8g (tolerance %.2g)",
                      std::string(force_field.name()).c_str(), atom, "xyz"[d], f, fd, tol);
        first_failure = line;
      }
    }
    (ok ? passed : failed) += 1;
  }
  if (passed >= kNeeded || (failed == 0 && passed > 0)) return std::nullopt;
  return first_failure.empty() ? std::string("force check failed: no atom to check")
                               : first_failure;
}

}  // namespace mdb::bench
