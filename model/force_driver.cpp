#include "model/force_driver.hpp"

#include <stdexcept>

#include "kernels/common/neighbor_view.hpp"
#include "md/neighbor/cluster_pair_list.hpp"
#include "md/neighbor/halo.hpp"

namespace mdb {

void ForceDriver::use_threads(ThreadTeam* team) {
  team_ = team != nullptr && team->size() > 1 ? team : nullptr;
  const int nt = threads();
  extra_.resize(static_cast<std::size_t>(nt) - 1);
  sums_.assign(static_cast<std::size_t>(nt), PairSums{});
  fold_.size_for(nt);
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

namespace {
void refuse_clusters(const NeighborList& list) {
  if (is_cluster_kind(list.kind())) {
    throw std::logic_error("ForceDriver: a cluster list's compute ends with finish_clusters");
  }
}
}  // namespace

std::array<double, 6> ForceDriver::positions_virial(const NeighborList& list) const {
  refuse_clusters(list);
  return own_.virial(list.view());
}

void ForceDriver::fold(System& system, const NeighborList& list) const {
  refuse_clusters(list);
  list.halo().fold_forces(own_.x.data(), own_.y.data(), own_.z.data(), system);
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

ForceResult ForceDriver::finish_clusters(System& system, const ClusterPairList& clusters,
                                         ComputeFlags flags, const PairSums& sums) {
  using D4 = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  const int nt = threads();
  ForceResult r;
  r.virial = fold_clusters(clusters, system, team_for_atoms(team_, system.size()), flags.virial,
                           fold_, [&](int c, ClusterForce& f) {
                             const std::size_t s = static_cast<std::size_t>(kC) * c;
                             for (int t = 0; t < nt; ++t) {
                               if (!written_.writes(t, c)) continue;
                               const ExtendedForces& b = of(t);
                               f[0] += simd::load<D4>(b.x.data() + s);
                               f[1] += simd::load<D4>(b.y.data() + s);
                               f[2] += simd::load<D4>(b.z.data() + s);
                             }
                           });
  if (flags.energy) r.energy = sums.energy;
  return r;
}

}  // namespace mdb
