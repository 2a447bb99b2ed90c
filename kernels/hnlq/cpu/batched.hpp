#pragma once
// The batched CPU lattice quantizer: structure of arrays over the batch (coordinate c of vector
// i at x[c * count + i]; the code of level l at codes[(l n + c) * count + i]), kSimdLaneWidth (8
// with AVX) vectors at a time through the same MDB_HD bodies the reference and the CUDA kernels
// run, on SIMD lanes (simd_lanes.hpp); the last count % width vectors go through the scalar
// lanes. Tiles keep each level's lattice points in L1 between passes. Bit for bit the reference
// (tests/hnlq).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/hnlq/common/hnlq_bodies.hpp"
#include "kernels/hnlq/common/lanes.hpp"
#include "kernels/hnlq/common/lattice_d4.hpp"
#include "kernels/hnlq/common/lattice_e8.hpp"
#include "kernels/hnlq/common/lattice_z2.hpp"
#include "kernels/hnlq/cpu/simd_lanes.hpp"

namespace mdb::hnlq {

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
  /// p.scale_by_t[T] for the scaling counts t[j..]: a table look-up only where some T is not
  /// zero (without overload protection none is).
  MDB_LATTICE_INLINE static SimdLanes::F scale_of(const HnlqParams& p, const std::uint8_t* t,
                                                  int j) {
    if (SimdLanes::all_bytes_zero(t + j)) return SimdLanes::splat(p.scale_by_t[0]);
    const SimdLanes::I count = SimdLanes::load_bytes(t + j);
    const SimdLanes::I most = SimdLanes::splat(p.max_scaling_iterations);
    return SimdLanes::gather(p.scale_by_t, SimdLanes::select(count <= most, count, most));
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
  MDB_LATTICE_INLINE static float scale_of(const HnlqParams& p, const std::uint8_t* t, int j) {
    return p.scale_by_t[t[j] <= p.max_scaling_iterations ? t[j] : p.max_scaling_iterations];
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

/// x / beta, the first step of encoding, as the reference computes it. Where 1 / beta is a float
/// (beta a power of two, such as the default 1) x * (1 / beta) is the same correctly rounded
/// number, without a division (about a fifth of E8's level-0 time otherwise).
struct InputScale {
  float beta;
  float inverse;
  bool exact_inverse;

  explicit InputScale(float b)
      : beta(b),
        inverse(1.0f / b),
        // Two floats multiply exactly in double: the product is 1 only if inverse is 1 / b.
        exact_inverse(std::isfinite(inverse) && static_cast<double>(inverse) * b == 1.0) {}

  template <class V, int N>
  MDB_LATTICE_INLINE void load(const float* x, std::size_t x_stride, int j,
                               typename V::F (&xs)[N]) const {
    using A = TileAccess<V>;
    if (exact_inverse) {
      for (int c = 0; c < N; ++c) xs[c] = A::load(x + c * x_stride, j) * inverse;
    } else {
      for (int c = 0; c < N; ++c) xs[c] = A::load(x + c * x_stride, j) / beta;
    }
  }
};

/// Calls f.template operator()<kQ>() with kQ = q where q is a power of two up to 16 (Coset's
/// alphabets), so that products, quotients and remainders by q fold into shifts and masks, and
/// with kQ = 0 (q read at run time) otherwise.
template <class F>
decltype(auto) with_static_q(int q, F&& f) {
  switch (q) {
    case 2:
      return f.template operator()<2>();
    case 4:
      return f.template operator()<4>();
    case 8:
      return f.template operator()<8>();
    case 16:
      return f.template operator()<16>();
    default:
      break;
  }
  return f.template operator()<0>();
}

/// What follows each level's lattice points y: their codes b_l = G^-1 y mod q (the code of
/// level l, coordinate c at out[(l n + c) code_stride + j]), then either the points kept for the
/// next level or, after the last level, whether the vector overloaded.
template <class L, class V>
MDB_LATTICE_INLINE void finish_level(int q, int level, int last, int j,
                                     const typename V::I (&y)[L::kDim], std::uint8_t* codes,
                                     std::size_t code_stride, int (&points)[L::kDim][kBatchTile],
                                     int* overloaded) {
  using A = TileAccess<V>;
  constexpr int n = L::kDim;
  typename V::I code[n];
  level_codes<L>(y, q, code);
  std::uint8_t* out = codes + static_cast<std::size_t>(level) * n * code_stride;
  for (int c = 0; c < n; ++c) A::store(out + c * code_stride, j, code[c]);
  if (level == last) {
    A::store(overloaded, j, V::one_if(is_overloaded<L>(y, q)));
  } else {
    for (int c = 0; c < n; ++c) A::store(points[c], j, y[c]);
  }
}

/// Encodes the m <= kBatchTile vectors of one tile: x[c * x_stride + j] -> codes[(l n + c) *
/// code_stride + j], t[j]. Returns how many stayed overloaded. kQ: with_static_q.
template <class L, int kQ>
std::size_t encode_tile(const HnlqParams& p, const InputScale& scale, const float* x,
                        std::size_t x_stride, int m, std::uint8_t* codes, std::size_t code_stride,
                        std::uint8_t* t) {
  constexpr int n = L::kDim;
  int points[n][kBatchTile];
  int overloaded[kBatchTile];
  const int q = kQ > 0 ? kQ : p.q;
  const int last = p.levels - 1;
  for_lanes(m, [&]<class V>(int j) {
    typename V::F xs[n];
    typename V::I y[n];
    scale.load<V>(x, x_stride, j, xs);
    L::nearest(xs, y);
    finish_level<L, V>(q, 0, last, j, y, codes, code_stride, points, overloaded);
  });
  for (int level = 1; level <= last; ++level) {
    for_lanes(m, [&]<class V>(int j) {
      using A = TileAccess<V>;
      typename V::I y[n], next[n];
      for (int c = 0; c < n; ++c) y[c] = A::load(points[c], j);
      L::nearest_of_quotient(y, q, next);
      finish_level<L, V>(q, level, last, j, next, codes, code_stride, points, overloaded);
    });
  }
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
/// levels are summed top-down (Horner): the same integer as the reference's bottom-up sum; the
/// last pass (level 0) writes the reconstruction.
template <class L, int kQ>
void decode_tile(const HnlqParams& p, const std::uint8_t* codes, std::size_t code_stride,
                 const std::uint8_t* t, int m, float* out, std::size_t out_stride) {
  constexpr int n = L::kDim;
  int sums[n][kBatchTile];
  const int q = kQ > 0 ? kQ : p.q;
  for (int level = p.levels - 1; level >= 0; --level) {
    const std::uint8_t* level_codes_in = codes + level * n * code_stride;
    const bool top = level == p.levels - 1;
    for_lanes(m, [&]<class V>(int j) {
      using A = TileAccess<V>;
      typename V::I code[n], sum[n];
      for (int c = 0; c < n; ++c) code[c] = A::load(level_codes_in + c * code_stride, j);
      level_residual<L>(code, q, sum);
      if (!top) {
        for (int c = 0; c < n; ++c) sum[c] += A::load(sums[c], j) * q;
      }
      if (level > 0) {
        for (int c = 0; c < n; ++c) A::store(sums[c], j, sum[c]);
        return;
      }
      const auto factor = A::scale_of(p, t, j);
      for (int c = 0; c < n; ++c) {
        A::store(out + c * out_stride, j, reconstruct_scaled<L>(p.beta, sum[c], factor));
      }
    });
  }
}

}  // namespace detail

/// Encodes `count` vectors stored as coordinate rows (x[c * count + i]) into codes[(l n + c) *
/// count + i] and t[i]; returns how many stayed overloaded.
template <class L>
std::size_t batched_encode(const HnlqParams& p, const float* x, std::size_t count,
                           std::uint8_t* codes, std::uint8_t* t) {
  const detail::InputScale scale(p.beta);
  return detail::with_static_q(p.q, [&]<int kQ>() {
    std::size_t overloaded = 0;
    for (std::size_t start = 0; start < count; start += kBatchTile) {
      const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
      overloaded += detail::encode_tile<L, kQ>(p, scale, x + start, count, m, codes + start, count,
                                               t + start);
    }
    return overloaded;
  });
}

/// Decodes `count` vectors (layout of batched_encode) into out[c * count + i].
template <class L>
void batched_decode(const HnlqParams& p, const std::uint8_t* codes, const std::uint8_t* t,
                    std::size_t count, float* out) {
  detail::with_static_q(p.q, [&]<int kQ>() {
    for (std::size_t start = 0; start < count; start += kBatchTile) {
      const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
      detail::decode_tile<L, kQ>(p, codes + start, count, t + start, m, out + start, count);
    }
  });
}

/// Encodes and decodes tile by tile through codes that never leave L1; x and out as rows of
/// coordinates. Returns how many vectors stayed overloaded.
template <class L>
std::size_t batched_round_trip(const HnlqParams& p, const float* x, std::size_t count, float* out) {
  std::uint8_t codes[kMaxLevels * L::kDim * kBatchTile];
  std::uint8_t t[kBatchTile];
  const detail::InputScale scale(p.beta);
  return detail::with_static_q(p.q, [&]<int kQ>() {
    std::size_t overloaded = 0;
    for (std::size_t start = 0; start < count; start += kBatchTile) {
      const int m = static_cast<int>(std::min<std::size_t>(kBatchTile, count - start));
      overloaded += detail::encode_tile<L, kQ>(p, scale, x + start, count, m, codes, kBatchTile, t);
      detail::decode_tile<L, kQ>(p, codes, kBatchTile, t, m, out + start, count);
    }
    return overloaded;
  });
}

// The three lattices' loops are compiled once, in kernels/hnlq/cpu/batched.cpp (mdb_hnlq_cpu):
// each unrolls every level of every q for SIMD and scalar lanes, and compiling them in each
// source that calls them took ~20 s a source (docs/PERFORMANCE_HISTORY.md).
#define MDB_HNLQ_BATCHED(EXTERN, L)                                                               \
  EXTERN template std::size_t batched_encode<L>(const HnlqParams&, const float*, std::size_t,     \
                                                std::uint8_t*, std::uint8_t*);                    \
  EXTERN template void batched_decode<L>(const HnlqParams&, const std::uint8_t*,                  \
                                         const std::uint8_t*, std::size_t, float*);               \
  EXTERN template std::size_t batched_round_trip<L>(const HnlqParams&, const float*, std::size_t, \
                                                    float*);
MDB_HNLQ_BATCHED(extern, Z2Lattice)
MDB_HNLQ_BATCHED(extern, D4Lattice)
MDB_HNLQ_BATCHED(extern, E8Lattice)

}  // namespace mdb::hnlq
