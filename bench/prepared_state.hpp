#pragma once
// Starting states for timed runs: built, equilibrated and force-checked once per process and
// cached, because Google Benchmark calls a benchmark function several times while it settles
// the iteration count and each call must not pay (or perturb) the equilibration again.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bench/cases.hpp"
#include "md/simulation.hpp"

namespace mdb::bench {

/// Identifies one equilibrated state.
struct StateKey {
  const CaseSpec* spec = nullptr;
  Ensemble ensemble = Ensemble::NVE;
  int atoms = 0;
  std::uint64_t seed = 0;
  double timestep = 0.0;  ///< case units (the case's own unless overridden)
  std::string str() const;
  bool operator==(const StateKey&) const = default;
};

/// The equilibrated, force-checked system for `key`, made on first use and cached for the
/// process. Throws std::runtime_error saying what went wrong (blow-up during equilibration, a
/// failed force check); the error is cached too, so later calls fail fast with the same text.
const System& equilibrated_system(const StateKey& key);

/// A simulation ready to time: the cached state, the case's force field and the ensemble's
/// integrator, warmed up for `warmup_steps` and then through two neighbour-list rebuilds.
/// Replica r > 0 gets its own Maxwell-Boltzmann velocities (at the equilibrated temperature) and
/// thermostat seed, so replicas are independent trajectories of the same ensemble.
/// The starting state of replica `replica`: the equilibrated system, with its own
/// Maxwell-Boltzmann velocities (at the temperature the state reached) for replica > 0.
System replica_state(const StateKey& key, int replica);
/// The seed of a replica's velocities; its thermostat noise uses replica_seed + 2.
std::uint64_t replica_seed(const StateKey& key, int replica);

/// `threads` > 1 splits the simulation's force loop and list search over that many threads.
std::unique_ptr<Simulation> make_timed_simulation(const StateKey& key, int replica,
                                                  int warmup_steps = 10, int threads = 1);

/// Empty when the simulation looks sane, else one line saying what blew up: a non-finite position
/// or velocity, an atom more than a box length outside the box, or a kinetic temperature above
/// 20x the case's. O(N); callers run it between timed steps.
std::optional<std::string> check_health(Simulation& sim, const CaseSpec& spec);

}  // namespace mdb::bench
