#pragma once
// Functions on eight floats (and, where the build has AVX-512, sixteen) for the mixed-precision
// pair kernels, written on GCC's vector extensions (simd_pack.hpp): the Ewald real-space factors
// and 1/sqrt. One definition for both widths: V is Float8 or Float16. Why our own: glibc's
// vector functions take only plain loops under -ffast-math, and a cluster kernel's lanes are
// vectors already. Accuracy is float's (a few ulp), which is what the kernels' float pair
// arithmetic keeps anyway; tests/kernels/test_simd_math.cpp holds each to its bound against
// <cmath>.
#include <cstdint>

#include "kernels/cpu/simd_avx512.hpp"
#include "kernels/cpu/simd_pack.hpp"

namespace mdb::simd {

/// p[0] + p[1] s + ... + p[N-1] s^(N-1) by Horner's rule.
template <class V, int N>
MDB_SIMD_INLINE V horner(V s, const float (&p)[N]) {
  V acc = V{} + p[N - 1];
  for (int k = N - 2; k >= 0; --k) acc = acc * s + p[k];
  return acc;
}

/// The Ewald real-space Coulomb without erfc or exp, GROMACS's way (its pmecorrF and pmecorrV):
/// with s = beta^2 r^2, erfc(beta r)/r = 1/r - beta G(s) and its -(1/r) d/dr is
/// 1/r^3 - beta^3 K(s), where
///   G(s) = erf(sqrt s)/sqrt s,   K(s) = erf(sqrt s)/s^(3/2) - (2/sqrt pi) e^-s / s,
/// both smooth in s. Each is a rational function fitted to its relative error on 0 <= s <= 25
/// (beta r <= 5: every pair inside the cut-off for ewald-rtol >= 1e-11): K as degree 6 over 6
/// (9.2e-8 in exact arithmetic), G as 6 over 5 (6.1e-8); float adds about 3e-7. The cancellation
/// against 1/r leaves an error of a few 1e-7 of the bare Coulomb term, as float's own rounding of
/// 1/r does. s is clamped at 25 (lanes beyond the cut-off, which the kernels mask).
inline constexpr float kEwaldKNum[7] = {0.75225270922349419f,    -0.0083704577975155618f,
                                        0.019879862679207945f,   0.00035498148566811139f,
                                        0.00011935778593150876f, 1.3487207760799627e-06f,
                                        -2.7185151213471315e-09f};
inline constexpr float kEwaldKDen[7] = {1.0f,
                                        0.58887046704516233f,
                                        0.16547589192043727f,
                                        0.029099460203138514f,
                                        0.0035435744900529568f,
                                        0.00029121549330598574f,
                                        2.0086045513436631e-05f};
/// s clamped at 25 (one instruction where the target has min).
MDB_SIMD_INLINE Float8 clamp25(Float8 s) {
#if defined(__AVX__)
  return __builtin_ia32_minps256(s, Float8{} + 25.0f);
#else
  return s < 25.0f ? s : Float8{} + 25.0f;
#endif
}
#if defined(__AVX512F__)
MDB_SIMD_INLINE Float16 clamp25(Float16 s) {
  return from_m512(_mm512_maskz_min_ps(kAll16, to_m512(s), _mm512_set1_ps(25.0f)));
}
#endif
/// K(s) with its numerator's coefficients `num` (kEwaldKNum times a constant c: c K(s)).
template <class V>
MDB_SIMD_INLINE V ewald_k_scaled(V s, const float (&num)[7]) {
  const V c = clamp25(s);
  return horner(c, num) / horner(c, kEwaldKDen);
}
template <class V>
MDB_SIMD_INLINE V ewald_k(V s) {
  return ewald_k_scaled(s, kEwaldKNum);
}
template <class V>
MDB_SIMD_INLINE V ewald_g(V s) {
  static constexpr float kP[7] = {1.1283791512141212f,     0.1910355962437279f,
                                  0.054652396293265952f,   0.0040291704482234387f,
                                  0.00036486972967354845f, 4.1636175317268792e-06f,
                                  -1.0960932439463278e-08f};
  static constexpr float kQ[6] = {1.0f,
                                  0.50263382793807876f,
                                  0.11598083886443013f,
                                  0.015774000807865531f,
                                  0.0013239632201447961f,
                                  5.8158195733856201e-05f};
  const V c = clamp25(s);
  return horner(c, kP) / horner(c, kQ);
}

/// The largest beta r the fits of ewald_k and ewald_g hold for.
inline constexpr double kEwaldFitMaxBetaR = 5.0;

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
#if defined(__AVX512F__)
/// The same on sixteen lanes: AVX-512's estimate (14 bits) and one Newton step.
MDB_SIMD_INLINE Float16 rsqrt(Float16 r2) {
  const Float16 y = from_m512(_mm512_maskz_rsqrt14_ps(kAll16, to_m512(r2)));
  return y * (1.5f - 0.5f * r2 * y * y);
}
#endif

}  // namespace mdb::simd
