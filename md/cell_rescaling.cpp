#include "md/cell_rescaling.hpp"

#include <cmath>
#include <stdexcept>

#include "md/thermo.hpp"

namespace mdb {

StochasticCellRescaling::StochasticCellRescaling(const BarostatSettings& s)
    : settings_(s), rng_(s.seed) {
  if (!std::isfinite(s.pressure)) {
    throw std::invalid_argument("StochasticCellRescaling: target pressure must be finite");
  }
  if (!(s.tau > 0.0) || !std::isfinite(s.tau)) {
    throw std::invalid_argument("StochasticCellRescaling: tau must be > 0");
  }
  if (!(s.compressibility > 0.0) || !std::isfinite(s.compressibility)) {
    throw std::invalid_argument("StochasticCellRescaling: compressibility must be > 0");
  }
}

double StochasticCellRescaling::apply(System& s, const std::array<double, 6>& w, double temperature,
                                      double dt) {
  const UnitSystem& u = s.units();
  const double volume = s.box().volume();
  const double ke = kinetic_energy(s);
  // Work in energy/volume internally: pressures / nktv2p, compressibility * nktv2p.
  const double p_int = (2.0 * ke + w[0] + w[1] + w[2]) / (3.0 * volume);
  const double p0 = settings_.pressure / u.nktv2p;
  const double beta = settings_.compressibility * u.nktv2p;
  const double kt = u.boltzmann * temperature;
  const double rate = beta / settings_.tau;
  const double deps = -rate * (p0 - p_int - kt / volume) * dt +
                      std::sqrt(2.0 * kt * rate * dt / volume) * rng_.normal();
  const double lambda = std::exp(deps / 3.0);

  const auto& lo = s.box().lo();
  auto x = s.x(), y = s.y(), z = s.z();
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const double inv = 1.0 / lambda;
  for (std::size_t i = 0; i < s.size(); ++i) {
    x[i] = lo[0] + (x[i] - lo[0]) * lambda;
    y[i] = lo[1] + (y[i] - lo[1]) * lambda;
    z[i] = lo[2] + (z[i] - lo[2]) * lambda;
    vx[i] *= inv;
    vy[i] *= inv;
    vz[i] *= inv;
  }
  s.box().scale(lambda, lambda, lambda);
  const double d_ke = ke * (inv * inv - 1.0);
  const double d_pe = -(w[0] + w[1] + w[2]) / 3.0 * deps;
  const double d_pv = p0 * (s.box().volume() - volume);
  return d_ke + d_pe + d_pv;
}

}  // namespace mdb
