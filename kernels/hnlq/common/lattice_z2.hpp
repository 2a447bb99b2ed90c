#pragma once
// Z^2: the square grid, generator G = I (Coset's Z2Lattice).
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/exact_rounding.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"

namespace mdb::hnlq {

/// Z^2 with the interface every lattice type here has (described in lattice_e8.hpp).
struct Z2Lattice {
  static constexpr int kDim = 2;
  static constexpr int kScale = 1;      ///< Y = kScale y is an integer vector
  static constexpr double kVolume = 1;  ///< det G, for the normalised second moment

  template <class F, class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest(const F (&x)[kDim], I (&y)[kDim]) {
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) {
      F e;
      y[c] = round_tied(clamp_to_limit(x[c]), c, e);
    }
  }

  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void nearest_of_quotient(const I (&p)[kDim], int q,
                                                            I (&y)[kDim]) {
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) {
      I e;
      y[c] = round_ratio_tied(p[c], q, c, e);
    }
  }

  /// Where p / q lies against the Voronoi cell of 0, whose relevant vectors are +-e_c
  /// (|v|^2 = 1): strictly outside where some 2 |p_c| > q, on its boundary where none exceeds
  /// and some 2 |p_c| = q (lattice_e8.hpp describes the interface).
  template <class I, class M>
  MDB_LATTICE_INLINE MDB_HD static void locate_quotient(const I (&p)[kDim], int q, M& outside,
                                                        M& boundary) {
    using V = LanesOf<I>;
    I largest = V::abs(p[0]);
    MDB_LATTICE_UNROLL
    for (int c = 1; c < kDim; ++c) largest = V::max(V::abs(p[c]), largest);
    outside = 2 * largest > q;
    boundary = 2 * largest == q;
  }

  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void coordinates(const I (&y)[kDim], I (&b)[kDim]) {
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) b[c] = y[c];
  }

  template <class I>
  MDB_LATTICE_INLINE MDB_HD static void point(const I (&b)[kDim], I (&y)[kDim]) {
    MDB_LATTICE_UNROLL
    for (int c = 0; c < kDim; ++c) y[c] = b[c];
  }
};

}  // namespace mdb::hnlq
