#pragma once
// A running MD simulation: the system, its force field, integrator, neighbour list and timer.
#include <memory>

#include "md/core/phase_timer.hpp"
#include "md/core/thermo.hpp"
#include "md/core/thread_team.hpp"
#include "md/force/force_field.hpp"
#include "md/force/force_stage.hpp"
#include "md/integrate/integrator.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace mdb {

/// Holds everything one trajectory needs (OpenMM's Context): owns the System, the force field, the
/// integrator, the neighbour list and the phase timer. Construction binds the force field,
/// builds the list and computes the initial forces, energy and virial. With threads > 1 the
/// force loop and the list search run on a team of that many threads (the calling thread being
/// one of them); a force field that cannot split its loop makes the constructor throw
/// std::invalid_argument.
class Simulation {
 public:
  Simulation(System system, std::unique_ptr<ForceField> force_field,
             std::unique_ptr<Integrator> integrator, const NeighborPolicy& neighbor,
             bool phase_timing = true, int threads = 1);
  Simulation(Simulation&&) = delete;  // ForceStage refers to members

  /// One step. With observe = true, energy and virial are computed for thermo().
  void step(bool observe = false);
  /// n steps; energy and virial are computed on the last one.
  void run(long n);
  /// Thermodynamic state now (computes energy/virial if the last force call skipped them).
  Thermo thermo();

  System& system() { return system_; }
  const System& system() const { return system_; }
  ForceField& force_field() { return *ff_; }
  Integrator& integrator() { return *integrator_; }
  const NeighborList& neighbor_list() const { return list_; }
  PhaseTimer& timer() { return timer_; }
  const ForceResult& last_forces() const { return stage_.last(); }
  long step_count() const { return steps_; }
  int threads() const { return team_.size(); }
  /// Degrees of freedom for the temperature: 3N minus what the integrator constrains.
  double dof() const;

 private:
  System system_;
  std::unique_ptr<ForceField> ff_;
  std::unique_ptr<Integrator> integrator_;
  NeighborList list_;
  PhaseTimer timer_;
  ForceStage stage_;
  ThreadTeam team_;
  long steps_ = 0;
};

}  // namespace mdb
