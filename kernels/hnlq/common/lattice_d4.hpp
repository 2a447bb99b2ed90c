#pragma once
// D4 = { y in Z^4 : y1 + y2 + y3 + y4 even }, with Coset's generator (columns of G):
//   g1 = (-1,-1, 0, 0), g2 = (1,-1, 0, 0), g3 = (0, 1,-1, 0), g4 = (0, 0, 1,-1).
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/dn_parity.hpp"
#include "kernels/hnlq/common/exact_rounding.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"
#include "kernels/hnlq/common/voronoi_tests.hpp"

namespace mdb::hnlq {

/// D4 with the interface described in lattice_e8.hpp.
struct D4Lattice {
  static constexpr int kDim = 4;
  static constexpr int kScale = 1;
  static constexpr double kVolume = 2;

  template <class F, class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest(const F (&x)[kDim], I (&y)[kDim]) {
    F e[kDim];
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) y[c] = round_tied(clamp_to_limit(x[c]), c, e[c]);
    dn_fix_parity(y, e, LanesOf<F>::splat(1.0f));
  }

  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest_of_quotient(const I (&p)[kDim], int q,
                                                            I (&y)[kDim]) {
    I e[kDim];
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) y[c] = round_ratio_tied(p[c], q, c, e[c]);
    dn_fix_parity(y, e, LanesOf<I>::splat(q));
  }

  /// Where p / q lies against the Voronoi cell of 0, whose relevant vectors are the 24 roots
  /// +-e_i +- e_j (|v|^2 = 2, so the cell is p.v <= q for each): the largest p.v is the sum of
  /// the two largest |p_c| (lattice_e8.hpp describes the interface).
  template <class I, class M>
  MDB_LATTICE_INLINE MDB_HD static void locate_quotient(const I (&p)[kDim], int q, M& outside,
                                                        M& boundary) {
    const I top_two = sum_of_two_largest(p);
    outside = top_two > q;
    boundary = top_two == q;
  }

  /// Solves y = b1 g1 + b2 g2 + b3 g3 + b4 g4 from the last coordinate up; the halvings are
  /// exact because y1 + y2 + y3 + y4 is even.
  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void coordinates(const I (&y)[kDim], I (&b)[kDim]) {
    b[3] = -y[3];
    b[2] = b[3] - y[2];
    b[0] = (b[2] - y[1] - y[0]) / 2;
    b[1] = (b[2] - y[1] + y[0]) / 2;
  }

  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void point(const I (&b)[kDim], I (&y)[kDim]) {
    y[0] = -b[0] + b[1];
    y[1] = -b[0] - b[1] + b[2];
    y[2] = -b[2] + b[3];
    y[3] = -b[3];
  }
};

}  // namespace mdb::hnlq
