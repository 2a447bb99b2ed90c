#pragma once
// The D_n step of Conway & Sloane (1982), "Fast quantizing and decoding algorithms for lattice
// quantizers and codes": round every coordinate; if the coordinate sum is odd, re-round the
// coordinate with the largest rounding error the other way. Shared by D4 and by both halves of
// E8 (D8 and D8 + 1/2), for a float input and for an exact ratio.
#include <type_traits>

#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"
#include "kernels/hnlq/common/tie_direction.hpp"

namespace mdb::hnlq {

/// The lane-wise step (+1, -1 or 0) the D_n parity fix adds to each coordinate of the rounded
/// vector r with residuals e (x - r, in units where `unit` is one lattice step), and the largest
/// |e| (the re-rounded coordinate's). The coordinate re-rounded is the one with the largest |e|;
/// equal |e| are broken by the tie direction (tie_score), so it is the one Coset's `g_x` would
/// pick for x + eps u; it moves one step towards x + eps u. Selects only, no branch: the same
/// code runs on SIMD lanes.
///
/// Why two maxima instead of one running comparison of (|e|, score) pairs: a max over the
/// coordinates is one instruction per coordinate on SIMD lanes and has no serial chain of
/// selects, and the pairs are distinct (scores have distinct magnitudes), so the maximum pair
/// is unique. For integer residuals (|e| <= unit / 2 <= 256) the pair packs into one integer.
template <int N, class I, class E>
MDB_LATTICE_INLINE MDB_HD E dn_parity_steps(const I (&r)[N], const E (&e)[N], I (&step)[N]) {
  using V = LanesOf<I>;
  using M = decltype(e[0] > e[0]);
  constexpr bool kExact = std::is_same_v<E, I>;
  I sum = r[0];
  MDB_LATTICE_UNROLL
  for (int c = 1; c < N; ++c) sum += r[c];
  const auto odd = (sum & 1) != 0;
  M up[N];     // towards x + eps u: up when x is above r, or on it with u_c > 0
  I score[N];  // tie_score(c, e_c), from the direction
  E magnitude[N];
  MDB_LATTICE_UNROLL
  for (int c = 0; c < N; ++c) {
    const int toward_u = tie_score_towards_u(c);
    up[c] = tie_rounds_up(c) ? (e[c] >= E{}) : (e[c] > E{});
    score[c] = V::select(up[c], V::splat(toward_u), V::splat(-toward_u));
    magnitude[c] = V::abs(e[c]);
  }
  E largest;
  M worst[N];
  if constexpr (kExact) {
    // (|e|, score) as |e| 32 + score + 16: the score is in [-8, 8].
    I key[N];
    I best = V::splat(-1);
    MDB_LATTICE_UNROLL
    for (int c = 0; c < N; ++c) {
      key[c] = magnitude[c] * 32 + (score[c] + 16);
      best = V::max(key[c], best);
    }
    MDB_LATTICE_UNROLL
    for (int c = 0; c < N; ++c) worst[c] = key[c] == best;
    largest = best >> 5;
  } else {
    largest = magnitude[0];
    MDB_LATTICE_UNROLL
    for (int c = 1; c < N; ++c) largest = V::max(magnitude[c], largest);
    I best_score = V::splat(-kTieScoreLimit);
    I candidate_score[N];
    MDB_LATTICE_UNROLL
    for (int c = 0; c < N; ++c) {
      candidate_score[c] = V::select(magnitude[c] == largest, score[c], V::splat(-kTieScoreLimit));
      best_score = V::max(candidate_score[c], best_score);
    }
    MDB_LATTICE_UNROLL
    for (int c = 0; c < N; ++c) worst[c] = candidate_score[c] == best_score;
  }
  MDB_LATTICE_UNROLL
  for (int c = 0; c < N; ++c) {
    step[c] = V::select(odd & worst[c], V::select(up[c], V::splat(1), V::splat(-1)), V::splat(0));
  }
  return largest;
}

/// Turns the rounded vector r (residuals e = x - r in units where `unit` is one lattice step:
/// 1.0f for a float input, the denominator d for a ratio a/d) into the nearest point of D_n,
/// and e into the new residuals (dn_parity_steps says which coordinate moves).
template <int N, class I, class E>
MDB_LATTICE_INLINE MDB_HD void dn_fix_parity(I (&r)[N], E (&e)[N], E unit) {
  using V = LanesOf<I>;
  I step[N];
  static_cast<void>(dn_parity_steps(r, e, step));
  MDB_LATTICE_UNROLL
  for (int c = 0; c < N; ++c) {
    r[c] += step[c];
    // e - (+-1) unit: the same IEEE operation as e -+ unit (x - (-y) is x + y), and e - 0 is e.
    if constexpr (std::is_same_v<E, I>) {
      e[c] -= step[c] * unit;
    } else {
      e[c] -= V::to_float(step[c]) * unit;
    }
  }
}

/// dn_fix_parity for integer residuals, returning the squared residual sum of the D_n point
/// instead of the residuals: re-rounding the coordinate with |e| = m the other way turns its
/// e^2 into (unit - m)^2, so the sum grows by unit^2 - 2 unit m (exact in integers).
template <int N, class I>
MDB_LATTICE_INLINE MDB_HD I dn_fix_parity_squared_norm(I (&r)[N], const I (&e)[N], int unit) {
  using V = LanesOf<I>;
  I step[N];
  const I largest = dn_parity_steps(r, e, step);
  I norm = e[0] * e[0];
  I moved = step[0];
  r[0] += step[0];
  MDB_LATTICE_UNROLL
  for (int c = 1; c < N; ++c) {
    norm += e[c] * e[c];
    moved |= step[c];
    r[c] += step[c];
  }
  const I growth = unit * unit - 2 * unit * largest;
  return norm + V::select(moved != 0, growth, V::splat(0));
}

}  // namespace mdb::hnlq
