#pragma once
// Fixed-width SIMD values for the CPU pair kernels, from GCC's vector extensions (Clang reads
// them too). Why these rather than intrinsics or a library: Debian ships no xsimd or Highway
// for every architecture we build on, intrinsics would tie the kernels to x86, and vector
// extensions give one AVX2 instruction per operation under -march=x86-64-v3 while still
// compiling (as pairs of 16-byte operations, or scalars) on any other target. The widths are
// fixed by the cluster layout (4 j-atoms per cluster), not by the machine.
#include <array>
#include <cstdint>
#include <cstring>

#if defined(__GNUC__)
#define MDB_SIMD_INLINE inline __attribute__((always_inline))
#else
#define MDB_SIMD_INLINE inline
#endif

namespace mdb::simd {

/// Four doubles (one j-cluster's coordinate along an axis), and the comparison mask type.
using Double4 = double __attribute__((vector_size(32)));
using Mask4 = std::int64_t __attribute__((vector_size(32)));
/// Eight floats (two i-atoms against one j-cluster, the mixed-precision kernel), and its mask.
using Float8 = float __attribute__((vector_size(32)));
using Mask8 = std::int32_t __attribute__((vector_size(32)));
/// Four floats (one j-cluster in single precision).
using Float4 = float __attribute__((vector_size(16)));
/// Four ints (indices).
using Int4 = std::int32_t __attribute__((vector_size(16)));

template <class V>
MDB_SIMD_INLINE V load(const void* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class V>
MDB_SIMD_INLINE void store(void* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

MDB_SIMD_INLINE double sum(Double4 v) {
  return (v[0] + v[1]) + (v[2] + v[3]);
}

namespace detail {
// Row b: lane k all ones when bit k of b is set; one load replaces a broadcast, an and and a
// compare per row of the pair kernels. Lanes: 4 x int64 (double kernel), 8 x int32 (float).
template <class Int, unsigned kLanes>
constexpr std::array<std::array<Int, kLanes>, (1u << kLanes)> lane_mask_rows() {
  std::array<std::array<Int, kLanes>, (1u << kLanes)> t{};
  for (unsigned b = 0; b < (1u << kLanes); ++b) {
    for (unsigned k = 0; k < kLanes; ++k) t[b][k] = (b >> k & 1u) ? -1 : 0;
  }
  return t;
}
// Row b: the indices of the set bits of b in increasing order, then zeros.
constexpr std::array<std::array<std::int32_t, 4>, 16> set_bit_indices() {
  std::array<std::array<std::int32_t, 4>, 16> t{};
  for (unsigned b = 0; b < 16; ++b) {
    int n = 0;
    for (int k = 0; k < 4; ++k) {
      if (b >> k & 1u) t[b][n++] = k;
    }
  }
  return t;
}
alignas(16) inline constexpr auto kSetBitIndices = set_bit_indices();
alignas(32) inline constexpr auto kLaneMaskRows = lane_mask_rows<std::int64_t, 4>();
alignas(32) inline constexpr auto kLaneMaskRows8 = lane_mask_rows<std::int32_t, 8>();
}  // namespace detail

/// Lane k of the result is all ones when bit k of `bits` is set. `bits` < 16 (a 1 x 4 list's
/// row mask, which the list builds so): not masked here, one instruction less per row.
MDB_SIMD_INLINE Mask4 lane_mask4(std::uint8_t bits) {
  return load<Mask4>(detail::kLaneMaskRows[bits].data());
}

/// Writes first + k for each set bit k of `bits` (0..15), in increasing k, to out[0..popcount)
/// and returns popcount(bits); one 16-byte store, so out must have room for four.
MDB_SIMD_INLINE int compress_indices4(unsigned bits, std::int32_t first, std::int32_t* out) {
  store(out, load<Int4>(detail::kSetBitIndices[bits & 15u].data()) + first);
  return __builtin_popcount(bits & 15u);
}

/// Bit k set when lane k of the mask is set (the inverse of lane_mask4).
MDB_SIMD_INLINE unsigned bits(Mask4 m) {
#if defined(__AVX__)
  return static_cast<unsigned>(__builtin_ia32_movmskpd256(reinterpret_cast<Double4>(m)));
#else
  unsigned b = 0;
  for (int k = 0; k < 4; ++k) b |= m[k] ? 1u << k : 0u;
  return b;
#endif
}

/// v where the mask is set, +0.0 elsewhere: one AND (a select `m ? v : 0` compiles to two
/// compares and a blend).
MDB_SIMD_INLINE Double4 keep(Mask4 m, Double4 v) {
  return reinterpret_cast<Double4>(reinterpret_cast<Mask4>(v) & m);
}
MDB_SIMD_INLINE Float8 keep(Mask8 m, Float8 v) {
  return reinterpret_cast<Float8>(reinterpret_cast<Mask8>(v) & m);
}

/// Lane k of the result is all ones when bit k of `bits` (0..255) is set.
MDB_SIMD_INLINE Mask8 lane_mask8(unsigned bits) {
  return load<Mask8>(detail::kLaneMaskRows8[bits & 255u].data());
}
/// The low and high four lanes.
MDB_SIMD_INLINE Float4 low_half(Float8 v) {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3);
}
MDB_SIMD_INLINE Float4 high_half(Float8 v) {
  return __builtin_shufflevector(v, v, 4, 5, 6, 7);
}
/// {a, b}: eight lanes from two fours.
MDB_SIMD_INLINE Float8 join(Float4 a, Float4 b) {
  return __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7);
}

}  // namespace mdb::simd
