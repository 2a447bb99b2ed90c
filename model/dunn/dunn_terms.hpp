#pragma once
// The per-pair pieces of the DUNN descriptor (docs/MODELS.md, "DUNN"): the cosine cutoff and
// the two-body symmetry functions with their radial derivatives. Plain values in, plain values
// out, so the CPU loops and a future device kernel share them. Lengths in Angstrom.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

inline constexpr double kDunnPi = 3.14159265358979323846;

/// A value and its derivative with respect to r.
struct DunnRadial {
  double value, d_dr;
};

/// f_c(r) = 0.5 (cos(pi r / r_c) + 1) for r < r_c, else 0, and f_c'(r). Branch-free, so a loop
/// over many r vectorises; sin x is taken as cos(x - pi/2) because GCC fuses sin and cos of one
/// argument into a sincos call that it does not vectorise (two vector cos calls are 5x faster
/// than the scalar sincos, and as accurate: the shift costs at most an ulp of pi/2).
MDB_HD inline DunnRadial dunn_cutoff(double r, double rc) {
  const bool on = r < rc;
  const double x = kDunnPi * r / rc;
  const double c = std::cos(x), s = std::cos(x - 0.5 * kDunnPi);
  return {on ? 0.5 * (c + 1.0) : 0.0, on ? -0.5 * kDunnPi / rc * s : 0.0};
}

/// G2 term of one neighbour: exp(-eta (r - rs)^2) f_c(r); fc = {f_c(r), f_c'(r)}.
MDB_HD inline DunnRadial dunn_g2(double eta, double rs, double r, DunnRadial fc) {
  const double d = r - rs;
  const double e = std::exp(-eta * d * d);
  return {e * fc.value, e * (fc.d_dr - 2.0 * eta * d * fc.value)};
}

/// G3 term of one neighbour: cos(kappa r) f_c(r).
MDB_HD inline DunnRadial dunn_g3(double kappa, double r, DunnRadial fc) {
  const double c = std::cos(kappa * r), s = std::sin(kappa * r);
  return {c * fc.value, c * fc.d_dr - kappa * s * fc.value};
}

/// (1 + lambda cos)^zeta and its derivative with respect to cos, 0 where the base is <= 0 (the
/// driver's guard against lambda = -1, cos = 1), for any zeta.
MDB_HD inline DunnRadial dunn_angular(double lambda, double zeta, double cos_t) {
  const double base = 1.0 + lambda * cos_t;
  if (!(base > 0.0)) return {0.0, 0.0};
  const double below = std::pow(base, zeta - 1.0);  // base^(zeta - 1)
  return {below * base, zeta * below * lambda};
}

/// b^N by squaring, unrolled at compile time.
template <int N>
MDB_HD inline double dunn_ipow(double b) {
  if constexpr (N == 0) {
    return 1.0;
  } else if constexpr (N % 2 == 0) {
    const double h = dunn_ipow<N / 2>(b);
    return h * h;
  } else {
    return dunn_ipow<N - 1>(b) * b;
  }
}

/// dunn_angular for an integer zeta = N >= 1 (exact powers, and a loop over triplets that
/// vectorises: no call, no branch).
template <int N>
MDB_HD inline DunnRadial dunn_angular_int(double lambda, double cos_t) {
  const double base = 1.0 + lambda * cos_t;
  const bool on = base > 0.0;
  const double below = dunn_ipow<N - 1>(on ? base : 0.0);
  return {on ? below * base : 0.0, on ? N * below * lambda : 0.0};
}

}  // namespace mdb
