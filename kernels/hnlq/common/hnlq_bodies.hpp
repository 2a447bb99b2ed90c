#pragma once
// Hierarchical nested-lattice encoding and decoding of one vector (Kaplan & Ordentlich; Coset's
// legacy quant/functional.py `encode`/`decode`), written once for the scalar reference, the
// batched CPU loops and the CUDA kernels.
//
//   encode: x_0 = Q(x / beta); for l = 0..M-1: b_l = G^-1 x_l mod q, x_{l+1} = Q(x_l / q).
//           Overloaded when x_M != 0; with overload protection x is divided by 2^alpha and
//           encoded again, up to max_scaling_iterations times (T counts the rounds).
//   decode: x^ = beta 2^(alpha T) sum_l q^l (G b_l - q Q(G b_l / q)).
//
// Everything after the first nearest-point map is integer arithmetic on lattice points
// (Y = kScale y), so decode(encode(x)) = Q(x / beta) beta exactly when nothing overloads.
#include <cstddef>
#include <cstdint>

#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/exact_rounding.hpp"
#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"

namespace mdb::hnlq {

/// Where one vector's codes live: code of level l, coordinate c at base[l * level_stride +
/// c * coord_stride]. Reference (array of structures): {n, 1}; batch-major (structure of
/// arrays, batch B): {n B, B}.
struct CodeLayout {
  std::ptrdiff_t level_stride;
  std::ptrdiff_t coord_stride;
};

/// b = G^-1 y mod q for the lattice point y (Y = kScale y). I is int or int lanes.
template <class L, class I>
MDB_LATTICE_INLINE MDB_HD void level_codes(const I (&y)[L::kDim], int q, I (&code)[L::kDim]) {
  I b[L::kDim];
  L::coordinates(y, b);
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) code[c] = floor_mod(b[c], q);
}

/// One level's contribution to the decoder: G b - q Q(G b / q), the representative of the
/// coset b in q times the Voronoi region (kScale multiples).
template <class L, class I>
MDB_LATTICE_INLINE MDB_HD void level_residual(const I (&code)[L::kDim], int q,
                                              I (&residual)[L::kDim]) {
  I p[L::kDim], coarse[L::kDim];
  L::point(code, p);
  L::nearest_of_quotient(p, q, coarse);
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) residual[c] = p[c] - q * coarse[c];
}

/// Whether the point left after M levels, Q(y / q) for the last level's y, is nonzero (Coset:
/// Q(x_M) != 0); a mask for lanes. Where y / q is strictly inside or outside the Voronoi cell
/// of 0 the cell's inequalities say so; only on its boundary (a tie) is Q computed.
template <class L, class I>
MDB_LATTICE_INLINE MDB_HD auto is_overloaded(const I (&y)[L::kDim], int q) {
  using V = LanesOf<I>;
  using M = decltype(y[0] != y[0]);
  M outside, boundary;
  L::locate_quotient(y, q, outside, boundary);
  if (V::any(boundary)) {
    I coarse[L::kDim];
    L::nearest_of_quotient(y, q, coarse);
    M nonzero = coarse[0] != 0;
    MDB_LATTICE_UNROLL
    for (int c = 1; c < L::kDim; ++c) nonzero = nonzero | (coarse[c] != 0);
    outside = outside | (boundary & nonzero);
  }
  return outside;
}

/// One encoding pass of xs (= x / beta / 2^(alpha t)); writes M levels of codes and returns
/// whether the vector overloaded.
template <class L>
MDB_LATTICE_INLINE MDB_HD bool encode_pass(const HnlqParams& p, const float (&xs)[L::kDim],
                                           std::uint8_t* codes, CodeLayout layout) {
  int y[L::kDim];
  L::nearest(xs, y);
  for (int level = 0; level < p.levels; ++level) {
    if (level > 0) {
      int next[L::kDim];
      L::nearest_of_quotient(y, p.q, next);
      MDB_LATTICE_UNROLL
      for (int c = 0; c < L::kDim; ++c) y[c] = next[c];
    }
    int code[L::kDim];
    level_codes<L>(y, p.q, code);
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) {
      codes[level * layout.level_stride + c * layout.coord_stride] =
          static_cast<std::uint8_t>(code[c]);
    }
  }
  return static_cast<bool>(is_overloaded<L>(y, p.q));
}

