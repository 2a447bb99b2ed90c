#pragma once
// The force half of an MD step, shared by all integrators.
#include "md/core/phase_timer.hpp"
#include "md/core/thread_team.hpp"
#include "md/force/force_field.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace mdb {

/// Refreshes forces for new positions: updates (or rebuilds) the neighbour list, calls the force
/// field, and charges the time to the Neighbor and Force phases. Keeps the last ForceResult.
/// Does not own what it references.
class ForceStage {
 public:
  /// `team`: the simulation's threads (nullptr: one), which integrators may split their
  /// per-atom updates over.
  ForceStage(ForceField& force_field, NeighborList& list, PhaseTimer& timer,
             ThreadTeam* team = nullptr)
      : ff_(force_field), list_(list), timer_(timer), team_(team) {}

  /// Call after positions (or the box) changed.
  const ForceResult& refresh(System& system, ComputeFlags flags);
  /// Recomputes forces without touching the list (e.g. to get energy for unchanged positions).
  const ForceResult& recompute(System& system, ComputeFlags flags);
  const ForceResult& last() const { return last_; }
  ComputeFlags last_flags() const { return last_flags_; }
  PhaseTimer& timer() { return timer_; }
  NeighborList& list() { return list_; }
  ThreadTeam* team() const { return team_; }

 private:
  ForceField& ff_;
  NeighborList& list_;
  PhaseTimer& timer_;
  ThreadTeam* team_;
  ForceResult last_;
  ComputeFlags last_flags_{false, false};
};

}  // namespace mdb
