#pragma once
// Observables: kinetic energy, temperature, pressure, density.
#include <array>

#include "md/core/system.hpp"

namespace mdb {

/// Kinetic energy sum_i m_i v_i^2 / 2 (eV in metal units).
double kinetic_energy(const System& system);
/// Kinetic temperature 2 KE / (dof k_B) (K in metal units).
double temperature_of(double kinetic_energy, double dof, const UnitSystem& units);
/// Pressure (2 KE + W_xx + W_yy + W_zz) / (3 V), converted to bar in metal units. `virial` is the
/// force field's W in LAMMPS order xx yy zz xy xz yz (eV).
double pressure_of(double kinetic_energy, const std::array<double, 6>& virial, double volume,
                   const UnitSystem& units);

/// Mass density per (mass / volume) of `units`: g/cm^3 per amu/A^3 in metal units, 1 in LJ units
/// (where mass density is reported as mass / volume).
double mass_density_unit(const UnitSystem& units);

/// One line of thermodynamic output, from either engine. Energies in eV, T in K, P in bar, V in A^3
/// (metal units).
struct Thermo {
  long step = 0;
  double time = 0.0;                 ///< ps
  double kinetic = 0.0;              ///< KE
  double potential = 0.0;            ///< PE
  double total = 0.0;                ///< KE + PE
  double conserved = 0.0;            ///< the integrator's conserved quantity
  double temperature = 0.0;          ///< kinetic temperature with the integrator's dof
  double pressure = 0.0;             ///< virial + kinetic
  double volume = 0.0;               ///< box volume
  double number_density = 0.0;       ///< atoms per volume
  double mass_density = 0.0;         ///< g/cm^3 in metal units, mass/volume in LJ units
  std::array<double, 3> momentum{};  ///< total momentum (amu A/ps); NaN where not computed
  std::array<double, 6> virial{};    ///< W_ab = sum r_a f_b, xx yy zz xy xz yz (energy)
};

/// A replica's thermo line from what an engine sums on the device: `sums` = energy then the
/// virial (7 values), the box lengths, the atom count and total mass. The temperature counts
/// 3N - 3 degrees of freedom under NVE (momentum conserved) and 3N under a thermostat; the
/// conserved quantity is the total energy under NVE and NaN otherwise (the bath's heat is not
/// tracked there), the momentum NaN (not summed).
Thermo thermo_from_sums(long step, double dt, double kinetic, const double* sums,
                        const std::array<double, 3>& box_lengths, int atoms, double total_mass,
                        bool thermostat, const UnitSystem& units);

}  // namespace mdb
