#pragma once
// D4 = { y in Z^4 : y1 + y2 + y3 + y4 even }, with Coset's generator (columns of G):
//   g1 = (-1,-1, 0, 0), g2 = (1,-1, 0, 0), g3 = (0, 1,-1, 0), g4 = (0, 0, 1,-1).
#include "kernels/common/lattice/dn_parity.hpp"
#include "kernels/common/lattice/exact_rounding.hpp"
#include "kernels/common/lattice/lanes.hpp"
#include "kernels/common/lattice/lattice_inline.hpp"
#include "kernels/common/mdb_hd.hpp"

namespace mdb::lattice {

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

}  // namespace mdb::lattice
