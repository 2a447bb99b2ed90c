#pragma once
// What a pair term on packed cluster rows needs to know about its kernel's lanes, so one term
// serves every kernel: the 2 x 4 kernel's eight lanes (pair_cluster_mixed_loop.hpp: lane 4 a + b
// is i-atom a of a slot pair, j-slot b; eight floats, or eight doubles where the build has
// AVX-512) and the 4 x 4 kernel's sixteen floats where the build has AVX-512
// (pair_cluster_mixed_4x4_loop.hpp: i-atom a of an i-cluster). Per-slot arrays are laid out as
// the kernels' positions are, each cluster's four values twice (ClusterArrays); the kernels read
// their positions through it too.
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
  /// A row's lanes from its mask bits (bit 4 a + b: i-atom a, j-slot b).
  static MDB_SIMD_INLINE Mask listed(unsigned bits) { return lane_mask8(bits); }
  /// `on` where m is set, `off` elsewhere.
  static MDB_SIMD_INLINE Float8 select(Mask m, Float8 off, Float8 on) { return m ? on : off; }
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
  static MDB_SIMD_INLINE Mask listed(unsigned bits) { return mask16(bits); }
  static MDB_SIMD_INLINE Float16 select(Mask m, Float16 off, Float16 on) {
    return simd::select(m, off, on);
  }
};

/// The double kernel's 2 x 4 rows: per-slot double arrays laid out as the float ones (each
/// cluster's four values twice, ClusterArrays<double>).
template <>
struct Lanes<Double8> {
  using Mask = Mask8Bits;
  static constexpr int kIAtoms = 2;
  static MDB_SIMD_INLINE Double8 i_values(const double* a, int si) {
    const int p = 8 * (si / 4) + si % 4;
    return halves(a[p], a[p + 1]);
  }
  static MDB_SIMD_INLINE Double8 j_values(const double* a, int cj) {
    return load<Double8>(a + 8 * cj);
  }
  static MDB_SIMD_INLINE Mask within(Mask listed, Double8 r2, Double8 rc2) {
    return less(listed, r2, rc2);
  }
  static MDB_SIMD_INLINE Mask listed(unsigned bits) { return mask8(bits); }
  static MDB_SIMD_INLINE Double8 select(Mask m, Double8 off, Double8 on) {
    return simd::select(m, off, on);
  }
};
#endif

}  // namespace mdb::simd
