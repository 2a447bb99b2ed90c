#pragma once
// Pieces of the Voronoi-cell tests of the lattices (locate_quotient in lattice_d4.hpp and
// lattice_e8.hpp): closed forms of the largest inner product of a point with a family of
// Voronoi-relevant vectors.
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"

namespace mdb::hnlq {

/// max over i != j of |p_i| + |p_j|: the largest p.v over the roots v = +-e_i +- e_j.
template <int N, class I>
MDB_LATTICE_INLINE MDB_HD I sum_of_two_largest(const I (&p)[N]) {
  using V = LanesOf<I>;
  I first = V::abs(p[0]);
  I second = V::splat(0);
  MDB_LATTICE_UNROLL
  for (int c = 1; c < N; ++c) {
    const I a = V::abs(p[c]);
    second = V::max(second, V::min(first, a));
    first = V::max(first, a);
  }
  return first + second;
}

}  // namespace mdb::hnlq
