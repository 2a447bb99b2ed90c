#include "model/force_driver.hpp"

#include "kernels/common/neighbor_view.hpp"
#include "md/neighbor/cluster_pair_list.hpp"
#include "md/neighbor/halo.hpp"

namespace mdb {

void ForceDriver::use_threads(ThreadTeam* team) {
  team_ = team != nullptr && team->size() > 1 ? team : nullptr;
  const int nt = threads();
  extra_.resize(static_cast<std::size_t>(nt) - 1);
  sums_.assign(static_cast<std::size_t>(nt), PairSums{});
  reserve(own_.x.capacity());
}

void ForceDriver::reserve(std::size_t n) {
  own_.reserve(n);
  for (ExtendedForces& f : extra_) f.reserve(n);
}

void ForceDriver::reduce(std::size_t n_ext) {
  auto job = [&](int t) {
    const auto [b, e] = even_range(static_cast<int>(n_ext), t, team_->size());
    for (const ExtendedForces& other : extra_) {
      for (int k = b; k < e; ++k) {
        own_.x[k] += other.x[k];
        own_.y[k] += other.y[k];
        own_.z[k] += other.z[k];
      }
    }
  };
  team_->run_checked(job);
}

std::array<double, 6> ForceDriver::positions_virial(const NeighborList& list) const {
  if (is_cluster_kind(list.kind())) {
    const ClusterPairList& clusters = list.clusters();
    const ClusterPairView v = clusters.view();
    return own_.virial(v.x, v.y, v.z, static_cast<std::size_t>(clusters.n_slots()));
  }
  return own_.virial(list.view());
}

void ForceDriver::fold(System& system, const NeighborList& list) const {
  if (is_cluster_kind(list.kind())) {
    list.clusters().fold_forces(own_.x.data(), own_.y.data(), own_.z.data(), system,
                                team_for_atoms(team_, system.size()));
  } else {
    list.halo().fold_forces(own_.x.data(), own_.y.data(), own_.z.data(), system);
  }
}

ForceResult ForceDriver::finish(System& system, const NeighborList& list, ComputeFlags flags,
                                const PairSums& sums, VirialFrom virial_from) const {
  ForceResult r;
  if (flags.energy) r.energy = sums.energy;
  if (flags.virial) {
    if (virial_from == VirialFrom::Positions) {
      r.virial = positions_virial(list);
    } else {
      for (int k = 0; k < 6; ++k) r.virial[k] = sums.virial[k];
    }
  }
  fold(system, list);
  return r;
}

}  // namespace mdb
