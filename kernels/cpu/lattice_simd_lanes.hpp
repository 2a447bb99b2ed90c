#pragma once
// SIMD lanes for the lattice bodies (kernels/common/lattice/lanes.hpp) from GCC's vector
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

#include "kernels/common/lattice/lanes.hpp"

#if defined(__FMA__) && defined(__AVX__)
#include <immintrin.h>
#endif

namespace mdb::lattice {

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
  MDB_LATTICE_INLINE static I truncate(F x) { return __builtin_convertvector(x, I); }
  MDB_LATTICE_INLINE static F to_float(I x) { return __builtin_convertvector(x, F); }
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
  MDB_LATTICE_INLINE static F abs(F x) {
    return select(x < F{}, -x, x);
  }
  MDB_LATTICE_INLINE static I abs(I x) {
    return select(x < I{}, -x, x);
  }

  MDB_LATTICE_INLINE static F load(const float* p) {
    F v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  MDB_LATTICE_INLINE static void store(float* p, F v) {
    std::memcpy(p, &v, sizeof v);
  }
  MDB_LATTICE_INLINE static I load_bytes(const std::uint8_t* p) {
    Bytes b;
    std::memcpy(&b, p, sizeof b);
    return __builtin_convertvector(b, I);
  }
  /// Stores the low byte of each lane (codes are in [0, q) with q <= 256).
  MDB_LATTICE_INLINE static void store_bytes(std::uint8_t* p, I v) {
    const Bytes b = __builtin_convertvector(v, Bytes);
    std::memcpy(p, &b, sizeof b);
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

}  // namespace mdb::lattice
