#pragma once
// Tie-breaking of the nearest-point maps. Coset's reference quantizer (ref/hnlq.py,
// `with_tie_dither=True`) adds a constant, tiny vector eps*u to every input before the
// nearest-point map, u_c = frac(sqrt(p_c)) - 1/2 over the primes p = 2, 3, 5, ..., 19. We take
// the limit eps -> 0+ symbolically instead of adding a number, so that ties are broken the same
// way at any magnitude and in any precision: Q(x) := lim Q(x + eps u). The rule is invariant
// under lattice translations, which is what makes decode(encode(y)) = y exact on the boundary
// of the overload region (docs/LATTICE.md).
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"

namespace mdb::hnlq {

/// u_c = frac(sqrt(p_c)) - 1/2 for p_c = 2, 3, 5, 7, 11, 13, 17, 19 (unnormalised: only its
/// direction matters). A lattice of dimension n uses the first n entries. Checked against
/// std::sqrt in tests/hnlq. (Functions, not arrays: device code cannot read a host array.)
MDB_HD constexpr float tie_direction(int c) {
  constexpr float u[8] = {
      -0.0857864376f,  // sqrt(2)  = 1.41421356
      0.2320508076f,   // sqrt(3)  = 1.73205081
      -0.2639320225f,  // sqrt(5)  = 2.23606798
      0.1457513111f,   // sqrt(7)  = 2.64575131
      -0.1833752096f,  // sqrt(11) = 3.31662479
      0.1055512755f,   // sqrt(13) = 3.60555128
      -0.3768943744f,  // sqrt(17) = 4.12310563
      -0.1411010565f,  // sqrt(19) = 4.35889894
  };
  return u[c];
}

/// u_c 2^24 rounded to an integer. E8 breaks a tie between its two candidates by the sign of
/// u.(y1 - y0); in integers the sum is exact on every path, and for every odd vector 2(y1 - y0)
/// with entries in [-3, 3] (all a tie can produce) its sign is that of the exact u.(y1 - y0)
/// (tests/hnlq: no rounding error in u can flip it, the smallest |sum| is 85).
MDB_HD constexpr int tie_weight(int c) {
  constexpr int w[8] = {-1439258, 3893167, -4428045, 2445301,
                        -3076526, 1770857, -6323238, -2367283};
  return w[c];
}

/// Rank of |u_c| among the eight (0 = smallest). Comparing first-order perturbations
/// |u_i| vs |u_j| needs only this order, which integers give exactly.
MDB_HD constexpr int tie_rank(int c) {
  constexpr int rank[8] = {0, 5, 6, 3, 4, 1, 7, 2};
  return rank[c];
}

/// Whether x_c = k + 1/2 exactly rounds up (u_c > 0) or down (u_c < 0).
MDB_HD constexpr bool tie_rounds_up(int c) {
  return tie_direction(c) > 0.0f;
}

/// sign(u_c) |u_c| as an integer with the order of |u_c| (rank + 1, signed): the tie score of a
/// coordinate that moves towards u.
MDB_HD constexpr int tie_score_towards_u(int c) {
  const int magnitude = tie_rank(c) + 1;
  return tie_rounds_up(c) ? magnitude : -magnitude;
}

/// Every tie score lies in (-kTieScoreLimit, kTieScoreLimit).
inline constexpr int kTieScoreLimit = 9;

/// The first-order growth of the rounding error |e_c + eps u_c| of coordinate c with residual
/// e_c = x_c - round(x_c), as an integer with the order of sign(e_c) u_c (|u_c| if e_c = 0).
/// The D_n parity fix breaks equal |e| by the larger score: the coordinate that is farther from
/// its integer after the perturbation. E is float or int, or lanes of them (lanes.hpp).
/// (dn_parity.hpp computes the same score from the direction x + eps u lies in.)
template <class E>
MDB_LATTICE_INLINE MDB_HD auto tie_score(int c, E e) {
  using V = LanesOf<E>;
  const int toward_u = tie_score_towards_u(c);
  const int magnitude = toward_u < 0 ? -toward_u : toward_u;
  return V::select(e > E{}, V::splat(toward_u),
                   V::select(e < E{}, V::splat(-toward_u), V::splat(magnitude)));
}

}  // namespace mdb::hnlq
