#include "model/mixed_cluster_pass.hpp"

#include "md/core/grow.hpp"
#include "md/core/thread_team.hpp"

namespace mdb {

MixedClusterArrays MixedClusterPass::arrays(std::vector<float>& buffer) const {
  float* p = buffer.data();
  return MixedClusterArrays{p, p + stride_, p + 2 * stride_};
}

void MixedClusterPass::pack(const System& system, const ClusterPairList& clusters,
                            ForceDriver& driver) {
  const ClusterPairView v = clusters.view();
  driver.reserve(clusters.max_slots());  // slot counts move between builds
  // Float arrays hold each cluster twice (MixedClusterArrays): 2 x max_slots per axis.
  stride_ = 2 * clusters.max_slots();
  resize_with_headroom(positions_, 3 * stride_);
  const auto nt = static_cast<std::size_t>(driver.threads());
  if (j_forces_.size() < nt) j_forces_.resize(nt);
  for (auto& jf : j_forces_) resize_with_headroom(jf, 3 * stride_);
  const MixedClusterArrays positions = arrays(positions_);
  const auto& lo = system.box().lo();
  const auto& len = system.box().lengths();
  const double centre[3] = {lo[0] + 0.5 * len[0], lo[1] + 0.5 * len[1], lo[2] + 0.5 * len[2]};
  run_split(team_for_atoms(driver.team(), static_cast<std::size_t>(clusters.n_slots())),
            [&](int t, int nt_) {
              const auto [b, e] = even_range(v.n_clusters, t, nt_);
              pack_mixed_positions(v, centre, b, e, positions);
            });
}

}  // namespace mdb
