#include "model/lennard_jones.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "kernels/cpu/pair_cluster_loop.hpp"
#include "kernels/cpu/pair_cluster_mixed_4x4_loop.hpp"
#include "kernels/cpu/pair_half_loop.hpp"
#ifdef MDB_HAVE_CUDA
#include "model/cuda/lj_force_device.hpp"
#endif

namespace mdb {
namespace {

void check_positive(double v, const std::string& what) {
  if (!(v > 0.0) || !std::isfinite(v)) {
    throw std::invalid_argument("LennardJones: " + what + " must be > 0");
  }
}

const LjSpecies* find(const LjParams& p, const std::string& name) {
  for (const auto& s : p.species) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace

LjParams LjParams::argon() {
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}};
  p.cutoff = 2.5 * 3.405;
  return p;
}

LjParams LjParams::lj_melt() {
  LjParams p;
  p.species = {{"LJ", 1.0, 1.0}};
  p.cutoff = 2.5;
  return p;
}

template <class Real>
LennardJones<Real>::LennardJones(LjParams params, PairKernel kernel)
    : params_(std::move(params)), kernel_(kernel) {
  check_positive(params_.cutoff, "cutoff");
  if (params_.species.empty()) throw std::invalid_argument("LennardJones: no species given");
  for (std::size_t i = 0; i < params_.species.size(); ++i) {
    const auto& s = params_.species[i];
    check_positive(s.epsilon, "epsilon of '" + s.name + "'");
    check_positive(s.sigma, "sigma of '" + s.name + "'");
    for (std::size_t j = 0; j < i; ++j) {
      if (params_.species[j].name == s.name) {
        throw std::invalid_argument("LennardJones: species '" + s.name + "' given twice");
      }
    }
  }
  for (const auto& pc : params_.pairs) {
    if (!find(params_, pc.a) || !find(params_, pc.b)) {
      throw std::invalid_argument("LennardJones: pair coefficient for unknown species '" + pc.a +
                                  "'-'" + pc.b + "'");
    }
    check_positive(pc.epsilon, "epsilon of pair " + pc.a + "-" + pc.b);
    check_positive(pc.sigma, "sigma of pair " + pc.a + "-" + pc.b);
  }
  name_ = std::is_same_v<Real, float> ? "lj/cut<float>" : "lj/cut";
}

template <class Real>
void LennardJones<Real>::bind(const System& system) {
  const auto& species = system.species_table();
  n_species_ = static_cast<int>(species.size());
  std::vector<const LjSpecies*> mapped;
  for (const auto& s : species) {
    const LjSpecies* p = find(params_, s.name);
    if (!p) throw std::invalid_argument("LennardJones: no parameters for species '" + s.name + "'");
    mapped.push_back(p);
  }
  table_.assign(static_cast<std::size_t>(n_species_) * n_species_, LjPair<Real>{});
  for (int a = 0; a < n_species_; ++a) {
    for (int b = 0; b < n_species_; ++b) {
      double eps = std::sqrt(mapped[a]->epsilon * mapped[b]->epsilon);
      double sig = params_.mixing == LjMixing::Geometric
                       ? std::sqrt(mapped[a]->sigma * mapped[b]->sigma)
                       : 0.5 * (mapped[a]->sigma + mapped[b]->sigma);
      for (const auto& pc : params_.pairs) {
        if ((pc.a == mapped[a]->name && pc.b == mapped[b]->name) ||
            (pc.b == mapped[a]->name && pc.a == mapped[b]->name)) {
          eps = pc.epsilon;
          sig = pc.sigma;
        }
      }
      table_[a * n_species_ + b] = make_lj_pair<Real>(eps, sig, params_.cutoff, params_.shift);
    }
  }
  driver_.reserve(system.size());
}

template <class Real>
bool LennardJones<Real>::use_threads(ThreadTeam* team) {
  driver_.use_threads(team);
  return true;
}

template <class Real>
ForceResult LennardJones<Real>::compute(System& system, const NeighborList& list,
                                        ComputeFlags flags) {
  if (table_.empty()) throw std::logic_error("LennardJones: compute() before bind()");
  if (is_cluster_kind(list.kind())) return compute_clusters(system, list, flags);
  if (list.kind() != NeighborKind::Half) {
    throw std::invalid_argument("LennardJones: needs a half or a cluster neighbour list");
  }
  const NeighborView v = list.view();
  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  const PairSums sums =
      driver_.accumulate(n_ext, v.offsets, v.n_local, [&](int, int b, int e, ExtendedForces& f) {
        return pair_forces_half_dispatch<Real>(v, b, e, table_.data(), n_species_, flags.energy,
                                               flags.virial, f.x.data(), f.y.data(), f.z.data());
      });
  return driver_.finish(system, list, flags, sums, VirialFrom::Loop);
}

// The kernels leave the virial out: it is sum x_s f_s over the packed slots (each pair's r_ij f_ij
// once, as each slot is an image at its packed position), taken as the forces fold.
template <class Real>
ForceResult LennardJones<Real>::compute_clusters(System& system, const NeighborList& list,
                                                 ComputeFlags flags) {
  const ClusterPairList& clusters = list.clusters();
  // Rows of two or four i-atoms: the packed pass (float, or double on 2 x 4 rows).
  auto packed = [&](auto kernel) {
    packed_.pack(system, clusters, driver_);
    const PairSums sums = packed_.run(clusters, driver_, kernel);
    return packed_.finish(system, clusters, driver_, flags, sums);
  };
  if constexpr (std::is_same_v<Real, float>) {
    return packed([&](const ClusterPairView& v, int b, int e, auto... a) {
      return pair_forces_cluster_mixed_lj(v, b, e, table_.data(), n_species_, flags.energy, a...);
    });
  } else {
    if (list.kind() == NeighborKind::Cluster2x4) {
      return packed([&](const ClusterPairView& v, int b, int e, auto... a) {
        return pair_forces_cluster_mixed_dispatch(v, b, e, table_.data(), n_species_, flags.energy,
                                                  a...);
      });
    }
    const ClusterPairView v = clusters.view();
    const PairSums sums =
        driver_.accumulate_clusters(clusters, [&](int, int b, int e, ExtendedForces& f) {
          return pair_forces_cluster_dispatch(v, b, e, table_.data(), n_species_, flags.energy,
                                              f.x.data(), f.y.data(), f.z.data());
        });
    return driver_.finish_clusters(system, clusters, flags, sums);
  }
}

template <class Real>
std::unique_ptr<ForceField> LennardJones<Real>::mixed_precision() const {
  if constexpr (std::is_same_v<Real, double>) {
    return std::make_unique<LennardJones<float>>(params_, kernel_);
  }
  return nullptr;
}

template <class Real>
bool LennardJones<Real>::supports(Backend backend) const {
#ifdef MDB_HAVE_CUDA
  if (backend == Backend::Cuda) return std::is_same_v<Real, double>;
#endif
  return backend == Backend::Cpu;
}

template <class Real>
std::unique_ptr<DeviceForce> LennardJones<Real>::make_device_twin(const System& system) const {
  static_cast<void>(system);  // bind() made the table for its species
#ifdef MDB_HAVE_CUDA
  if constexpr (std::is_same_v<Real, double>) {
    return std::make_unique<LjForceDevice>(table_.data(), n_species_, cutoff());
  }
#endif
  return nullptr;
}

template class LennardJones<double>;
template class LennardJones<float>;

}  // namespace mdb
