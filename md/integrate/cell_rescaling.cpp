#include "md/integrate/cell_rescaling.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "kernels/common/cell_rescaling_terms.hpp"
#include "md/core/thermo.hpp"

namespace mdb {

void check_barostat(const BarostatSettings& s, const char* who) {
  auto fail = [who](const char* what) {
    throw std::invalid_argument(std::string(who) + ": " + what);
  };
  if (!std::isfinite(s.pressure)) fail("barostat pressure must be finite");
  if (!(s.tau > 0.0) || !std::isfinite(s.tau)) fail("barostat tau must be > 0");
  if (!(s.compressibility > 0.0) || !std::isfinite(s.compressibility)) {
    fail("barostat compressibility must be > 0");
  }
}

StochasticCellRescaling::StochasticCellRescaling(const BarostatSettings& s)
    : settings_(s), rng_(s.seed) {
  check_barostat(s, "StochasticCellRescaling");
}

double cell_rescaling_potential_change(const std::array<double, 6>& virial_before,
                                       const std::array<double, 6>& virial_after, double deps) {
  const double trace_before = virial_before[0] + virial_before[1] + virial_before[2];
  const double trace_after = virial_after[0] + virial_after[1] + virial_after[2];
  return -(trace_before + trace_after) / 6.0 * deps;
}

CellRescalingWork StochasticCellRescaling::apply(System& s, const std::array<double, 6>& w,
                                                 double temperature, double dt) {
  const UnitSystem& u = s.units();
  const double volume = s.box().volume();
  const double ke = kinetic_energy(s);
  // Work in energy/volume internally: pressures / nktv2p, compressibility * nktv2p.
  const CellRescalingCoupling coupling{settings_.pressure / u.nktv2p,
                                       settings_.compressibility * u.nktv2p, settings_.tau};
  const double p0 = coupling.p0;
  const CellRescalingMove move = cell_rescaling_move(ke, w[0], w[1], w[2], volume, coupling,
                                                     u.boltzmann * temperature, dt, rng_.normal());
  const double deps = move.deps;
  const double lambda = move.lambda;

  const auto& lo = s.box().lo();
  auto x = s.x(), y = s.y(), z = s.z();
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const double inv = 1.0 / lambda;
  for (std::size_t i = 0; i < s.size(); ++i) {
    x[i] = scale_about(lo[0], x[i], lambda);
    y[i] = scale_about(lo[1], y[i], lambda);
    z[i] = scale_about(lo[2], z[i], lambda);
    vx[i] *= inv;
    vy[i] *= inv;
    vz[i] *= inv;
  }
  s.box().scale(lambda, lambda, lambda);
  const double d_ke = ke * (inv * inv - 1.0);
  const double d_pv = p0 * (s.box().volume() - volume);
  return {d_ke + d_pv, deps};
}

}  // namespace mdb
