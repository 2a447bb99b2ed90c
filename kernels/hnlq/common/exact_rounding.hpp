#pragma once
// Rounding to the nearest integer with the tie rule of tie_direction.hpp, for floats and for
// exact ratios a/d of integers, written so that the same bits come out of the scalar loop, the
// SIMD loop and the CUDA kernel: only operations IEEE 754 rounds exactly or correctly (+, -, /,
// conversions, integer arithmetic), no product a compiler could fuse into an FMA differently
// on two paths, and no branch that differs between lanes (every per-lane choice is a select;
// floor_div branches once on the divisor, the same for every lane).
#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"
#include "kernels/hnlq/common/lanes.hpp"
#include "kernels/hnlq/common/tie_direction.hpp"

namespace mdb::hnlq {

/// Inputs of the float nearest-point maps are clamped to [-kClampLimit, kClampLimit] (lattice
/// units, after the division by beta) so every integer downstream stays far below 2^24, where
/// float division and int conversion are exact. A vector that large is overloaded anyway
/// (q^M <= 2^16 is enforced by make_hnlq_params). NaN clamps to -kClampLimit.
inline constexpr float kClampLimit = 262144.0f;  // 2^18

template <class F>
MDB_LATTICE_INLINE MDB_HD F clamp_to_limit(F x) {
  using V = LanesOf<F>;
  const F lo = V::splat(-kClampLimit);
  const F hi = V::splat(kClampLimit);
  return V::min(V::max(x, lo), hi);  // max(NaN, lo) is lo
}

/// floor(x) for |x| < 2^31, from truncation (cvttps2dq, cvt.rzi).
template <class F>
MDB_LATTICE_INLINE MDB_HD auto floor_to_int(F x) {
  using V = LanesOf<F>;
  const auto t = V::truncate(x);
  return t - V::one_if(V::to_float(t) > x);
}

/// floor(a / d) for d > 0 and |a|, d < 2^24. The float quotient is correctly rounded; when a/d
/// is not an integer it lies at least 1/d from one while the rounding error is below
/// |a/d| 2^-24 < 1/d, so floor sees the right side. (SIMD units have no integer division.)
template <class I>
MDB_LATTICE_INLINE MDB_HD I floor_div(I a, int d) {
  using V = LanesOf<I>;
  // A power of two (q = 2, 4, 8, ...: what quantizers use) is an arithmetic shift, which C++20
  // defines as floor division for negative values too; a division costs ~10x more in SIMD lanes.
  if ((d & (d - 1)) == 0) {
#if defined(__CUDA_ARCH__)
    return a >> (__ffs(d) - 1);
#else
    return a >> __builtin_ctz(static_cast<unsigned>(d));
#endif
  }
  return floor_to_int(V::to_float(a) / static_cast<float>(d));
}

/// a mod d in [0, d) (Python's and Coset's `%` on the coordinates), same bounds as floor_div.
template <class I>
MDB_LATTICE_INLINE MDB_HD I floor_mod(I a, int d) {
  // For a power of two the low bits of the two's complement are the floor remainder.
  if ((d & (d - 1)) == 0) return a & (d - 1);
  return a - d * floor_div(a, d);
}

/// Nearest integer to x (|x| <= kClampLimit) with ties broken by the tie direction of
/// coordinate c. Writes the residual x - result, which is exact: x - trunc(x) keeps a subset of
/// x's bits, and moving it by one from beyond +-1/2 is exact (Sterbenz).
template <class F>
MDB_LATTICE_INLINE MDB_HD auto round_tied(F x, int c, F& residual) {
  using V = LanesOf<F>;
  const bool tie_up = tie_rounds_up(c);
  const auto t = V::truncate(x);  // towards zero
  const F e = x - V::to_float(t);
  const auto up = tie_up ? (e >= 0.5f) : (e > 0.5f);
  const auto down = tie_up ? (e < -0.5f) : (e <= -0.5f);
  const auto step = V::step(up, down);
  residual = e - V::to_float(step);
  return t + step;
}

/// Nearest integer to the ratio a/d (d > 0, |2a + d| < 2^24) with ties broken by the tie
/// direction of coordinate c. Writes the residual numerator a - result * d, exact.
template <class I>
MDB_LATTICE_INLINE MDB_HD I round_ratio_tied(I a, int d, int c, I& residual) {
  using V = LanesOf<I>;
  const I r = floor_div(2 * a + d, 2 * d);  // floor(a/d + 1/2): ties round up
  const I e = a - r * d;                    // in [-d/2, d/2)
  const I move_down = V::one_if(V::mask(!tie_rounds_up(c)) & (2 * e == -d));
  residual = e + d * move_down;
  return r - move_down;
}

}  // namespace mdb::hnlq
