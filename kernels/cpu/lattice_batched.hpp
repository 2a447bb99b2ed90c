#pragma once
// The batched CPU lattice quantizer: structure of arrays over the batch (coordinate c of vector
// i at x[c * count + i]; the code of level l at codes[(l n + c) * count + i]), kSimdLaneWidth (8
// with AVX) vectors at a time through the same MDB_HD bodies the reference and the CUDA kernels
// run, on SIMD lanes (lattice_simd_lanes.hpp); the last count % width vectors go through the scalar
// lanes. Tiles keep each level's lattice points in L1 between passes. Bit for bit the reference
// (tests/lattice).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/common/lattice/hnlq_bodies.hpp"
#include "kernels/common/lattice/lanes.hpp"
#include "kernels/cpu/lattice_simd_lanes.hpp"

namespace mdb::lattice {

/// Vectors per tile: one tile's lattice points (E8: 8 x 128 ints = 4 KiB) and, for the round
/// trip, its codes (at most 16 levels x 8 x 128 bytes = 16 KiB) stay in L1.
inline constexpr int kBatchTile = 128;

namespace detail {

/// Moves lane values between element j of a tile row and registers: a
/// group of kSimdLaneWidth vectors uses SimdLanes and vector loads, a single vector the scalar
/// lanes.
template <class V>
struct TileAccess;

template <>
struct TileAccess<SimdLanes> {
  MDB_LATTICE_INLINE static SimdLanes::F load(const float* row, int j) {
    return SimdLanes::load(row + j);
  }
  MDB_LATTICE_INLINE static void store(float* row, int j, SimdLanes::F v) {
    SimdLanes::store(row + j, v);
  }
  MDB_LATTICE_INLINE static SimdLanes::I load(const int* row, int j) {
    SimdLanes::I v;
    std::memcpy(&v, row + j, sizeof v);
    return v;
  }
  MDB_LATTICE_INLINE static void store(int* row, int j, SimdLanes::I v) {
    std::memcpy(row + j, &v, sizeof v);
  }
  MDB_LATTICE_INLINE static SimdLanes::I load(const std::uint8_t* row, int j) {
    return SimdLanes::load_bytes(row + j);
  }
  MDB_LATTICE_INLINE static void store(std::uint8_t* row, int j, SimdLanes::I v) {
    SimdLanes::store_bytes(row + j, v);
  }
};

template <>
struct TileAccess<ScalarLanes> {
  MDB_LATTICE_INLINE static float load(const float* row, int j) { return row[j]; }
  MDB_LATTICE_INLINE static void store(float* row, int j, float v) { row[j] = v; }
  MDB_LATTICE_INLINE static int load(const int* row, int j) { return row[j]; }
  MDB_LATTICE_INLINE static void store(int* row, int j, int v) { row[j] = v; }
  MDB_LATTICE_INLINE static int load(const std::uint8_t* row, int j) { return row[j]; }
  MDB_LATTICE_INLINE static void store(std::uint8_t* row, int j, int v) {
    row[j] = static_cast<std::uint8_t>(v);
  }
};

/// Calls body.template operator()<V>(j) for j = 0, w, 2w, ... with SIMD lanes of width w while
/// w vectors remain, then once per remaining vector with scalar lanes.
template <class Body>
void for_lanes(int m, Body&& body) {
  int j = 0;
  for (; j + SimdLanes::kWidth <= m; j += SimdLanes::kWidth) {
    body.template operator()<SimdLanes>(j);
  }
  for (; j < m; ++j) body.template operator()<ScalarLanes>(j);
}

/// Encodes the m <= kBatchTile vectors of one tile: x[c * x_stride + j] -> codes[(l n + c) *
/// code_stride + j], t[j]. Returns how many stayed overloaded.
template <class L>
std::size_t encode_tile(const HnlqParams& p, const float* x, std::size_t x_stride, int m,
                        std::uint8_t* codes, std::size_t code_stride, std::uint8_t* t) {
  constexpr int n = L::kDim;
  int points[n][kBatchTile];
  int overloaded[kBatchTile];
  const int q = p.q;
  for_lanes(m, [&]<class V>(int j) {
    using A = TileAccess<V>;
    typename V::F xs[n];
    typename V::I y[n], code[n];
    for (int c = 0; c < n; ++c) xs[c] = A::load(x + c * x_stride, j) / p.beta;
    L::nearest(xs, y);
    level_codes<L>(y, q, code);
    for (int c = 0; c < n; ++c) {
      A::store(points[c], j, y[c]);
      A::store(codes + c * code_stride, j, code[c]);
    }
  });
  for (int level = 1; level < p.levels; ++level) {
    std::uint8_t* level_codes_out = codes + level * n * code_stride;
    for_lanes(m, [&]<class V>(int j) {
      using A = TileAccess<V>;
      typename V::I y[n], next[n], code[n];
      for (int c = 0; c < n; ++c) y[c] = A::load(points[c], j);
      L::nearest_of_quotient(y, q, next);
      level_codes<L>(next, q, code);
      for (int c = 0; c < n; ++c) {
        A::store(points[c], j, next[c]);
        A::store(level_codes_out + c * code_stride, j, code[c]);
      }
    });
  }
  for_lanes(m, [&]<class V>(int j) {
    using A = TileAccess<V>;
    typename V::I y[n];
    for (int c = 0; c < n; ++c) y[c] = A::load(points[c], j);
    A::store(overloaded, j, V::one_if(is_overloaded<L>(y, q)));
  });
  // Overloaded vectors are rare: the scalar body re-encodes them with the scaling rounds.
  std::size_t still_overloaded = 0;
  const CodeLayout layout{static_cast<std::ptrdiff_t>(n * code_stride),
                          static_cast<std::ptrdiff_t>(code_stride)};
  for (int j = 0; j < m; ++j) {
    t[j] = 0;
    if (overloaded[j] == 0) continue;
    if (p.overload_protection) {
      overloaded[j] = encode_vector<L>(p, x + j, static_cast<std::ptrdiff_t>(x_stride), codes + j,
                                       layout, t + j);
    }
    still_overloaded += overloaded[j] != 0 ? 1 : 0;
  }
  return still_overloaded;
}

/// Decodes one tile: codes[(l n + c) * code_stride + j], t[j] -> out[c * out_stride + j]. The
/// levels are summed top-down (Horner): the same integer as the reference's bottom-up sum.
template <class L>
void decode_tile(const HnlqParams& p, const std::uint8_t* codes, std::size_t code_stride,
                 const std::uint8_t* t, int m, float* out, std::size_t out_stride) {
  constexpr int n = L::kDim;
  int sums[n][kBatchTile];
  const int q = p.q;
  for (int level = p.levels - 1; level >= 0; --level) {
    const std::uint8_t* level_codes_in = codes + level * n * code_stride;
    const bool top = level == p.levels - 1;
    for_lanes(m, [&]<class V>(int j) {
      using A = TileAccess<V>;
      typename V::I code[n], residual[n];
      for (int c = 0; c < n; ++c) code[c] = A::load(level_codes_in + c * code_stride, j);
      level_residual<L>(code, q, residual);
      for (int c = 0; c < n; ++c) {
        const typename V::I below = top ? V::splat(0) : A::load(sums[c], j) * q;
        A::store(sums[c], j, below + residual[c]);
      }
    });
  }
  for (int j = 0; j < m; ++j) {
    for (int c = 0; c < n; ++c) out[c * out_stride + j] = reconstruct<L>(p, sums[c][j], t[j]);
  }
}

}  // namespace detail

/// Encodes `count` vectors stored as coordinate rows (x[c * count + i]) into codes[(l n + c) *
/// count + i] and t[i]; returns how many stayed overloaded.
template <class L>
std::size_t batched_encode(const HnlqParams& p, const float* x, std::size_t count,
                           std::uint8_t* codes, std::uint8_t* t) {
  std::size_t overloaded = 0;
  for (std::size_t start = 0; start < count; start += kBatchTile) {
    const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
    overloaded += detail::encode_tile<L>(p, x + start, count, m, codes + start, count, t + start);
  }
  return overloaded;
}

/// Decodes `count` vectors (layout of batched_encode) into out[c * count + i].
template <class L>
void batched_decode(const HnlqParams& p, const std::uint8_t* codes, const std::uint8_t* t,
                    std::size_t count, float* out) {
  for (std::size_t start = 0; start < count; start += kBatchTile) {
    const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
    detail::decode_tile<L>(p, codes + start, count, t + start, m, out + start, count);
  }
}

/// Encodes and decodes tile by tile through codes that never leave L1; x and out as rows of
/// coordinates. Returns how many vectors stayed overloaded.
template <class L>
std::size_t batched_round_trip(const HnlqParams& p, const float* x, std::size_t count, float* out) {
  constexpr int n = L::kDim;
  std::uint8_t codes[kMaxLevels * n * kBatchTile];
  std::uint8_t t[kBatchTile];
  std::size_t overloaded = 0;
  for (std::size_t start = 0; start < count; start += kBatchTile) {
    const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
    overloaded += detail::encode_tile<L>(p, x + start, count, m, codes, kBatchTile, t);
    detail::decode_tile<L>(p, codes, kBatchTile, t, m, out + start, count);
  }
  return overloaded;
}

}  // namespace mdb::lattice
