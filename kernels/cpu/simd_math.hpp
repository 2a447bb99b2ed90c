#pragma once
// Elementary functions on eight floats for the mixed-precision pair kernels, written on GCC's
// vector extensions (simd_pack.hpp): e^-s, erfc and 1/sqrt. Why our own: glibc's vector
// functions take only plain loops under -ffast-math, and a cluster kernel's lanes are vectors
// already. Accuracy is float's (a few ulp), which is what the kernels' float pair arithmetic
// keeps anyway; tests/kernels/test_simd_math.cpp holds each to its bound against <cmath>.
#include <cstdint>

#include "kernels/cpu/simd_pack.hpp"

namespace mdb::simd {

/// Eight int32 lanes (the same type as a float mask).
using Int8 = Mask8;

/// e^-s for s >= 0, to about 2 ulp; s past 87 gives e^-87 (1.6e-38, float's smallest normal
/// range) instead of a denormal. Cody-Waite reduction s = n ln2 - r with |r| <= ln2 / 2, then
/// Cephes' expf polynomial for e^r and 2^-n from the exponent bits.
MDB_SIMD_INLINE Float8 exp_neg(Float8 s) {
  const Float8 y = s < 87.0f ? -s : Float8{} - 87.0f;  // y = -s in [-87, 0]
  // n = round(y / ln2); y <= 0, so truncating y / ln2 - 0.5 rounds it.
  const Int8 n = __builtin_convertvector(y * 1.44269504088896341f - 0.5f, Int8);
  const Float8 nf = __builtin_convertvector(n, Float8);
  const Float8 r = (y - nf * 0.693359375f) - nf * -2.12194440e-4f;  // y - n ln2, in two parts
  Float8 p = r * 1.9875691500e-4f + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  const Float8 er = p * (r * r) + r + 1.0f;
  const Int8 two_n = (n + 127) << 23;  // 2^n as float bits; n >= -126 by the clamp above
  return er * reinterpret_cast<Float8>(two_n);
}

/// erfc(x) for x >= 0 given e^-x^2 (the caller needs it for the force too): t e^-x^2 P(t) with
/// t = 1 / (1 + x / 2), P of degree 8 fitted to erfc's relative error on 0 <= x <= 4.5 (1.6e-8
/// in exact arithmetic; float rounding adds a few ulp). Past 4.5, erfc < 2e-10 and the relative
/// error grows slowly; the Ewald kernels use x = beta r <= beta rc (3.1 at GROMACS's ewald-rtol
/// of 1e-5, 4.1 at 1e-8).
MDB_SIMD_INLINE Float8 erfc_given_exp(Float8 x, Float8 exp_neg_x2) {
  const Float8 t = 1.0f / (1.0f + 0.5f * x);
  Float8 p = t * -0.046855601704920112f + 0.22171712810362176f;
  p = p * t + -0.34873406360573356f;
  p = p * t + 0.10779923677850484f;
  p = p * t + 0.10102736215201563f;
  p = p * t + 0.14301444652711892f;
  p = p * t + 0.26007036132529021f;
  p = p * t + 0.27969452928265237f;
  p = p * t + 0.28226658507927649f;
  return t * exp_neg_x2 * p;
}

/// 1 / sqrt(r2) for r2 > 0 (normal floats): the hardware estimate and one Newton step where the
/// target has one (AVX: 12 bits, then about 23), else the quotient.
MDB_SIMD_INLINE Float8 rsqrt(Float8 r2) {
#if defined(__AVX__)
  const Float8 y = __builtin_ia32_rsqrtps256(r2);
  return y * (1.5f - 0.5f * r2 * y * y);
#else
  Float8 out;
  for (int k = 0; k < 8; ++k) out[k] = 1.0f / __builtin_sqrtf(r2[k]);
  return out;
#endif
}

}  // namespace mdb::simd
