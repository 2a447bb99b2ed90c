#include "md/thermo.hpp"

#include "md/units.hpp"

namespace mdb {

double kinetic_energy(const System& s) {
  const auto m = s.mass();
  const auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  double sum = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    sum += m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
  }
  return 0.5 * sum * s.units().mvv2e;
}

double temperature_of(double ke, double dof, const UnitSystem& units) {
  return dof > 0.0 ? 2.0 * ke / (dof * units.boltzmann) : 0.0;
}

double mass_density_unit(const UnitSystem& units) {
  return units.name == kMetalUnits.name ? kAmuPerA3ToGPerCm3 : 1.0;
}

double pressure_of(double ke, const std::array<double, 6>& w, double volume,
                   const UnitSystem& units) {
  return (2.0 * ke + w[0] + w[1] + w[2]) / (3.0 * volume) * units.nktv2p;
}

}  // namespace mdb
