#pragma once
// Parameters of a flexible three-site water model (SPC/Fw by default) in metal units.
#include <string>

#include "model/pme/pme_params.hpp"

namespace mdb {

/// A flexible 3-site water: point charges on O and H, LJ between oxygens only, harmonic O-H
/// bonds and H-O-H angles, every pair inside a molecule excluded from LJ and Coulomb (LAMMPS
/// `special_bonds lj/coul 0 0 0`), Coulomb by Ewald summation (real space erfc within the
/// cut-off, reciprocal space by smooth PME).
struct WaterParams {
  std::string oxygen = "O";  ///< species names the model binds to
  std::string hydrogen = "H";
  double charge_o = 0.0;      ///< e
  double charge_h = 0.0;      ///< e
  double epsilon_oo = 0.0;    ///< O-O LJ well depth (eV)
  double sigma_oo = 0.0;      ///< O-O LJ diameter (Angstrom)
  double bond_k = 0.0;        ///< eV/Angstrom^2 in E = k/2 (r - r0)^2
  double bond_r0 = 0.0;       ///< Angstrom
  double angle_k = 0.0;       ///< eV/rad^2 in E = k/2 (theta - theta0)^2
  double angle_theta0 = 0.0;  ///< degrees
  double cutoff = 0.0;        ///< LJ and real-space Coulomb cut-off (Angstrom), unshifted
  /// Ewald settings as GROMACS's mdp names them (ewald-rtol, fourier-spacing, pme-order); their
  /// cutoff is `cutoff`. beta and the grid follow from them and the box at bind().
  PmeSettings ewald;

  /// SPC/Fw (Wu, Tepper & Voth, J. Chem. Phys. 124, 024503 (2006)) converted from kcal/mol:
  /// q_O -0.82 e, q_H 0.41 e, sigma_OO 3.165492 Angstrom, eps_OO 0.1554253 kcal/mol,
  /// k_b 1059.162 kcal/mol/Angstrom^2, r0 1.012 Angstrom, k_theta 75.90 kcal/mol/rad^2,
  /// theta0 113.24 degrees; cut-off 10 Angstrom (GROMACS's default 1 nm) and GROMACS's PME
  /// defaults (ewald-rtol 1e-5, fourier-spacing 0.12 nm, pme-order 4).
  static WaterParams spc_fw();
};

/// Throws std::invalid_argument, naming the parameter, unless every value is finite and in
/// range (charges of opposite sign with q_O + 2 q_H = 0, positive LJ, bond and angle constants,
/// 0 < theta0 < 180, a cut-off > 0) and the PME settings are valid.
void check_water_params(const WaterParams& params);

}  // namespace mdb
