#pragma once
// The force half of an MD step, shared by all integrators.
#include "md/force_field.hpp"
#include "md/neighbor_list.hpp"
#include "md/phase_timer.hpp"

namespace mdb {

/// Refreshes forces for new positions: updates (or rebuilds) the neighbour list, calls the force
/// field, and charges the time to the Neighbor and Force phases. Keeps the last ForceResult.
/// Does not own what it references.
class ForceStage {
 public:
  ForceStage(ForceField& force_field, NeighborList& list, PhaseTimer& timer)
      : ff_(force_field), list_(list), timer_(timer) {}

  /// Call after positions (or the box) changed.
  const ForceResult& refresh(System& system, ComputeFlags flags);
  /// Recomputes forces without touching the list (e.g. to get energy for unchanged positions).
  const ForceResult& recompute(System& system, ComputeFlags flags);
  const ForceResult& last() const { return last_; }
  ComputeFlags last_flags() const { return last_flags_; }
  PhaseTimer& timer() { return timer_; }
  NeighborList& list() { return list_; }

 private:
  ForceField& ff_;
  NeighborList& list_;
  PhaseTimer& timer_;
  ForceResult last_;
  ComputeFlags last_flags_{false, false};
};

}  // namespace mdb
