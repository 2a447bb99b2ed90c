#pragma once
// Starting states for timed runs: built, equilibrated and force-checked once per process and
// cached, because Google Benchmark calls a benchmark function several times while it settles
// the iteration count and each call must not pay (or perturb) the equilibration again.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bench/cases.hpp"
#include "md/engine/engine.hpp"

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

/// The key a state is equilibrated and cached under: an NVE state of a case that equilibrates
/// under its thermostat (thermostatted_equilibration) is the NVT state of the same size, seed
/// and time step, the same run (same start, thermostat and seed), so it is made once for both.
StateKey equilibration_key(const StateKey& key);

/// The equilibrated, force-checked system for `key`, made on first use and cached for the
/// process and, for a built-in case, on disk for later runs of the same build (state_cache(),
/// accepted when the model's energy on it is unchanged); for a case with `same_potential_as`, that
/// case's state under the same key (its ensemble, size, seed and time step), accepted by
/// check_forces_against. Throws std::runtime_error saying what went wrong (blow-up during
/// equilibration, a failed force check); the error is cached too, so later calls fail fast with the
/// same text.
const System& equilibrated_system(const StateKey& key);

/// The state `key`'s is made from: the same key of the case's same_potential_as or
/// equilibrated_from; nullopt for a case that starts from its lattice or names no usable case
/// (equilibrated_system says why).
std::optional<StateKey> source_state(const StateKey& key);

/// States this process took from the disk cache (bench/state_cache.hpp) instead of preparing.
long states_from_cache();

/// Whether a model's energy on a state now and the one stored with it come from the same model:
/// the same build's model gives the same number (one thread, the same list), so anything further
/// apart than rounding is another model.
bool same_model_energy(double now, double stored);

/// The starting state of replica `replica`: the equilibrated system, with its own
/// Maxwell-Boltzmann velocities (at the temperature the state reached) for replica > 0.
System replica_state(const StateKey& key, int replica);
/// The seed of a replica's velocities (seed + kReplicaSeedStride r); its noise uses replica_seed +
/// 2 (thermostat) and + 3 (barostat) on the CPU engine.
std::uint64_t replica_seed(const StateKey& key, int replica);

/// Where and how a timed engine runs.
struct EngineChoice {
  Backend backend = Backend::Cpu;
  int replicas = 1;         ///< independent copies of the state advanced together
  int replica_threads = 1;  ///< CPU: threads stepping the replicas
  int threads = 1;          ///< CPU: threads inside each replica's simulation
  bool graph = false;       ///< CUDA: replay steps from a graph
  bool mixed = false;       ///< CPU: the model's mixed-precision variant (cpu-mixed rows)
  int warmup_steps = 10;    ///< at least (time permitting), before two list rebuilds
  /// Every field: an engine made for one choice serves another only when all of them agree.
  bool operator==(const EngineChoice&) const = default;
};

/// An engine ready to time: the cached state (replica r > 0 with its own Maxwell-Boltzmann
/// velocities at the equilibrated temperature, and noise seeds of its own), the case's model and
/// ensemble, warmed up for `warmup_steps` and then through two neighbour-list rebuilds, at least
/// two steps and at most 2,000 steps or about 0.05 s, health-checked. `warm_step_s`, when given,
/// gets the warm-up's pace in wall seconds per step, its first (cold) steps left out. Throws what
/// make_engine throws, and std::runtime_error when the warm-up blows up.
std::unique_ptr<Engine> make_timed_engine(const StateKey& key, const EngineChoice& choice,
                                          double* warm_step_s = nullptr);

/// The kinetic temperature above which a run of case `c` counts as blown up (20 x the case's).
double blow_up_temperature(const CaseSpec& c);

/// Runs n steps in chunks of 50, checking health between chunks. Throws std::runtime_error
/// starting with `what` when a step fails or the run blows up.
void run_checked(Engine& engine, const CaseSpec& c, long n, const char* what);

}  // namespace mdb::bench