/// Encodes one vector (x[c * x_stride]); writes its codes and scaling count T and returns
/// whether it is still overloaded (always the case for an overloaded vector without overload
/// protection, as in Coset, which then warns).
template <class L>
MDB_LATTICE_INLINE MDB_HD bool encode_vector(const HnlqParams& p, const float* x,
                                             std::ptrdiff_t x_stride, std::uint8_t* codes,
                                             CodeLayout layout, std::uint8_t* t_out) {
  float xs[L::kDim];
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) xs[c] = x[c * x_stride] / p.beta;
  bool overloaded = encode_pass<L>(p, xs, codes, layout);
  int t = 0;
  while (p.overload_protection && overloaded && t < p.max_scaling_iterations) {
    ++t;
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) xs[c] = xs[c] / p.two_pow_alpha;
    overloaded = encode_pass<L>(p, xs, codes, layout);
  }
  *t_out = static_cast<std::uint8_t>(t);
  return overloaded;
}

/// beta 2^(alpha T) times the lattice sum (Coset: beta * x_hat * 2**(alpha * T)), with the
/// factor 2^(alpha T) given (`scale`, p.scale_by_t[T]); I and F are int and float or lanes.
template <class L, class I, class F>
MDB_LATTICE_INLINE MDB_HD F reconstruct_scaled(float beta, I scaled_sum, F scale) {
  const F lattice_value = LanesOf<I>::to_float(scaled_sum) * (1.0f / L::kScale);  // exact
  return (beta * lattice_value) * scale;
}

/// reconstruct_scaled for one vector with scaling count t. A T beyond max_scaling_iterations
/// (corrupt input) is read as the maximum.
template <class L>
MDB_LATTICE_INLINE MDB_HD float reconstruct(const HnlqParams& p, int scaled_sum, std::uint8_t t) {
  const int t_clamped = t <= p.max_scaling_iterations ? t : p.max_scaling_iterations;
  return reconstruct_scaled<L>(p.beta, scaled_sum, p.scale_by_t[t_clamped]);
}

/// Decodes one vector's codes into out[c * out_stride].
template <class L>
MDB_LATTICE_INLINE MDB_HD void decode_vector(const HnlqParams& p, const std::uint8_t* codes,
                                             CodeLayout layout, std::uint8_t t, float* out,
                                             std::ptrdiff_t out_stride) {
  int sum[L::kDim] = {};
  int weight = 1;
  for (int level = 0; level < p.levels; ++level) {
    int code[L::kDim], residual[L::kDim];
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) {
      code[c] = codes[level * layout.level_stride + c * layout.coord_stride];
    }
    level_residual<L>(code, p.q, residual);
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) sum[c] += weight * residual[c];
    weight *= p.q;
  }
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) out[c * out_stride] = reconstruct<L>(p, sum[c], t);
}

/// decode(encode(x)) without storing the codes: each level's code is decoded as soon as it is
/// made. Bit for bit the same as the two calls (integer sums are exact in any order). Returns
/// whether the vector stayed overloaded.
template <class L>
MDB_LATTICE_INLINE MDB_HD bool round_trip_vector(const HnlqParams& p, const float* x,
                                                 std::ptrdiff_t x_stride, float* out,
                                                 std::ptrdiff_t out_stride) {
  float xs[L::kDim];
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) xs[c] = x[c * x_stride] / p.beta;
  int sum[L::kDim];
  bool overloaded = true;
  int t = 0;
  for (;;) {
    int y[L::kDim];
    L::nearest(xs, y);
    int weight = 1;
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) sum[c] = 0;
    for (int level = 0; level < p.levels; ++level) {
      if (level > 0) {
        int next[L::kDim];
        L::nearest_of_quotient(y, p.q, next);
        MDB_LATTICE_UNROLL
        for (int c = 0; c < L::kDim; ++c) y[c] = next[c];
      }
      int code[L::kDim], residual[L::kDim];
      level_codes<L>(y, p.q, code);
      level_residual<L>(code, p.q, residual);
      MDB_LATTICE_UNROLL
      for (int c = 0; c < L::kDim; ++c) sum[c] += weight * residual[c];
      weight *= p.q;
    }
    overloaded = static_cast<bool>(is_overloaded<L>(y, p.q));
    if (!(p.overload_protection && overloaded && t < p.max_scaling_iterations)) break;
    ++t;
    MDB_LATTICE_UNROLL
    for (int c = 0; c < L::kDim; ++c) xs[c] = xs[c] / p.two_pow_alpha;
  }
  MDB_LATTICE_UNROLL
  for (int c = 0; c < L::kDim; ++c) {
    out[c * out_stride] = reconstruct<L>(p, sum[c], static_cast<std::uint8_t>(t));
  }
  return overloaded;
}

}  // namespace mdb::hnlq
