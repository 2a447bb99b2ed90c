#pragma once
// Embedded-atom method terms on LAMMPS's spline tables (`pair_style eam`, `eam/alloy`, `eam/fs`),
// shared by the CPU loop (model/eam.cpp) and any future kernel: no allocation, no exception.
//
//   E = sum_i F_i(rho_i) + sum_{i<j} phi_ij(r_ij),   rho_i = sum_{j != i} rho_{j->i}(r_ij)
//
// with F in eV, rho in the file's density units, phi in eV, r in Angstrom. The pair term is
// tabulated as z2(r) = r phi(r) (eV Angstrom). Each tabulated function is a cubic per grid
// interval, a row of 7 coefficients c[0..6] in LAMMPS's layout:
//   value      v(p) = ((c3 p + c4) p + c5) p + c6
//   derivative v'(p) = (c0 p + c1) p + c2      (per unit of the tabulated variable)
// where p in [0, 1] is the fraction of the interval.
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Doubles per spline row: LAMMPS's 7 coefficients and one pad, so that a row is one 64-byte
/// cache line when the table starts on one.
inline constexpr int kEamRowStride = 8;

/// Where a value falls on a table: the 0-based row and the fraction of its interval.
struct EamKnot {
  int row;
  double p;
};

/// The row and fraction of r (Angstrom) on a grid of nr knots spaced 1 / rdr, exactly as
/// LAMMPS computes them (p = r rdr + 1, its 1-based row m = min(int(p), nr - 1), p -= m,
/// p = min(p, 1)): a distance past the last knot reads the last knot's value.
MDB_HD inline EamKnot eam_r_knot(double r, double rdr, int nr) {
  double p = r * rdr + 1.0;
  int m = static_cast<int>(p);
  m = m < nr - 1 ? m : nr - 1;
  p -= m;
  p = p < 1.0 ? p : 1.0;
  return {m - 1, p};
}

/// The same for a density rho on a grid of nrho knots spaced 1 / rdrho, with LAMMPS's lower clamp
/// of the row (m >= 1): a density below the first knot extrapolates the first interval's cubic.
MDB_HD inline EamKnot eam_rho_knot(double rho, double rdrho, int nrho) {
  double p = rho * rdrho + 1.0;
  int m = static_cast<int>(p);
  m = m < nrho - 1 ? m : nrho - 1;
  m = m > 1 ? m : 1;
  p -= m;
  p = p < 1.0 ? p : 1.0;
  return {m - 1, p};
}

/// The tabulated value in a row at fraction p.
MDB_HD inline double eam_value(const double* c, double p) {
  return ((c[3] * p + c[4]) * p + c[5]) * p + c[6];
}

/// The tabulated function's derivative in a row at fraction p.
MDB_HD inline double eam_derivative(const double* c, double p) {
  return (c[0] * p + c[1]) * p + c[2];
}

/// One species' density and pair term fused into one row of kEamRowStride doubles: rho's value
/// coefficients c3..c6, then z2's, so that a pair reads one cache line (Al's whole table then
/// fits in L1). The derivative comes from the value coefficients as LAMMPS defines its own
/// (c0 = 3 c3 / delta, c1 = 2 c4 / delta, c2 = c5 / delta): equal up to rounding.
MDB_HD inline double eam_fused_value(const double* c, double p) {
  return ((c[0] * p + c[1]) * p + c[2]) * p + c[3];
}
MDB_HD inline double eam_fused_derivative(const double* c, double p, double rdr) {
  return ((3.0 * c[0] * p + 2.0 * c[1]) * p + c[2]) * rdr;
}

/// The embedding energy F(rho) (eV) and F'(rho) of one atom from its row of the F table. Past the
/// table's last knot (rho > rhomax) LAMMPS adds F'(rhomax) (rho - rhomax) to the energy, so that
/// the energy stays the integral of the force.
struct EamEmbedding {
  double energy;
  double derivative;  ///< dF/drho, eV per density unit
};
MDB_HD inline EamEmbedding eam_embedding(const double* frho_table, double rho, double rdrho,
                                         int nrho, double rhomax) {
  const EamKnot k = eam_rho_knot(rho, rdrho, nrho);
  const double* c = frho_table + k.row * kEamRowStride;
  const double fp = eam_derivative(c, k.p);
  double f = eam_value(c, k.p);
  if (rho > rhomax) f += fp * (rho - rhomax);
  return {f, fp};
}

/// The pair's energy phi = z2 / r (eV) and f_over_r = -(dE/dr) / r, so that the force on i is
/// f_over_r (r_i - r_j) and on j its opposite. dE/dr = F'_i rho'_{j->i} + F'_j rho'_{i->j} +
/// phi', with phi' = (z2' - phi) / r. Arguments: z2 and z2' from the pair's z2 row, the two
/// density derivatives from their rows, both atoms' F', and 1 / r.
struct EamPairTerm {
  double energy;
  double f_over_r;
};
MDB_HD inline EamPairTerm eam_pair_term(double z2, double z2p, double rho_ji_p, double rho_ij_p,
                                        double fp_i, double fp_j, double recip) {
  const double phi = z2 * recip;
  const double phip = z2p * recip - phi * recip;
  const double psip = fp_i * rho_ji_p + fp_j * rho_ij_p + phip;
  return {phi, -psip * recip};
}

}  // namespace mdb
