#include "model/nnp/nn_potential.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "md/core/grow.hpp"
#include "md/core/phase_timer.hpp"
#ifdef MDB_HAVE_CUDA
#include "model/cuda/nn_force_device.hpp"
#endif

namespace mdb {

template <class Real>
NnPotential<Real>::NnPotential(NnSpec spec, std::unique_ptr<ForceField> baseline)
    : spec_(std::move(spec)), baseline_(std::move(baseline)) {
  spec_.validate(spec_.name.empty() ? std::string("NnPotential") : spec_.name);
  name_ = spec_.name.empty() ? "nnp" : spec_.name;
  if (baseline_) name_.append("+").append(baseline_->name());
  if (baseline_ && baseline_->neighbor_kind() != NeighborKind::Full) {
    throw std::invalid_argument(name_ + ": the baseline must use a full neighbour list");
  }
  aev_.configure(spec_.aev, static_cast<int>(spec_.species.size()));
  for (const auto& net : spec_.networks) nets_.emplace_back(net, spec_.celu_alpha);
}

template <class Real>
double NnPotential<Real>::cutoff() const {
  const double c = spec_.aev.max_cutoff();
  return baseline_ ? std::max(c, baseline_->cutoff()) : c;
}

template <class Real>
void NnPotential<Real>::bind(const System& system) {
  if (baseline_) baseline_->bind(system);
  const auto& table = system.species_table();
  species_map_.assign(table.size(), -1);
  for (std::size_t t = 0; t < table.size(); ++t) {
    species_map_[t] = spec_.species_index(table[t].name);
    if (species_map_[t] < 0) {
      throw std::invalid_argument(name_ + ": no network for species '" + table[t].name + "'");
    }
  }
  const int n_species = static_cast<int>(spec_.species.size());
  const auto types = system.species();
  const int n = static_cast<int>(system.size());
  std::vector<int> count(n_species, 0);
  for (int i = 0; i < n; ++i) ++count[species_map_[types[i]]];
  group_begin_.assign(n_species + 1, 0);
  for (int s = 0; s < n_species; ++s) group_begin_[s + 1] = group_begin_[s] + count[s];
  row_of_.assign(n, -1);
  std::vector<int> next(group_begin_.begin(), group_begin_.end() - 1);
  for (int i = 0; i < n; ++i) row_of_[i] = next[species_map_[types[i]]]++;
  const std::size_t d = static_cast<std::size_t>(aev_.length());
  aev_rows_.assign(d * n, Real(0));
  grad_rows_.assign(d * n, Real(0));
  for (int s = 0; s < n_species; ++s) nets_[s].reserve(count[s]);
  driver_.reserve(4 * static_cast<std::size_t>(n));
}

template <class Real>
ForceResult NnPotential<Real>::compute(System& system, const NeighborList& list,
                                       ComputeFlags flags) {
  if (row_of_.size() != system.size()) {
    throw std::logic_error(name_ + ": compute() before bind() or after the system changed size");
  }
  if (list.kind() != NeighborKind::Full) {
    throw std::invalid_argument(name_ + ": needs a full neighbour list");
  }
  // An energy-only call (a finite-difference probe) is no step: it leaves the stage clocks.
  const bool timed = flags.needs_forces();
  std::uint64_t t0 = PhaseTimer::now();
  auto stamp = [&](NnStage s) {
    const std::uint64_t t = PhaseTimer::now();
    if (timed) ticks_[static_cast<int>(s)] += t - t0;
    t0 = t;
  };
  ForceResult result;
  if (baseline_) result = baseline_->compute(system, list, flags);
  stamp(NnStage::Baseline);

  const NeighborView v = list.view();
  const int d = aev_.length();
  aev_.forward(v, species_map_.data(), row_of_.data(), aev_rows_.data(), d);
  stamp(NnStage::Descriptor);

  double energy = 0.0;
  const int n_species = static_cast<int>(nets_.size());
  for (int s = 0; s < n_species; ++s) {
    const int rows = group_begin_[s + 1] - group_begin_[s];
    if (rows == 0) continue;
    const std::size_t at = static_cast<std::size_t>(group_begin_[s]) * d;
    energy += nets_[s].forward(aev_rows_.data() + at, rows) + rows * spec_.energy_shifts[s];
  }
  stamp(NnStage::NetworkForward);
  if (!timed) {  // the energy alone: no backward pass
    if (flags.energy) result.energy += energy;
    return result;
  }
  for (int s = 0; s < n_species; ++s) {
    if (group_begin_[s + 1] == group_begin_[s]) continue;
    nets_[s].backward(grad_rows_.data() + static_cast<std::size_t>(group_begin_[s]) * d);
  }
  stamp(NnStage::NetworkBackward);

  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  ExtendedForces& ef = driver_.forces();
  ef.reset(n_ext);
  aev_.backward(v, row_of_.data(), grad_rows_.data(), d, ef.x.data(), ef.y.data(), ef.z.data());
  stamp(NnStage::DescriptorBackward);

  if (flags.virial) {
    const auto w = driver_.positions_virial(list);  // the network's part, before the baseline's
    for (int k = 0; k < 6; ++k) result.virial[k] += w[k];
  }
  if (flags.energy) result.energy += energy;
  if (baseline_) {
    // fold overwrites the system's forces: carry the baseline's in through the locals.
    const auto fx = system.fx(), fy = system.fy(), fz = system.fz();
    for (int i = 0; i < v.n_local; ++i) {
      ef.x[i] += fx[i];
      ef.y[i] += fy[i];
      ef.z[i] += fz[i];
    }
  }
  driver_.fold(system, list);
  stamp(NnStage::Finish);
  ++calls_;
  return result;
}

template <class Real>
const Real* NnPotential<Real>::aev_of(int atom) const {
  return aev_rows_.data() + static_cast<std::size_t>(row_of_.at(atom)) * aev_.length();
}

template <class Real>
StageClocks NnPotential<Real>::stage_times() const {
  static constexpr struct {
    const char* name;
    StageRole role;
  } kStages[kNumNnStages] = {{"baseline", StageRole::Baseline},
                             {"descriptor", StageRole::Descriptor},
                             {"network forward", StageRole::NetworkForward},
                             {"network backward", StageRole::NetworkBackward},
                             {"descriptor backward", StageRole::DescriptorBackward},
                             {"finish", StageRole::Other}};
  StageClocks c;
  for (int k = 0; k < kNumNnStages; ++k) {
    c.add(kStages[k].name, kStages[k].role,
          static_cast<double>(ticks_[k]) * PhaseTimer::seconds_per_tick());
  }
  c.network_flops_per_call = network_flops_per_call();
  c.double_network = std::is_same_v<Real, double>;
  c.calls = calls_;
  return c;
}

template <class Real>
double NnPotential<Real>::network_flops_per_call() const {
  double flops = 0.0;
  for (std::size_t s = 0; s + 1 < group_begin_.size(); ++s) {
    const double rows = group_begin_[s + 1] - group_begin_[s];
    // Forward: every layer; backward: every layer but the last (a broadcast of its weights).
    const auto w = spec_.widths(static_cast<int>(s));
    double fwd = 0.0, bwd = 0.0;
    for (std::size_t l = 0; l + 1 < w.size(); ++l) {
      fwd += 2.0 * w[l] * w[l + 1];
      if (l + 2 < w.size()) bwd += 2.0 * w[l] * w[l + 1];
    }
    flops += rows * (fwd + bwd);
  }
  return flops;
}

template <class Real>
bool NnPotential<Real>::supports(Backend backend) const {
#ifdef MDB_HAVE_CUDA
  if (backend == Backend::Cuda) {
    return std::is_same_v<Real, float> && (!baseline_ || baseline_->supports(Backend::Cuda));
  }
#endif
  return backend == Backend::Cpu;
}

template <class Real>
std::unique_ptr<DeviceForce> NnPotential<Real>::make_device_twin(const System& system) const {
#ifdef MDB_HAVE_CUDA
  if (supports(Backend::Cuda)) {
    std::vector<std::string> names;
    for (const auto& sp : system.species_table()) names.push_back(sp.name);
    auto baseline = baseline_ ? baseline_->make_device_twin(system) : nullptr;
    return std::make_unique<NnForceDevice>(spec_, names, std::move(baseline));
  }
#endif
  static_cast<void>(system);
  return nullptr;
}

template class NnPotential<float>;
template class NnPotential<double>;

}  // namespace mdb
