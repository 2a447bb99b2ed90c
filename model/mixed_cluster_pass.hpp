#pragma once
// One force pass of a mixed-precision cluster kernel (kernels/cpu/pair_cluster_mixed_loop.hpp)
// through the ForceDriver: the list's slots rounded to float about the box centre, each thread's
// j-force partial sums zeroed, the kernel over its row groups, and the partial sums folded into
// the thread's double forces. LennardJones<float> and the water model's mixed path share it.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "md/core/system.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "model/force_driver.hpp"

namespace mdb {

class MixedClusterPass {
 public:
  /// Packs the list's slot positions (threads of `driver`) and makes room for every thread's
  /// j-forces; call once per compute, before run().
  void pack(const System& system, const ClusterPairList& clusters, ForceDriver& driver);

  /// driver.accumulate over the list's row groups with
  ///   kernel(view, g_begin, g_end, positions, j_forces, fx, fy, fz) -> PairSums.
  template <class Kernel>
  PairSums run(const ClusterPairList& clusters, ForceDriver& driver, Kernel&& kernel);

 private:
  MixedClusterArrays arrays(std::vector<float>& buffer) const;

  std::size_t stride_ = 0;  ///< floats per axis: 2 x the list's most slots
  std::vector<float> positions_;
  std::vector<std::vector<float>> j_forces_;  ///< per thread
};

template <class Kernel>
PairSums MixedClusterPass::run(const ClusterPairList& clusters, ForceDriver& driver,
                               Kernel&& kernel) {
  const ClusterPairView v = clusters.view();
  const std::size_t n_slots = static_cast<std::size_t>(clusters.n_slots());
  const MixedClusterArrays positions = arrays(positions_);
  return driver.accumulate(
      n_slots, v.row_offsets, v.n_row_groups(), [&](int t, int b, int e, ExtendedForces& f) {
        const MixedClusterArrays jf = arrays(j_forces_[static_cast<std::size_t>(t)]);
        for (float* a : {jf.x, jf.y, jf.z}) std::fill_n(a, 2 * n_slots, 0.0f);
        const PairSums sums = kernel(v, b, e, positions, jf, f.x.data(), f.y.data(), f.z.data());
        add_j_forces(jf, static_cast<int>(n_slots), f.x.data(), f.y.data(), f.z.data());
        return sums;
      });
}

}  // namespace mdb
