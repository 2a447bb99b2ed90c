#pragma once
// Lennard-Jones 12-6 pair evaluator shared by the CPU loop and the CUDA kernel.
#include <cmath>
#include <type_traits>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Lennard-Jones 12-6 for one species pair, LAMMPS `lj/cut` semantics.
///   phi(r) = 4 eps [(sigma/r)^12 - (sigma/r)^6] - eshift      for r < rc, 0 beyond.
/// Units follow the caller (metal: eps in eV, sigma and rc in Angstrom). Real is the arithmetic
/// type (double by default; float for the mixed-precision path).
template <class Real>
struct LjPair {
  Real lj1;     ///< 48 eps sigma^12: force prefactor of r^-14
  Real lj2;     ///< 24 eps sigma^6 : force prefactor of r^-8
  Real lj3;     ///< 4 eps sigma^12 : energy prefactor of r^-12
  Real lj4;     ///< 4 eps sigma^6  : energy prefactor of r^-6
  Real rc2;     ///< cutoff squared; the caller tests r2 < rc2 before calling
  Real eshift;  ///< phi_unshifted(rc) when the potential is shifted, else 0

  /// -(1/r) dphi/dr, so that the force on i from j is f_over_r * (r_i - r_j). `R` is Real, or a
  /// SIMD vector of Real (GCC vector extensions: the CPU cluster kernels evaluate four or eight
  /// pairs at once with this very formula).
  template <class R = Real>
  MDB_HD R f_over_r(R r2) const {
    static_assert(std::is_same_v<R, Real> || !std::is_arithmetic_v<R>,
                  "pass r2 in the evaluator's arithmetic type");
    return f_over_r_from_inverse(R(1 / r2));
  }
  /// f_over_r given 1/r^2 (a SIMD kernel may compute the reciprocal its own way). Written as
  /// r^-8 (lj1 r^-6 - lj2) with r^-8 = (r^-4)^2 beside r^-6 = r^-4 r^-2: three multiplies deep
  /// after 1/r^2 instead of four, which the CPU cluster kernels, bound by latency, feel.
  template <class R = Real>
  MDB_HD R f_over_r_from_inverse(R r2inv) const {
    const R r4inv = r2inv * r2inv;
    const R r6inv = r4inv * r2inv;
    return (r4inv * r4inv) * (lj1 * r6inv - lj2);
  }

  /// phi(r) for r2 = r*r < rc2 (R as for f_over_r).
  template <class R = Real>
  MDB_HD R energy(R r2) const {
    static_assert(std::is_same_v<R, Real> || !std::is_arithmetic_v<R>,
                  "pass r2 in the evaluator's arithmetic type");
    return energy_from_inverse(R(1 / r2));
  }
  /// phi given 1/r^2.
  template <class R = Real>
  MDB_HD R energy_from_inverse(R r2inv) const {
    const R r6inv = r2inv * r2inv * r2inv;
    return r6inv * (lj3 * r6inv - lj4) - eshift;
  }
};

/// Builds the evaluator from epsilon, sigma and the cutoff; `shift` makes phi(rc) = 0.
template <class Real>
MDB_HD inline LjPair<Real> make_lj_pair(double epsilon, double sigma, double cutoff, bool shift) {
  const double s6 = sigma * sigma * sigma * sigma * sigma * sigma;
  const double s12 = s6 * s6;
  LjPair<Real> p{};
  p.lj1 = Real(48.0 * epsilon * s12);
  p.lj2 = Real(24.0 * epsilon * s6);
  p.lj3 = Real(4.0 * epsilon * s12);
  p.lj4 = Real(4.0 * epsilon * s6);
  p.rc2 = Real(cutoff * cutoff);
  p.eshift = Real(0);
  if (shift) {
    const double rc6inv = 1.0 / (cutoff * cutoff * cutoff * cutoff * cutoff * cutoff);
    p.eshift = Real(rc6inv * (4.0 * epsilon * s12 * rc6inv - 4.0 * epsilon * s6));
  }
  return p;
}

}  // namespace mdb
