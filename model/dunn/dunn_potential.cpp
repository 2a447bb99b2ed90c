#include "model/dunn/dunn_potential.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "md/core/grow.hpp"
#include "md/core/phase_timer.hpp"

namespace mdb {
namespace {

const DunnParams& validated(const DunnParams& p) {
  p.validate("DunnPotential");
  return p;
}

}  // namespace

DunnPotential::DunnPotential(DunnParams params, int active_member)
    : params_(std::move(params)),
      cutoff_(validated(params_).descriptor.max_cutoff()),
      descriptor_(params_.descriptor),
      network_(params_.network) {
  set_active_member(active_member);
  use_threads(nullptr);
}

void DunnPotential::set_active_member(int active_member) {
  if (active_member < kDunnEnsembleMean || active_member > ensemble_size()) {
    throw std::invalid_argument("DunnPotential: active member " + std::to_string(active_member) +
                                " is out of range [-1, " + std::to_string(ensemble_size()) +
                                "] (-1 ensemble mean, 0 fully connected, m member m)");
  }
  active_member_ = active_member;
}

void DunnPotential::bind(const System& system) {
  const auto& table = system.species_table();
  if (table.empty()) throw std::invalid_argument("DunnPotential: the system has no species");
  std::vector<int> of_system;
  for (const Species& s : table) {
    const int code = params_.descriptor.species_index(s.name);
    if (code < 0) {
      std::string known;
      for (const auto& name : params_.descriptor.species)
        known += (known.empty() ? "" : ", ") + name;
      throw std::invalid_argument("DunnPotential: species '" + s.name +
                                  "' is not in the model (it has " + known + ")");
    }
    of_system.push_back(code);
  }
  descriptor_.bind(of_system);
  bound_species_ = static_cast<int>(table.size());
  const std::size_t n = system.size();
  inputs_.assign(n * static_cast<std::size_t>(descriptor_.size()), 0.0);
  grads_.assign(inputs_.size(), 0.0);
  driver_.reserve(4 * n);
}

bool DunnPotential::use_threads(ThreadTeam* team) {
  driver_.use_threads(team);
  const int nt = driver_.threads();
  scratch_.resize(static_cast<std::size_t>(nt));
  workspace_.resize(static_cast<std::size_t>(nt));
  stage_ticks_.assign(static_cast<std::size_t>(nt), {});
  return true;
}

StageClocks DunnPotential::stage_times() const {
  auto seconds = [&](DunnStage s) {
    std::uint64_t ticks = 0;
    for (const auto& t : stage_ticks_) ticks += t[static_cast<int>(s)];
    return static_cast<double>(ticks) * PhaseTimer::seconds_per_tick();
  };
  StageClocks c;
  c.add("descriptor", StageRole::Descriptor, seconds(DunnStage::Descriptor));
  c.add("network", StageRole::NetworkForward, seconds(DunnStage::Network));
  c.add("descriptor backward", StageRole::DescriptorBackward,
        seconds(DunnStage::DescriptorBackward));
  c.network_flops_per_call = network_flops_per_call();
  c.double_network = true;
  c.calls = calls_;
  return c;
}

void DunnPotential::reset_stage_times() {
  for (auto& t : stage_ticks_) t.fill(0);
  calls_ = 0;
}

ForceResult DunnPotential::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (bound_species_ == 0 || inputs_.size() != system.size() * descriptor_.size()) {
    throw std::logic_error("DunnPotential: compute() before bind() or after the system changed");
  }
  if (static_cast<int>(system.species_table().size()) != bound_species_) {
    throw std::logic_error("DunnPotential: species changed since bind()");
  }
  if (list.kind() != NeighborKind::Full) {
    throw std::invalid_argument("DunnPotential: needs a full neighbour list");
  }
  if (list.cutoff() < cutoff_) {
    throw std::invalid_argument("DunnPotential: neighbour list cutoff " +
                                std::to_string(list.cutoff()) + " is below " +
                                std::to_string(cutoff_));
  }
  const NeighborView v = list.view();
  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  const std::size_t d = static_cast<std::size_t>(descriptor_.size());
  // Thread t: its centre atoms through descriptor, network and descriptor backward; an
  // energy-only call (a finite-difference probe) stops after the network's forward pass.
  const bool forces = flags.needs_forces();
  auto loop = [&](int t, int b, int e, ExtendedForces& f) {
    PairSums sums;
    if (e > b) {
      DunnDescriptor::Scratch& s = scratch_[static_cast<std::size_t>(t)];
      double* in = inputs_.data() + static_cast<std::size_t>(b) * d;
      double* grad = grads_.data() + static_cast<std::size_t>(b) * d;
      auto& ticks = stage_ticks_[static_cast<std::size_t>(t)];
      const std::uint64_t t0 = PhaseTimer::now();
      descriptor_.forward(v, b, e, in, s);
      const std::uint64_t t1 = PhaseTimer::now();
      sums.energy = network_.evaluate(in, e - b, active_member_, forces ? grad : nullptr,
                                      workspace_[static_cast<std::size_t>(t)]);
      const std::uint64_t t2 = PhaseTimer::now();
      if (forces) descriptor_.backward(v, b, e, grad, s, f.x.data(), f.y.data(), f.z.data());
      if (forces) {  // an energy-only call is no step: it leaves the stage clocks
        ticks[static_cast<int>(DunnStage::Descriptor)] += t1 - t0;
        ticks[static_cast<int>(DunnStage::Network)] += t2 - t1;
        ticks[static_cast<int>(DunnStage::DescriptorBackward)] += PhaseTimer::now() - t2;
      }
    }
    return sums;
  };
  const PairSums sums = driver_.accumulate(n_ext, v.offsets, v.n_local, loop);
  if (forces) ++calls_;
  return driver_.finish(system, list, flags, sums, VirialFrom::Positions);
}

}  // namespace mdb
