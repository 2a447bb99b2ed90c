#pragma once
// What a smooth PME needs (splitting parameter, grid, spline order), either given outright or
// chosen from GROMACS's mdp settings the way grompp chooses them, and the checks on both.
#include <array>

#include "md/core/box.hpp"
#include "md/core/units.hpp"
#include "model/pme/fft_r2c_3d.hpp"

namespace mdb {

/// The parameters of one reciprocal-space PME (metal units).
struct PmeParams {
  /// The real-space cutoff (Angstrom) paired with beta: the accuracy erfc(beta cutoff) the grid
  /// must be able to match (check_pme_reach); PME itself sums no pairs.
  double cutoff = 0.0;
  double beta = 0.0;                        ///< Ewald splitting parameter (1/Angstrom)
  std::array<int, 3> grid{};                ///< grid points along x, y, z
  int order = 4;                            ///< B-spline order p, 3..8 (GROMACS pme-order)
  double coulomb_constant = kCoulombMetal;  ///< ke (eV*Angstrom/e^2)
  FftPlanning fft_planning = FftPlanning::Measure;
};

/// GROMACS's mdp settings for PME electrostatics, in Angstrom, with GROMACS's defaults.
struct PmeSettings {
  double cutoff = 0.0;           ///< rcoulomb (Angstrom)
  double ewald_rtol = 1e-5;      ///< ewald-rtol: erfc(beta cutoff)
  double fourier_spacing = 1.2;  ///< fourier-spacing (Angstrom): the largest grid spacing
  int order = 4;                 ///< pme-order
};

/// Parameters as grompp derives them for `box`: beta from erfc(beta cutoff) = ewald_rtol
/// (ewald_beta_for_rtol), per axis the smallest grid GROMACS allows with spacing <= about
/// fourier_spacing and >= 2 (order - 1) points (pme_grid_size_for_spacing). Throws
/// std::invalid_argument for a setting out of range or a grid that cannot reach ewald_rtol
/// (check_pme_reach).
PmeParams pme_params_from_settings(const PmeSettings& settings, const Box& box);

/// Throws std::invalid_argument, naming the parameter and its value, unless cutoff, beta and
/// coulomb_constant are finite and > 0, order is 3..8 and every grid size is at least
/// 2 (order - 1) (GROMACS's smallest PME grid) and the grid at most 2^31 points.
void check_pme_params(const PmeParams& params);

/// The fewest grid points an axis of `length` (Angstrom) needs so that the grid holds every wave
/// vector a plain Ewald sum with this beta needs to match the real-space cutoff's accuracy:
/// both truncation errors fall as exp(-s^2) (Kolafa & Perram, Mol. Simul. 9, 351 (1992)), with
/// s = beta cutoff in real space and s = pi m_max/beta in reciprocal space, so the grid's
/// highest wave number K/(2 L) must reach beta^2 cutoff/pi: K >= 2 L beta^2 cutoff / pi.
/// Necessary, not sufficient: the interpolation error of order p comes on top.
double pme_min_grid_points(double length, double beta, double cutoff);

/// Throws std::invalid_argument when an axis of `box` has fewer grid points than
/// pme_min_grid_points: no spline order can then reach the accuracy the cutoff and beta ask for.
void check_pme_reach(const PmeParams& params, const Box& box);

}  // namespace mdb
