#pragma once
// Sixteen-lane values for the AVX-512 pair kernel (kernels/cpu/pair_cluster_mixed_4x4_loop.hpp)
// and eight-lane doubles for the double kernel on 2 x 4 rows (pair_cluster_mixed_loop.hpp): the
// arithmetic in GCC's vector extensions as in simd_pack.hpp, and the few steps where those
// compile badly taken as intrinsics. Why intrinsics there: a widening shuffle of four floats to
// sixteen goes through the stack (a store-forwarding stall that made the row five times slower),
// and a 16-bit row mask becomes a mask register in one instruction only through them. Only built
// where the compiler targets AVX-512 (kHas512).
#include <cstdint>

#include "kernels/cpu/simd_pack.hpp"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace mdb::simd {

/// Whether this build's kernels may use 512-bit vectors (-march names AVX-512).
#if defined(__AVX512F__)
inline constexpr bool kHas512 = true;
#else
inline constexpr bool kHas512 = false;
#endif

#if defined(__AVX512F__)
/// Sixteen floats: an i-cluster's four atoms against a j-cluster's four, lane 4 a + b.
using Float16 = float __attribute__((vector_size(64)));
/// Lane k set when bit k is.
using Mask16 = __mmask16;
/// Every lane. The zero-masked forms of intrinsics are used with it: GCC 12's unmasked ones
/// start from an undefined vector that -Wuninitialized reports.
inline constexpr Mask16 kAll16 = 0xffff;

MDB_SIMD_INLINE Float16 from_m512(__m512 v) {
  return reinterpret_cast<Float16>(v);
}
MDB_SIMD_INLINE __m512 to_m512(Float16 v) {
  return reinterpret_cast<__m512>(v);
}

/// p[0..3] in each group of four lanes (a j-cluster against every i-atom).
MDB_SIMD_INLINE Float16 repeat4(const float* p) {
  return from_m512(_mm512_maskz_broadcast_f32x4(kAll16, _mm_loadu_ps(p)));
}
/// p[a] in lanes 4 a .. 4 a + 3 (each i-atom against the whole j-cluster).
MDB_SIMD_INLINE Float16 spread4(const float* p) {
  const __m512i index = _mm512_set_epi32(3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0);
  return from_m512(
      _mm512_maskz_permutexvar_ps(kAll16, index, _mm512_castps128_ps512(_mm_loadu_ps(p))));
}
MDB_SIMD_INLINE Mask16 mask16(unsigned bits) {
  return _cvtu32_mask16(bits);
}
/// `on` where m is set, `off` elsewhere.
MDB_SIMD_INLINE Float16 select(Mask16 m, Float16 off, Float16 on) {
  return from_m512(_mm512_mask_blend_ps(m, to_m512(off), to_m512(on)));
}
/// v where m is set, +0.0 elsewhere.
MDB_SIMD_INLINE Float16 keep(Mask16 m, Float16 v) {
  return from_m512(_mm512_maskz_mov_ps(m, to_m512(v)));
}
/// The lanes of m where a < b.
MDB_SIMD_INLINE Mask16 less(Mask16 m, Float16 a, Float16 b) {
  return _mm512_mask_cmp_ps_mask(m, to_m512(a), to_m512(b), _CMP_LT_OQ);
}
/// Lanes 4 l .. 4 l + 3 summed in double.
MDB_SIMD_INLINE double sum_quarter(Float16 v, int l) {
  return (static_cast<double>(v[4 * l]) + static_cast<double>(v[4 * l + 1])) +
         (static_cast<double>(v[4 * l + 2]) + static_cast<double>(v[4 * l + 3]));
}

/// Eight doubles: two i-atoms against a j-cluster in double (the 2 x 4 rows of the `cpu`
/// kernel where the CPU gains from them, double_row_choice.hpp), lane 4 a + b.
using Double8 = double __attribute__((vector_size(64)));
/// Lane k set when bit k is.
using Mask8Bits = __mmask8;
inline constexpr Mask8Bits kAll8 = 0xff;

MDB_SIMD_INLINE Double8 from_m512d(__m512d v) {
  return reinterpret_cast<Double8>(v);
}
MDB_SIMD_INLINE __m512d to_m512d(Double8 v) {
  return reinterpret_cast<__m512d>(v);
}
MDB_SIMD_INLINE Mask8Bits mask8(unsigned bits) {
  return _cvtu32_mask8(bits);
}
/// `on` where m is set, `off` elsewhere.
MDB_SIMD_INLINE Double8 select(Mask8Bits m, Double8 off, Double8 on) {
  return from_m512d(_mm512_mask_blend_pd(m, to_m512d(off), to_m512d(on)));
}
/// v where m is set, +0.0 elsewhere.
MDB_SIMD_INLINE Double8 keep(Mask8Bits m, Double8 v) {
  return from_m512d(_mm512_maskz_mov_pd(m, to_m512d(v)));
}
/// The lanes of m where a < b.
MDB_SIMD_INLINE Mask8Bits less(Mask8Bits m, Double8 a, Double8 b) {
  return _mm512_mask_cmp_pd_mask(m, to_m512d(a), to_m512d(b), _CMP_LT_OQ);
}
/// The low and high four lanes.
MDB_SIMD_INLINE Double4 low_half(Double8 v) {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3);
}
MDB_SIMD_INLINE Double4 high_half(Double8 v) {
  return __builtin_shufflevector(v, v, 4, 5, 6, 7);
}
/// {sum of a's lanes 0-3, of b's 0-3, of a's 4-7, of b's 4-7}: two rows' i-force totals in one
/// shuffle network instead of four scalar sums.
MDB_SIMD_INLINE Double4 quarter_sums(Double8 a, Double8 b) {
  const Double8 p = __builtin_shufflevector(a, b, 0, 8, 2, 10, 4, 12, 6, 14) +
                    __builtin_shufflevector(a, b, 1, 9, 3, 11, 5, 13, 7, 15);
  const Double8 q = p + __builtin_shufflevector(p, p, 2, 3, 0, 1, 6, 7, 4, 5);
  return __builtin_shufflevector(q, q, 0, 1, 4, 5);
}
/// a in lanes 0-3, b in lanes 4-7 (two i-atoms against a j-cluster).
MDB_SIMD_INLINE Double8 halves(double a, double b) {
  return from_m512d(_mm512_insertf64x4(_mm512_set1_pd(a), _mm256_set1_pd(b), 1));
}
#endif

}  // namespace mdb::simd
