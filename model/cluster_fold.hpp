#pragma once
// The end of a force call over a cluster pair list: every cluster's forces, wherever the model
// holds them (per-thread double buffers, a mixed kernel's float partial sums), folded onto the
// atoms, with the virial taken on the way as sum x.f over the packed slots (each slot an image at
// the position the kernel used; padding slots carry no force). One pass over the slots where
// summing the buffers, taking the virial and folding took one each.
#include <array>
#include <vector>

#include "kernels/cpu/simd_pack.hpp"
#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"
#include "md/neighbor/cluster_pair_list.hpp"

namespace mdb {

/// Per folding thread, the virial's six sums by lane: one thread's at first, more by size_for
/// (outside the step).
struct ClusterFoldScratch {
  std::vector<std::array<simd::Double4, 6>> virial = std::vector<std::array<simd::Double4, 6>>(1);
  void size_for(int threads) {
    if (virial.size() < static_cast<std::size_t>(threads)) {
      virial.resize(static_cast<std::size_t>(threads));
    }
  }
};

/// system.f = the forces force_of(c, f) adds into a zeroed ClusterForce f for each cluster c
/// (called once per cluster, local or ghost) folded onto the atoms, over `team` when given
/// one (scratch sized for it). Returns sum x.f over the slots, LAMMPS order xx yy zz xy xz yz,
/// when `virial`, else zeros.
template <class ForceOf>
std::array<double, 6> fold_clusters(const ClusterPairList& clusters, System& system,
                                    ThreadTeam* team, bool virial, ClusterFoldScratch& scratch,
                                    ForceOf&& force_of) {
  using D4 = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  const ClusterPairView v = clusters.view();
  for (auto& w : scratch.virial) w = {};
  clusters.fold_cluster_forces(
      [&](int t, int c) {
        ClusterForce f{};
        force_of(c, f);
        if (virial) {
          const std::ptrdiff_t s = static_cast<std::ptrdiff_t>(kC) * c;
          const D4 x = simd::load<D4>(v.x + s), y = simd::load<D4>(v.y + s);
          const D4 z = simd::load<D4>(v.z + s);
          std::array<D4, 6>& w = scratch.virial[static_cast<std::size_t>(t)];
          w[0] += x * f[0];
          w[1] += y * f[1];
          w[2] += z * f[2];
          w[3] += x * f[1];
          w[4] += x * f[2];
          w[5] += y * f[2];
        }
        return f;
      },
      system, team);
  std::array<double, 6> out{};
  if (virial) {
    for (const auto& w : scratch.virial) {
      for (int k = 0; k < 6; ++k) out[k] += (w[k][0] + w[k][1]) + (w[k][2] + w[k][3]);
    }
  }
  return out;
}

}  // namespace mdb
