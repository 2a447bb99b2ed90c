#pragma once
// The real-space pair term of a charged Lennard-Jones model under Ewald summation (LAMMPS
// `lj/cut/coul/long`, GROMACS's Ewald real space with plain cut-off LJ), for the CPU loop and a
// CUDA kernel alike.
#include "kernels/common/ewald_terms.hpp"
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// The LJ part alone, given 1/r^2: f_over_r returned, energy in `energy`.
MDB_HD inline double lj_terms(double r2inv, double lj1, double lj2, double lj3, double lj4,
                              double& energy) {
  const double r6inv = r2inv * r2inv * r2inv;
  energy = r6inv * (lj3 * r6inv - lj4);
  return r6inv * (lj1 * r6inv - lj2) * r2inv;
}

/// The pair term on plain values: LJ from lj1..lj4 (as LjPair) plus ke qi qj erfc(beta r)/r
/// (qq = ke qi qj), at squared distance r2 inside the cut-off. Returns f_over_r and puts the
/// energy in `energy`. Written on scalars so that a loop over a row's pairs vectorises, with
/// glibc's vector erfc and exp under -ffast-math (kernels/cpu/pair_coul_long_loop.hpp).
MDB_HD inline double lj_coul_long_terms(double r2, double lj1, double lj2, double lj3, double lj4,
                                        double qq, double beta, double& energy) {
  const EwaldPairTerm coul = ewald_real_pair(qq, beta, r2);
  const double f_over_r = lj_terms(1.0 / r2, lj1, lj2, lj3, lj4, energy);
  energy += coul.energy;
  return f_over_r + coul.f_over_r;
}

/// One species pair: LJ 4 eps [(s/r)^12 - (s/r)^6] (lj1..lj4 as LjPair; zero for pairs without
/// LJ) plus the screened Coulomb ke qi qj erfc(beta r)/r (ewald_real_pair), both cut at rc,
/// unshifted. Double arithmetic: erfc's part cancels against the reciprocal sum's to leave the
/// energy, which float would not resolve.
struct LjCoulLongPair {
  double lj1 = 0.0;   ///< 48 eps sigma^12
  double lj2 = 0.0;   ///< 24 eps sigma^6
  double lj3 = 0.0;   ///< 4 eps sigma^12
  double lj4 = 0.0;   ///< 4 eps sigma^6
  double qq = 0.0;    ///< ke qi qj (eV Angstrom)
  double beta = 0.0;  ///< Ewald splitting parameter (1/Angstrom)
  double rc2 = 0.0;   ///< cut-off squared (Angstrom^2); the caller tests r2 < rc2

  /// -(1/r) dphi/dr (eV/Angstrom^2): the force on i from j is f_over_r (r_i - r_j).
  template <class R = double>
  MDB_HD R f_over_r(R r2) const {
    double e;
    return lj_coul_long_terms(r2, lj1, lj2, lj3, lj4, qq, beta, e);
  }

  /// phi(r) (eV) for r2 < rc2.
  template <class R = double>
  MDB_HD R energy(R r2) const {
    double e;
    lj_coul_long_terms(r2, lj1, lj2, lj3, lj4, qq, beta, e);
    return e;
  }

  /// What an excluded pair (same molecule) at distance^2 r2 needs added. The pair loop ran over
  /// every listed pair, so within rc it added phi(r); the reciprocal sum holds the pair's
  /// -erf part (ewald_excluded_pair removes it). Energy (eV) and f_over_r as above.
  MDB_HD EwaldPairTerm excluded(double r2) const {
    if (r2 < rc2) return excluded_within_cutoff(r2);
    return ewald_excluded_pair(qq, beta, r2);
  }
  /// excluded(r2) for r2 < rc2: the two corrections' erf and erfc add up to the bare Coulomb, so
  /// their sum is minus the bare pair, -(LJ + ke qi qj / r), with no erf, erfc or exp (three of
  /// each per water molecule).
  MDB_HD EwaldPairTerm excluded_within_cutoff(double r2) const {
    const double r2inv = 1.0 / r2;
    const double rinv = std::sqrt(r2inv);
    double lj_energy;
    const double lj_f_over_r = lj_terms(r2inv, lj1, lj2, lj3, lj4, lj_energy);
    return {-(lj_energy + qq * rinv), -(lj_f_over_r + qq * rinv * r2inv)};
  }
};

/// Builds the evaluator; eps (eV) and sigma (Angstrom) zero for a pair without LJ.
MDB_HD inline LjCoulLongPair make_lj_coul_long_pair(double epsilon, double sigma, double qq,
                                                    double beta, double cutoff) {
  const double s6 = sigma * sigma * sigma * sigma * sigma * sigma;
  LjCoulLongPair p;
  p.lj1 = 48.0 * epsilon * s6 * s6;
  p.lj2 = 24.0 * epsilon * s6;
  p.lj3 = 4.0 * epsilon * s6 * s6;
  p.lj4 = 4.0 * epsilon * s6;
  p.qq = qq;
  p.beta = beta;
  p.rc2 = cutoff * cutoff;
  return p;
}

}  // namespace mdb
