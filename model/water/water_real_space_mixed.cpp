// Not built with -ffast-math (unlike water_real_space.cpp): the kernel's float sums keep the
// order they are written in.
#include "model/water/water_real_space_mixed.hpp"

#include <stdexcept>
#include <string>

#include "md/core/grow.hpp"

namespace mdb {

void WaterMixedRealSpace::bind(std::vector<ChargedLjFactors> by_species, double beta,
                               double cutoff) {
  if (beta * cutoff > simd::kEwaldFitMaxBetaR) {
    throw std::invalid_argument(
        "water model (mixed precision): beta x cut-off is " + std::to_string(beta * cutoff) +
        ", past the float real space's 5 (ewald-rtol below about 1e-11); use the double model");
  }
  by_species_ = std::move(by_species);
  term_.set_ewald(beta, cutoff);
  packed_for_ = 0;
}

ForceResult WaterMixedRealSpace::compute(System& system, const NeighborList& list,
                                         ForceDriver& driver, ComputeFlags flags) {
  if (list.kind() != NeighborKind::Cluster2x4 &&
      !(simd::kHas512 && list.kind() == NeighborKind::Cluster4x4)) {
    throw std::invalid_argument(
        "water model (mixed): needs a 2 x 4 cluster neighbour list (or 4 x 4 with AVX-512)");
  }
  const ClusterPairList& clusters = list.clusters();
  pass_.pack(system, clusters, driver);
  if (list.build_serial() != packed_for_) {
    // The slots' species change only when the list is built again.
    const ClusterPairView v = clusters.view();
    const std::size_t stride = 2 * clusters.max_slots();
    resize_with_headroom(factors_, 3 * stride);
    float* p = factors_.data();
    term_.factors = MixedSlotFactors{p, p + stride, p + 2 * stride};
    pack_slot_factors(v, by_species_.data(), 0, v.n_clusters, term_.factors);
    packed_for_ = list.build_serial();
  }
  const PairSums sums =
      pass_.run(clusters, driver, [&](const ClusterPairView& v, int b, int e, auto... a) {
        return pair_forces_cluster_coul_long_mixed(v, b, e, term_, flags.energy, a...);
      });
  return pass_.finish(system, clusters, driver, flags, sums);
}

}  // namespace mdb
