#pragma once
// Unit systems. The engine works in LAMMPS "metal" units unless a case asks for reduced LJ units.
#include <string_view>

namespace mdb {

/// Conversion constants of a unit system, with LAMMPS's names and values so numbers compare
/// one to one with LAMMPS output.
///   metal: length Angstrom, energy eV, time ps, mass amu (g/mol), temperature K, pressure bar.
///   lj:    reduced units (sigma, epsilon, tau, m = 1, k_B = 1); every factor is 1.
struct UnitSystem {
  std::string_view name;
  double boltzmann;  ///< k_B in energy/temperature (eV/K in metal)
  double mvv2e;      ///< mass * velocity^2 -> energy (amu A^2/ps^2 -> eV)
  double ftm2v;      ///< force / mass * time -> velocity ((eV/A)/amu * ps -> A/ps); 1 / mvv2e
  double nktv2p;     ///< energy / volume -> pressure (eV/A^3 -> bar)
};

inline constexpr UnitSystem kMetalUnits{"metal", 8.617343e-5, 1.0364269e-4, 1.0 / 1.0364269e-4,
                                        1.6021765e6};
inline constexpr UnitSystem kLjUnits{"lj", 1.0, 1.0, 1.0, 1.0};

/// Coulomb's constant in metal units, e^2/(4 pi eps0) = 14.399645 eV*Angstrom/e^2: LAMMPS's qqr2e
/// for `units metal`, so electrostatic energies compare one to one with LAMMPS.
inline constexpr double kCoulombMetal = 14.399645;
/// kcal/mol -> eV (4.184 kJ/mol per kcal/mol over 96.485332 kJ/mol per eV): force fields
/// published in kcal/mol (SPC/Fw) convert with it.
inline constexpr double kEvPerKcalMol = 0.0433641043;

/// amu/A^3 -> g/cm^3 (for mass densities in metal units).
inline constexpr double kAmuPerA3ToGPerCm3 = 1.66053906660;

}  // namespace mdb
