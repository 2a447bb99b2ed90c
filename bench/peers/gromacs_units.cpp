#include "bench/peers/gromacs_units.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"

namespace mdb::bench {
namespace {

constexpr double kNmPerAngstrom = 0.1;

GromacsUnits from_base(const UnitSystem& units, double nm, double amu, double ps) {
  GromacsUnits g;
  g.nm_per_length = nm;
  g.amu_per_mass = amu;
  g.ps_per_time = ps;
  g.kj_mol_per_energy = amu * nm * nm / (ps * ps * units.mvv2e);
  g.kelvin_per_temperature = units.boltzmann * g.kj_mol_per_energy / kGromacsBoltzmann;
  return g;
}

}  // namespace

GromacsUnits gromacs_units(const UnitSystem& units) {
  if (units.name == kMetalUnits.name) return from_base(units, kNmPerAngstrom, 1.0, 1.0);
  if (units.name == kLjUnits.name) {
    // Argon's epsilon in amu A^2/ps^2 (metal units' mvv2e), so tau comes out in ps.
    const LjSpecies argon = LjParams::argon().species.front();
    const double epsilon = argon.epsilon / kMetalUnits.mvv2e;
    const double tau_ps = argon.sigma * std::sqrt(kArgonMass / epsilon);
    return from_base(units, argon.sigma * kNmPerAngstrom, kArgonMass, tau_ps);
  }
  throw std::invalid_argument("GROMACS inputs: no conversion from unit system '" +
                              std::string(units.name) + "' to GROMACS's");
}

std::string gromacs_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace mdb::bench
