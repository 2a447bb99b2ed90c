#pragma once
// EAM files on one grid, splined as LAMMPS's pair_style eam family does (file2array, then
// array2spline), so that energies and forces equal LAMMPS's to rounding.
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/eam_terms.hpp"
#include "model/eam_file.hpp"

namespace mdb {

/// The splined functions of an EAM potential over its elements (a setfl or fs file's elements,
/// or one per funcfl file), on one r grid and one rho grid. Every function is a table of rows of
/// kEamRowStride doubles (kernels/common/eam_terms.hpp), one row per knot.
struct EamTables {
  std::vector<std::string> elements;
  std::vector<double> masses;  ///< amu, per element, from the files
  int nrho = 0, nr = 0;
  double drho = 0.0, dr = 0.0;
  double rdrho = 0.0, rdr = 0.0;  ///< 1 / drho, 1 / dr
  double rhomax = 0.0;            ///< (nrho - 1) drho: F is extended linearly past it
  double cut = 0.0;               ///< cutoff, Angstrom (the largest funcfl file's)
  std::vector<double> frho;       ///< per element: F(rho), nrho rows
  std::vector<double> rhor;       ///< n_rhor functions of nr rows
  std::vector<double> z2r;        ///< n_z2r functions of nr rows: r phi(r)
  /// Which rhor function gives the density at an atom of element b due to one of element a:
  /// rho_index[a * N + b] (setfl and funcfl: a's own; fs: a's block, b-th function).
  std::vector<int> rho_index;
  /// Which z2r function a pair of elements a, b uses: z2r_index[a * N + b] (symmetric).
  std::vector<int> z2r_index;

  int n_elements() const { return static_cast<int>(elements.size()); }
  /// Element index of a name, or -1.
  int element(const std::string& name) const;

  const double* frho_table(int a) const {
    return frho.data() + static_cast<std::size_t>(a) * nrho * kEamRowStride;
  }
  /// The density at an atom of element b due to one of element a.
  const double* rho_table(int a, int b) const {
    return rhor.data() +
           static_cast<std::size_t>(rho_index[a * n_elements() + b]) * nr * kEamRowStride;
  }
  const double* z2r_table(int a, int b) const {
    return z2r.data() +
           static_cast<std::size_t>(z2r_index[a * n_elements() + b]) * nr * kEamRowStride;
  }
};

/// A setfl or fs file's tables as they are (its grid), splined; elements as in the file.
EamTables eam_tables(const EamFile& setfl_or_fs);

/// funcfl files, one per element named with it (several names may share a file), brought onto
/// one grid as LAMMPS's pair_style eam does: the largest dr and drho of the files, r and rho up
/// to the largest tabulated range, each file's tables resampled by 4-point Lagrange
/// interpolation, pair tables r phi = 27.2 * 0.529 Z_a(r) Z_b(r) (LAMMPS's Hartree-Bohr factor),
/// the cutoff the largest file's. Throws std::invalid_argument for a non-funcfl file or no file.
EamTables eam_tables(const std::vector<std::pair<std::string, EamFile>>& funcfl_by_element);

/// LAMMPS's PairEAM::interpolate: the 7 coefficients of each of the n rows of a table of n
/// values f spaced delta, from its own finite-difference slope estimates (one-sided at the ends,
/// second order next to them, fourth order inside); the last row is a constant. `rows` holds n
/// rows of kEamRowStride doubles.
void eam_spline(const double* f, int n, double delta, double* rows);

}  // namespace mdb
