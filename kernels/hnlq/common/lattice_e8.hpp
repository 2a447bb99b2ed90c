#pragma once
// E8 = D8 ∪ (D8 + 1/2), with Coset's generator (columns of G):
//   g1 = (2,0,0,0,0,0,0,0), g_j = e_j - e_{j-1} for j = 2..7, g8 = (1/2, ..., 1/2).
// Points are held doubled (Y = 2y), so both cosets are integer vectors.
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/dn_parity.hpp"
#include "kernels/hnlq/common/exact_rounding.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"
#include "kernels/hnlq/common/tie_direction.hpp"
#include "kernels/hnlq/common/voronoi_tests.hpp"

namespace mdb::hnlq {

/// E8 with the interface every lattice type here has; F/I are float/int or lanes of them:
/// - kDim, kScale (Y = kScale y is an integer vector), kVolume (det G);
/// - nearest(x, Y): Conway & Sloane's nearest point of a float vector, ties as tie_direction.hpp;
/// - nearest_of_quotient(P, q, Y): the nearest point to p / q for a lattice point p, computed
///   exactly in integers (the hierarchy's levels, the overload check and the decoder);
/// - locate_quotient(P, q, outside, boundary): lane masks telling whether p / q lies strictly
///   outside the Voronoi cell of 0 (so nearest_of_quotient is not 0) or on its boundary (where
///   only nearest_of_quotient's tie rule decides); neither means it is 0. From the
///   Voronoi-relevant vectors v: the cell is p.v <= |v|^2 / 2 for each, and the largest p.v
///   over a family of them has a closed form. The overload test needs no nearest point;
/// - coordinates(Y, b): b = G^-1 y; point(b, Y): Y = kScale G b.
struct E8Lattice {
  static constexpr int kDim = 8;
  static constexpr int kScale = 2;
  static constexpr double kVolume = 1;

  /// The nearer of the D8 point and the D8 + 1/2 point (Coset's E8Lattice.Q). Distances are
  /// summed with fma in a fixed order, so every path rounds them alike.
  template <class F, class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest(const F (&x)[kDim], I (&y)[kDim]) {
    using V = LanesOf<F>;
    I r0[kDim], r1[kDim];
    F e0[kDim], e1[kDim];
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) {
      const F xc = clamp_to_limit(x[c]);
      r0[c] = round_tied(xc, c, e0[c]);
      r1[c] = round_tied(xc - 0.5f, c, e1[c]);
    }
    dn_fix_parity(r0, e0, V::splat(1.0f));
    dn_fix_parity(r1, e1, V::splat(1.0f));
    F d0 = e0[0] * e0[0], d1 = e1[0] * e1[0];
    MDB_LATTICE_UNROLL
    for (int c = 1; c < kDim; ++c) {
      d0 = V::fma(e0[c], e0[c], d0);
      d1 = V::fma(e1[c], e1[c], d1);
    }
    choose(r0, r1, d0 < d1, d0 == d1, y);
  }

  /// Exact: x = P / (2q), the D8 half rounds P / (2q), the other (P - q) / (2q); squared
  /// distances are the integer sums of the residual numerators.
  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest_of_quotient(const I (&p)[kDim], int q,
                                                            I (&y)[kDim]) {
    I r0[kDim], r1[kDim], e0[kDim], e1[kDim];
    const int d = 2 * q;
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) {
      r0[c] = round_ratio_tied(p[c], d, c, e0[c]);
      r1[c] = round_ratio_tied(p[c] - q, d, c, e1[c]);
    }
    const I d0 = dn_fix_parity_squared_norm(r0, e0, d);
    const I d1 = dn_fix_parity_squared_norm(r1, e1, d);
    choose(r0, r1, d0 < d1, d0 == d1, y);
  }

  /// The relevant vectors are the 240 roots (|v|^2 = 2: the cell is y.v <= q, Y.v <= 2q for
  /// Y = 2y): +-e_i +- e_j, largest Y.v the sum of the two largest |Y_c|; and (+-1/2)^8 with an
  /// even number of minus signs, largest 2 Y.v the sum of |Y_c| when an even number of Y_c are
  /// negative, else that sum less twice the smallest |Y_c| (one sign must disagree).
  template <class I, class M>
  MDB_LATTICE_INLINE MDB_HD static void locate_quotient(const I (&p)[kDim], int q, M& outside,
                                                        M& boundary) {
    using V = LanesOf<I>;
    const I top_two = sum_of_two_largest(p);
    I total = V::abs(p[0]);
    I smallest = total;
    I signs = p[0];  // the sign bit of the xor is the parity of the number of negatives
    MDB_LATTICE_UNROLL
    for (int c = 1; c < kDim; ++c) {
      const I a = V::abs(p[c]);
      total += a;
      smallest = V::min(a, smallest);
      signs ^= p[c];
    }
    const I half_root = V::select(signs < 0, total - 2 * smallest, total);  // 2 Y.v
    outside = (top_two > 2 * q) | (half_root > 4 * q);
    boundary = (top_two == 2 * q) | (half_root == 4 * q);
  }

  /// b8 = 2 y8, b7 = y7 - y8, b_j = y_j - y8 + b_{j+1} (j = 6..2), b1 = (y1 - y8 + b2) / 2.
  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void coordinates(const I (&y)[kDim], I (&b)[kDim]) {
    b[7] = y[7];
    b[6] = (y[6] - y[7]) / 2;
    MDB_LATTICE_UNROLL
    for (int j = 5; j >= 1; --j) b[j] = (y[j] - y[7]) / 2 + b[j + 1];
    b[0] = ((y[0] - y[7]) / 2 + b[1]) / 2;
  }

  /// Y1 = 4 b1 - 2 b2 + b8, Y_j = 2 b_j - 2 b_{j+1} + b8 (j = 2..6), Y7 = 2 b7 + b8, Y8 = b8.
  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void point(const I (&b)[kDim], I (&y)[kDim]) {
    y[0] = 4 * b[0] - 2 * b[1] + b[7];
    MDB_LATTICE_UNROLL
    for (int j = 1; j <= 5; ++j) y[j] = 2 * b[j] - 2 * b[j + 1] + b[7];
    y[6] = 2 * b[6] + b[7];
    y[7] = b[7];
  }

 private:
  /// Y = 2 r0 (D8) or 2 r1 + 1 (D8 + 1/2). An exact tie goes to the candidate with the larger
  /// u.y (the limit of x + eps u): the D8 point when u.(y1 - y0) < 0, summed exactly in
  /// integers (tie_weight).
  template <class I, class M>
  MDB_LATTICE_INLINE MDB_HD static void choose(const I (&r0)[kDim], const I (&r1)[kDim], M nearer0,
                                               M tie, I (&y)[kDim]) {
    using V = LanesOf<I>;
    auto take0 = nearer0;
    if (V::any(tie)) {  // rare for float inputs; skipping it changes no lane that is not a tie
      I s = V::splat(0);
      MDB_LATTICE_UNROLL
      for (int c = 0; c < kDim; ++c) s += tie_weight(c) * (2 * r1[c] + 1 - 2 * r0[c]);
      take0 = take0 | (tie & (s < 0));
    }
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) y[c] = V::select(take0, 2 * r0[c], 2 * r1[c] + 1);
  }
};

}  // namespace mdb::hnlq
