#pragma once
// One force call of a kernel on packed cluster rows (kernels/cpu/pair_cluster_mixed_loop.hpp, or
// pair_cluster_mixed_4x4_loop.hpp on a 4 x 4 list) over the ForceDriver's threads: the list's slots
// packed twice per cluster (in float about the box centre, or in double as they are), the kernel
// over each thread's row groups, and one pass that folds the i-forces and every thread's j-force
// partial sums onto the atoms (model/cluster_fold.hpp), taking the virial on the way.
// LennardJones<float>, the water model's mixed path and LennardJones<double> on 2 x 4 rows
// (kernels/cpu/double_row_choice.hpp) share it.
//
// Why one pass: the kernel writes each i-slot's force (no buffer to clear) and the fold reads the
// float partial sums where they are, where zeroing per-slot double buffers, adding the partial
// sums into them and folding those took three passes over every slot. The partial sums are still
// zeroed just before the kernel: that also brings them into the core's cache, and clearing them in
// the fold instead (the step before) made the kernel slower than the pass saved
// (docs/PERFORMANCE_HISTORY.md).
#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/core/system.hpp"
#include "md/force/force_field.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "model/cluster_fold.hpp"
#include "model/force_driver.hpp"
#include "model/thread_cluster_blocks.hpp"

namespace mdb {

template <class Real>
class PackedClusterPass {
 public:
  using Arrays = ClusterArrays<Real>;

  /// Packs the list's slot positions (threads of `driver`) and makes room for the i-forces and
  /// every thread's j-forces (each cluster held as many times as the list's kernel needs,
  /// j_sum_copies); call once per compute, before run().
  void pack(const System& system, const ClusterPairList& clusters, ForceDriver& driver);

  /// The list's row groups split over the driver's threads with
  ///   kernel(view, g_begin, g_end, positions, j_forces, fx, fy, fz) -> PairSums,
  /// the kernel writing the groups' i-forces to fx/fy/fz and adding j-forces to its thread's
  /// partial sums (zeroed here first, where its rows write: ThreadClusterBlocks). Returns the
  /// summed energy; call finish() next.
  template <class Kernel>
  PairSums run(const ClusterPairList& clusters, ForceDriver& driver, Kernel&& kernel);

  /// system.f = every slot's i-force and partial sums folded onto its atom; the energy (from
  /// `sums`) and the virial (sum x.f over the packed slots, LAMMPS order) as `flags` ask.
  ForceResult finish(System& system, const ClusterPairList& clusters, const ForceDriver& driver,
                     ComputeFlags flags, const PairSums& sums);

 private:
  Arrays arrays(AlignedVector<Real>& buffer, std::size_t stride) const;

  int copies_ = 2;              ///< j-sums' copies of each cluster (j_sum_copies)
  std::size_t pos_stride_ = 0;  ///< position values per axis: 2 x the list's most slots
  std::size_t j_stride_ = 0;    ///< j-sum values per axis: copies_ x the list's most slots
  AlignedVector<Real> positions_;
  std::vector<AlignedVector<Real>> j_forces_;  ///< per thread
  std::vector<double> i_forces_;               ///< x, y, z: the list's most slots each
  ClusterFoldScratch fold_;
  ThreadClusterBlocks written_;  ///< where each thread's j-sums are zeroed and read
};

template <class Real>
template <class Kernel>
PairSums PackedClusterPass<Real>::run(const ClusterPairList& clusters, ForceDriver& driver,
                                      Kernel&& kernel) {
  const ClusterPairView v = clusters.view();
  const Arrays positions = arrays(positions_, pos_stride_);
  const std::size_t n = i_forces_.size() / 3;
  double* const fx = i_forces_.data();
  const std::size_t per_cluster = static_cast<std::size_t>(copies_) * ClusterPairView::kClusterSize;
  return driver.split_clusters(clusters, written_, [&](int t, int b, int e) {
    const Arrays jf = arrays(j_forces_[static_cast<std::size_t>(t)], j_stride_);
    written_.for_each_run(t, [&](int c_begin, int c_end) {
      for (Real* a : {jf.x, jf.y, jf.z}) {
        std::fill(a + per_cluster * c_begin, a + per_cluster * c_end, Real(0));
      }
    });
    return kernel(v, b, e, positions, jf, fx, fx + n, fx + 2 * n);
  });
}

extern template class PackedClusterPass<float>;
extern template class PackedClusterPass<double>;

}  // namespace mdb
