#pragma once
// A plain Ewald sum, converged far past what PME reaches (terms dropped below 1e-16 of the
// largest): the tests' reference for PME energies, forces and virials. Test-only, written for
// clarity, not speed: every image and every wave vector in turn. The cell is general (rows are
// the cell vectors, Angstrom), so a sheared cell's energy gives the off-diagonal virial by
// finite differences.
#include <array>
#include <utility>
#include <vector>

namespace mdb::testing {

using Cell = std::array<std::array<double, 3>, 3>;  ///< rows a, b, c (Angstrom)

inline Cell ortho_cell(double lx, double ly, double lz) {
  return {{{lx, 0.0, 0.0}, {0.0, ly, 0.0}, {0.0, 0.0, lz}}};
}

/// Point charges (e) at Cartesian positions (Angstrom).
struct Charges {
  std::vector<double> x, y, z, q;
  std::size_t size() const { return q.size(); }
};

/// An energy (eV), forces (eV/Angstrom) and virial (W_ab, xx yy zz xy xz yz, eV).
struct EwaldPart {
  double energy = 0.0;
  std::vector<double> fx, fy, fz;
  std::array<double, 6> virial{};
};

/// Reciprocal sum (ke/(2 pi V)) sum_{m != 0} exp(-pi^2 m^2/beta^2)/m^2 |S(m)|^2 over every wave
/// vector whose Gaussian exceeds exp(-42), its forces and Essmann's virial.
EwaldPart ewald_reciprocal_sum(const Cell& cell, const Charges& c, double beta, double ke);

/// Real-space sum of ke qi qj erfc(beta r)/r over pairs and images within 6.5/beta
/// (erfc(6.5) ~ 4e-20), its forces and virial sum r_a f_b; pairs in `excluded` (i < j) are left
/// out in their nearest image only (as a model's neighbour loop leaves out a molecule's pairs).
EwaldPart ewald_real_sum(const Cell& cell, const Charges& c, double beta, double ke,
                         const std::vector<std::pair<int, int>>& excluded = {});

/// -ke beta/sqrt(pi) sum q^2.
double ewald_self_sum(const Charges& c, double beta, double ke);

/// Rock salt: the conventional cubic cell of edge a (Angstrom), repeated reps times along each
/// axis, +1 e on one fcc lattice and -1 e on the other.
Charges rock_salt(double a, int reps);

/// n random charges in [0, L) (uniform in (-1, 1) e, shifted to sum to zero exactly), seeded.
Charges random_neutral_charges(int n, const std::array<double, 3>& lengths, unsigned seed);

}  // namespace mdb::testing
