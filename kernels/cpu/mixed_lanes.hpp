#pragma once
// What a mixed-precision pair term needs to know about its kernel's lanes, so one term serves
// both kernels: the 2 x 4 kernel's eight lanes (pair_cluster_mixed_loop.hpp: lane 4 a + b is
// i-atom a of a slot pair, j-slot b) and the 4 x 4 kernel's sixteen where the build has AVX-512
// (pair_cluster_mixed_4x4_loop.hpp: i-atom a of an i-cluster). Per-slot float arrays are laid
// out as the kernels' positions are, each cluster's four values twice (MixedClusterArrays); the
// kernels read their positions through it too.
#include "kernels/cpu/simd_avx512.hpp"
#include "kernels/cpu/simd_pack.hpp"

namespace mdb::simd {

template <class V>
struct Lanes;

template <>
struct Lanes<Float8> {
  using Mask = Mask8;
  static constexpr int kIAtoms = 2;
  /// Slots si and si + 1 of a per-slot array, each in its four lanes.
  static MDB_SIMD_INLINE Float8 i_values(const float* a, int si) {
    const int p = 8 * (si / 4) + si % 4;
    return join(Float4{} + a[p], Float4{} + a[p + 1]);
  }
  /// j-cluster cj's four values against each i-atom.
  static MDB_SIMD_INLINE Float8 j_values(const float* a, int cj) {
    return load<Float8>(a + 8 * cj);
  }
  /// The lanes of `listed` where r2 < rc2.
  static MDB_SIMD_INLINE Mask within(Mask listed, Float8 r2, Float8 rc2) {
    return listed & (r2 < rc2);
  }
};

#if defined(__AVX512F__)
template <>
struct Lanes<Float16> {
  using Mask = Mask16;
  static constexpr int kIAtoms = 4;
  /// Slots si .. si + 3 (an i-cluster, si a multiple of four), each in its four lanes.
  static MDB_SIMD_INLINE Float16 i_values(const float* a, int si) { return spread4(a + 2 * si); }
  static MDB_SIMD_INLINE Float16 j_values(const float* a, int cj) { return repeat4(a + 8 * cj); }
  static MDB_SIMD_INLINE Mask within(Mask listed, Float16 r2, Float16 rc2) {
    return less(listed, r2, rc2);
  }
};
#endif

}  // namespace mdb::simd
