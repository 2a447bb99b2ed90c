#include "model/packed_cluster_pass.hpp"

#include <stdexcept>
#include <type_traits>

#include "md/core/grow.hpp"
#include "md/core/thread_team.hpp"

namespace mdb {

template <class Real>
auto PackedClusterPass<Real>::arrays(AlignedVector<Real>& buffer, std::size_t stride) const
    -> Arrays {
  Real* p = buffer.data();
  return Arrays{p, p + stride, p + 2 * stride};
}

template <class Real>
void PackedClusterPass<Real>::pack(const System& system, const ClusterPairList& clusters,
                                   ForceDriver& driver) {
  const ClusterPairView v = clusters.view();
  // Positions hold each cluster twice (ClusterArrays), the j-sums copies_ times.
  copies_ = j_sum_copies(v.i_atoms_per_row);
  if (std::is_same_v<Real, double> && v.i_atoms_per_row != 2) {
    throw std::logic_error("PackedClusterPass<double>: the double kernel runs on 2 x 4 rows only");
  }
  pos_stride_ = 2 * clusters.max_slots();
  j_stride_ = static_cast<std::size_t>(copies_) * clusters.max_slots();
  resize_with_headroom(positions_, 3 * pos_stride_);
  resize_with_headroom(i_forces_, 3 * clusters.max_slots());
  const auto nt = static_cast<std::size_t>(driver.threads());
  if (j_forces_.size() < nt) j_forces_.resize(nt);
  fold_.size_for(driver.threads());
  for (auto& jf : j_forces_) resize_with_headroom(jf, 3 * j_stride_);
  const Arrays positions = arrays(positions_, pos_stride_);
  // Float about the box centre (docs in pair_cluster_mixed_loop.hpp); double as the list holds
  // them, so the 2 x 4 rows see the separations the 1 x 4 kernel does.
  double centre[3] = {0.0, 0.0, 0.0};
  if constexpr (std::is_same_v<Real, float>) {
    const auto& lo = system.box().lo();
    const auto& len = system.box().lengths();
    for (int a = 0; a < 3; ++a) centre[a] = lo[a] + 0.5 * len[a];
  }
  run_split(team_for_atoms(driver.team(), static_cast<std::size_t>(clusters.n_slots())),
            [&](int t, int nt_) {
              const auto [b, e] = even_range(v.n_clusters, t, nt_);
              pack_cluster_positions(v, centre, b, e, positions);
            });
}

template <class Real>
ForceResult PackedClusterPass<Real>::finish(System& system, const ClusterPairList& clusters,
                                            const ForceDriver& driver, ComputeFlags flags,
                                            const PairSums& sums) {
  using D4 = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  const int n_local = clusters.view().n_i_clusters;
  const int nt = driver.threads();
  const std::size_t n = i_forces_.size() / 3;
  const double* const fi[3] = {i_forces_.data(), i_forces_.data() + n, i_forces_.data() + 2 * n};
  ForceResult r;
  r.virial = fold_clusters(clusters, system, team_for_atoms(driver.team(), system.size()),
                           flags.virial, fold_, [&](int c, ClusterForce& f) {
                             if (c < n_local) {
                               const std::ptrdiff_t s = static_cast<std::ptrdiff_t>(kC) * c;
                               for (int a = 0; a < 3; ++a) f[a] = simd::load<D4>(fi[a] + s);
                             }
                             for (int u = 0; u < nt; ++u) {
                               if (!written_.writes(u, c)) continue;
                               add_cluster_j_forces(
                                   arrays(j_forces_[static_cast<std::size_t>(u)], j_stride_), c,
                                   copies_, f);
                             }
                           });
  if (flags.energy) r.energy = sums.energy;
  return r;
}

template class PackedClusterPass<float>;
template class PackedClusterPass<double>;

}  // namespace mdb
