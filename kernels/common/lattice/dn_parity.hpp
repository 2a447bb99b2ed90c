#pragma once
// The D_n step of Conway & Sloane (1982), "Fast quantizing and decoding algorithms for lattice
// quantizers and codes": round every coordinate; if the coordinate sum is odd, re-round the
// coordinate with the largest rounding error the other way. Shared by D4 and by both halves of
// E8 (D8 and D8 + 1/2), for a float input and for an exact ratio.
#include "kernels/common/lattice/lanes.hpp"
#include "kernels/common/lattice/lattice_inline.hpp"
#include "kernels/common/lattice/tie_direction.hpp"
#include "kernels/common/mdb_hd.hpp"

namespace mdb::lattice {

/// Turns the rounded vector r (residuals e = x - r in units where `unit` is one lattice step:
/// 1.0f for a float input, the denominator d for a ratio a/d) into the nearest point of D_n.
/// Equal errors |e| are broken by the tie direction (tie_score), so the coordinate re-rounded
/// is the one Coset's `g_x` would pick for x + eps u; an odd sum moves it one step towards
/// x + eps u. Selects only, no branch: the same code runs on SIMD lanes.
template <int N, class I, class E>
MDB_LATTICE_INLINE MDB_HD void dn_fix_parity(I (&r)[N], E (&e)[N], E unit) {
  using V = LanesOf<I>;
  I sum = r[0];
  MDB_LATTICE_UNROLL
  for (int c = 1; c < N; ++c) sum += r[c];
  I worst = V::splat(0);
  E worst_abs = V::abs(e[0]);
  I worst_score = tie_score(0, e[0]);
  MDB_LATTICE_UNROLL
  for (int c = 1; c < N; ++c) {
    const E a = V::abs(e[c]);
    const I s = tie_score(c, e[c]);
    const auto worse = (a > worst_abs) | ((a == worst_abs) & (s > worst_score));
    worst = V::select(worse, V::splat(c), worst);
    worst_abs = V::select(worse, a, worst_abs);
    worst_score = V::select(worse, s, worst_score);
  }
  const auto odd = (sum & 1) != 0;
  MDB_LATTICE_UNROLL
  for (int c = 0; c < N; ++c) {
    // Towards x + eps u: up when x is above its rounding, or on it with u_c > 0.
    const auto up = (e[c] > E{}) | ((e[c] == E{}) & V::mask(tie_rounds_up(c)));
    const auto flip = odd & (worst == c);
    const I step = V::select(flip, V::select(up, V::splat(1), V::splat(-1)), V::splat(0));
    const E moved_up = e[c] - unit;
    const E moved_down = e[c] + unit;
    r[c] += step;
    e[c] = V::select(step > 0, moved_up, V::select(step < 0, moved_down, e[c]));
  }
}

}  // namespace mdb::lattice
