#pragma once
// The lattice bodies are written once over "lanes": a float type F, an int type I and a mask
// type M with the few operations below. ScalarLanes (one vector at a time: the reference and
// the CUDA kernels) is here; the batched CPU loop instantiates the same bodies with GCC vector
// lanes, 8 wide with AVX (kernels/hnlq/cpu/simd_lanes.hpp). Arithmetic and comparisons are
// written with operators, which GCC's vector extensions provide element-wise; what differs between
// a scalar and a vector - selecting, converting, broadcasting - goes through the lane type.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"
#include "kernels/hnlq/common/inline_hints.hpp"

namespace mdb::hnlq {

/// Maps an element type (float or int, or a SIMD vector of either) to its lanes.
template <class T>
struct LaneTraits;

/// The lanes of F or I: LanesOf<float> = ScalarLanes.
template <class T>
using LanesOf = typename LaneTraits<T>::type;

/// One vector per call: plain float, int and bool.
struct ScalarLanes {
  using F = float;
  using I = int;
  using M = bool;
  static constexpr int kWidth = 1;

  MDB_LATTICE_INLINE MDB_HD static F select(M m, F a, F b) { return m ? a : b; }
  MDB_LATTICE_INLINE MDB_HD static I select(M m, I a, I b) { return m ? a : b; }
  MDB_LATTICE_INLINE MDB_HD static F splat(float v) { return v; }
  MDB_LATTICE_INLINE MDB_HD static I splat(int v) { return v; }
  MDB_LATTICE_INLINE MDB_HD static M mask(bool v) { return v; }
  MDB_LATTICE_INLINE MDB_HD static M mask_not(M m) { return !m; }
  /// 1 where m holds, else 0.
  MDB_LATTICE_INLINE MDB_HD static I one_if(M m) { return m ? 1 : 0; }
  /// 1 where up holds, -1 where down holds, else 0 (up and down never both hold).
  MDB_LATTICE_INLINE MDB_HD static I step(M up, M down) { return one_if(up) - one_if(down); }
  /// Whether m holds in any lane.
  MDB_LATTICE_INLINE MDB_HD static bool any(M m) { return m; }
  /// Towards zero, as static_cast<int>.
  MDB_LATTICE_INLINE MDB_HD static I truncate(F x) { return static_cast<int>(x); }
  MDB_LATTICE_INLINE MDB_HD static F to_float(I x) { return static_cast<float>(x); }
  /// a b + c rounded once (IEEE fma), the same on every path.
  MDB_LATTICE_INLINE MDB_HD static F fma(F a, F b, F c) { return fmaf(a, b, c); }
  MDB_LATTICE_INLINE MDB_HD static F abs(F x) { return fabsf(x); }
  MDB_LATTICE_INLINE MDB_HD static I abs(I x) { return x < 0 ? -x : x; }
  /// a > b ? a : b and a < b ? a : b: b where a is NaN (unlike fmaxf), as x86's maxps/minps.
  MDB_LATTICE_INLINE MDB_HD static F max(F a, F b) { return a > b ? a : b; }
  MDB_LATTICE_INLINE MDB_HD static F min(F a, F b) { return a < b ? a : b; }
  MDB_LATTICE_INLINE MDB_HD static I max(I a, I b) { return a > b ? a : b; }
  MDB_LATTICE_INLINE MDB_HD static I min(I a, I b) { return a < b ? a : b; }
};

template <>
struct LaneTraits<float> {
  using type = ScalarLanes;
};
template <>
struct LaneTraits<int> {
  using type = ScalarLanes;
};

}  // namespace mdb::hnlq
