#pragma once
// GROMACS's units (nm, ps, amu, kJ/mol, K) against a case's own, for writing md_bench states as
// GROMACS inputs (bench/peers/gromacs_*).
#include <string>

#include "md/core/units.hpp"

namespace mdb::bench {

/// Boltzmann's constant as GROMACS 2022 uses it (kJ/mol/K: its BOLTZ, R / 1000).
inline constexpr double kGromacsBoltzmann = 0.0083144626181532;

/// How many GROMACS units one unit of a case's system is. Length, mass and time are the base;
/// energy follows from them through the unit system's mvv2e, so GROMACS integrates the very
/// equations of motion md_bench does (in GROMACS, 1 kJ/mol is 1 amu nm^2/ps^2).
struct GromacsUnits {
  double nm_per_length = 0.0;
  double amu_per_mass = 0.0;
  double ps_per_time = 0.0;
  double kj_mol_per_energy = 0.0;       ///< amu_per_mass nm_per_length^2 / (ps_per_time^2 mvv2e)
  double kelvin_per_temperature = 0.0;  ///< k_B (case units) kj_mol_per_energy / kGromacsBoltzmann

  double velocity() const { return nm_per_length / ps_per_time; }     ///< nm/ps per unit
  double force() const { return kj_mol_per_energy / nm_per_length; }  ///< kJ/mol/nm per unit
};

/// Metal units: Angstrom, amu, ps (1 eV = 96.485336 kJ/mol with LAMMPS's mvv2e). Reduced LJ
/// units (kLjUnits): GROMACS has none, so they become argon's (sigma 0.3405 nm, epsilon
/// 0.0104 eV, mass 39.948 amu; tau = sigma sqrt(m / epsilon) = 2.148 ps), the same numbers
/// md_bench reports lj-melt's times in. Throws std::invalid_argument for another unit system.
GromacsUnits gromacs_units(const UnitSystem& units);

/// v as md_bench writes numbers into GROMACS's input files (%.10g: ten significant digits, more
/// than GROMACS's float keeps, and short enough to read).
std::string gromacs_number(double v);

}  // namespace mdb::bench
