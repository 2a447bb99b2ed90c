#pragma once
// SIMD lanes for the lattice bodies (kernels/hnlq/common/lanes.hpp) from GCC's vector
// extensions (also understood by Clang): the batched CPU quantizer runs the very bodies the
// reference runs, several vectors at a time - eight with AVX (-march=x86-64-v3: one AVX2
// instruction per operation), four with the baseline's 16-byte registers (SSE2, NEON; a 32-byte
// vector there would change the calling convention). Results do not depend on the width.
//
// Why not rely on auto-vectorisation of the scalar loop: GCC 12 vectorises none of the D4/E8
// loops under the default -ftrapping-math (it will not if-convert a float operation that a
// select guards, and partial redundancy elimination puts the clamp's paths back as branches);
// explicit lanes give the same vector code on every compiler version.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "kernels/hnlq/common/lanes.hpp"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace mdb::hnlq {

#if defined(__AVX__)
inline constexpr int kSimdLaneWidth = 8;
#else
inline constexpr int kSimdLaneWidth = 4;
#endif

/// kSimdLaneWidth floats / ints / masks (an int vector of 0 or -1) per value.
struct SimdLanes {
  static constexpr int kWidth = kSimdLaneWidth;
  using F = float __attribute__((vector_size(4 * kWidth)));
  using I = int __attribute__((vector_size(4 * kWidth)));
  using M = I;
  using Bytes = std::uint8_t __attribute__((vector_size(kWidth)));

  MDB_LATTICE_INLINE static F select(M m, F a, F b) { return m ? a : b; }
  MDB_LATTICE_INLINE static I select(M m, I a, I b) { return m ? a : b; }
  MDB_LATTICE_INLINE static F splat(float v) { return F{} + v; }
  MDB_LATTICE_INLINE static I splat(int v) { return I{} + v; }
  MDB_LATTICE_INLINE static M mask(bool v) { return I{} + (v ? -1 : 0); }
  MDB_LATTICE_INLINE static M mask_not(M m) { return ~m; }
  MDB_LATTICE_INLINE static I one_if(M m) { return m & 1; }
  /// Masks are 0 or -1, so the difference is the step (one instruction instead of three).
  MDB_LATTICE_INLINE static I step(M up, M down) { return down - up; }
  MDB_LATTICE_INLINE static bool any(M m) {
#if defined(__AVX__)
    return !_mm256_testz_si256(reinterpret_cast<__m256i>(m), reinterpret_cast<__m256i>(m));
#else
    I folded = m;
    int bits = 0;
    for (int k = 0; k < kWidth; ++k) bits |= folded[k];
    return bits != 0;
#endif
  }
  MDB_LATTICE_INLINE static I truncate(F x) {
    return __builtin_convertvector(x, I);
  }
  MDB_LATTICE_INLINE static F to_float(I x) {
    return __builtin_convertvector(x, F);
  }
  MDB_LATTICE_INLINE static F fma(F a, F b, F c) {
#if defined(__FMA__) && defined(__AVX__)
    return reinterpret_cast<F>(_mm256_fmadd_ps(
        reinterpret_cast<__m256>(a), reinterpret_cast<__m256>(b), reinterpret_cast<__m256>(c)));
#else
    F r;
    for (int k = 0; k < kWidth; ++k) r[k] = fmaf(a[k], b[k], c[k]);  // correctly rounded too
    return r;
#endif
  }
  /// |x| by clearing the sign bit (abs(-0) = +0, as fabsf).
  MDB_LATTICE_INLINE static F abs(F x) {
    return reinterpret_cast<F>(reinterpret_cast<I>(x) & 0x7fffffff);
  }
  MDB_LATTICE_INLINE static I abs(I x) {
    return select(x < I{}, -x, x);
  }
  // GCC keeps a select on a float comparison as compare and blend; maxps / minps are exactly
  // a > b ? a : b and a < b ? a : b (NaN in a gives b).
  MDB_LATTICE_INLINE static F max(F a, F b) {
#if defined(__AVX__)
    return reinterpret_cast<F>(
        _mm256_max_ps(reinterpret_cast<__m256>(a), reinterpret_cast<__m256>(b)));
#else
    return select(a > b, a, b);
#endif
  }
  MDB_LATTICE_INLINE static F min(F a, F b) {
#if defined(__AVX__)
    return reinterpret_cast<F>(
        _mm256_min_ps(reinterpret_cast<__m256>(a), reinterpret_cast<__m256>(b)));
#else
    return select(a < b, a, b);
#endif
  }
  MDB_LATTICE_INLINE static I max(I a, I b) {
    return select(a > b, a, b);
  }
  MDB_LATTICE_INLINE static I min(I a, I b) {
    return select(a < b, a, b);
  }

  MDB_LATTICE_INLINE static F load(const float* p) {
    F v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  MDB_LATTICE_INLINE static void store(float* p, F v) {
    std::memcpy(p, &v, sizeof v);
  }
  // GCC 12 lowers __builtin_convertvector between 8 bytes and 8 ints lane by lane (~60 scalar
  // instructions for a store); AVX2 has one instruction each way (and a shuffle to narrow).
  MDB_LATTICE_INLINE static I load_bytes(const std::uint8_t* p) {
#if defined(__AVX2__)
    std::int64_t b;
    std::memcpy(&b, p, sizeof b);
    return reinterpret_cast<I>(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128(b)));
#else
    Bytes b;
    std::memcpy(&b, p, sizeof b);
    return __builtin_convertvector(b, I);
#endif
  }
  /// Stores the low byte of each lane (codes are in [0, q) with q <= 256).
  MDB_LATTICE_INLINE static void store_bytes(std::uint8_t* p, I v) {
#if defined(__AVX2__)
    // Byte 0 of each 32-bit lane to bytes 0-3 of its 128-bit half, then the halves' first
    // dwords side by side.
    const __m256i pick =
        _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4, 8, 12,
                         -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i bytes = _mm256_shuffle_epi8(reinterpret_cast<__m256i>(v), pick);
    const __m256i packed =
        _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0));
    const std::int64_t low = _mm_cvtsi128_si64(_mm256_castsi256_si128(packed));
    std::memcpy(p, &low, sizeof low);
#else
    const Bytes b = __builtin_convertvector(v, Bytes);
    std::memcpy(p, &b, sizeof b);
#endif
  }
  /// Whether the kWidth bytes at p are all zero.
  MDB_LATTICE_INLINE static bool all_bytes_zero(const std::uint8_t* p) {
    Bytes b;
    std::memcpy(&b, p, sizeof b);
    std::uint8_t any = 0;
    for (int k = 0; k < kWidth; ++k) any |= b[k];
    return any == 0;
  }
  /// table[index[k]] in lane k.
  MDB_LATTICE_INLINE static F gather(const float* table, I index) {
#if defined(__AVX2__)
    return reinterpret_cast<F>(_mm256_i32gather_ps(table, reinterpret_cast<__m256i>(index), 4));
#else
    F r;
    for (int k = 0; k < kWidth; ++k) r[k] = table[index[k]];
    return r;
#endif
  }
};

template <>
struct LaneTraits<SimdLanes::F> {
  using type = SimdLanes;
};
template <>
struct LaneTraits<SimdLanes::I> {
  using type = SimdLanes;
};

}  // namespace mdb::hnlq
