#include "md/core/thermo.hpp"

#include <limits>

#include "md/core/units.hpp"

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

Thermo thermo_from_sums(long step, double dt, double kinetic, const double* sums,
                        const std::array<double, 3>& len, int atoms, double total_mass,
                        bool thermostat, const UnitSystem& units) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Thermo t;
  t.step = step;
  t.time = static_cast<double>(step) * dt;
  t.potential = sums[0];
  t.kinetic = kinetic;
  t.total = t.potential + t.kinetic;
  t.conserved = thermostat ? nan : t.total;
  t.temperature = temperature_of(kinetic, 3.0 * atoms - (thermostat ? 0.0 : 3.0), units);
  for (int c = 0; c < 6; ++c) t.virial[c] = sums[1 + c];
  t.volume = len[0] * len[1] * len[2];
  t.pressure = pressure_of(kinetic, t.virial, t.volume, units);
  t.number_density = static_cast<double>(atoms) / t.volume;
  t.mass_density = total_mass / t.volume * mass_density_unit(units);
  t.momentum = {nan, nan, nan};
  return t;
}

double pressure_of(double ke, const std::array<double, 6>& w, double volume,
                   const UnitSystem& units) {
  return (2.0 * ke + w[0] + w[1] + w[2]) / (3.0 * volume) * units.nktv2p;
}

}  // namespace mdb
