#include "bench/prepared_state.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "bench/force_check.hpp"
#include "bench/once_per_key.hpp"
#include "bench/state_cache.hpp"
#include "md/core/thermo.hpp"
#include "md/engine/cpu_engine.hpp"
#include "md/engine/make_engine.hpp"
#include "md/structure/velocities.hpp"

namespace mdb::bench {
namespace {

std::atomic<long> g_states_from_cache{0};
void note_state_from_cache() {
  g_states_from_cache.fetch_add(1, std::memory_order_relaxed);
}

// A case's run specification for these starting states (the rest of RunSpec at its defaults).
RunSpec case_run(const CaseSpec& c, std::vector<System> replicas, const EnsembleSpec& ensemble,
                 double dt) {
  RunSpec spec;
  spec.replicas = std::move(replicas);
  spec.model = c.recipe.make;
  spec.ensemble = ensemble;
  spec.neighbor = c.neighbor;
  spec.dt = dt;
  return spec;
}

// Makes the case's model's mixed-precision variant (ForceField::mixed_precision); without one,
// the model itself when `or_model`, else an error.
std::function<std::unique_ptr<ForceField>()> mixed_model(const CaseSpec& c, bool or_model) {
  return [make = c.recipe.make, or_model] {
    std::unique_ptr<ForceField> model = make();
    if (std::unique_ptr<ForceField> mixed = model->mixed_precision()) return mixed;
    if (!or_model) throw std::invalid_argument("the model has no mixed-precision variant");
    return model;
  };
}

// The case `c` names as its same_potential_as or equilibrated_from: one with the same
// system and state point, so that its state is one `c` could have equilibrated to, which prepares
// its own state, from the lattice or (for same_potential_as) from a third case's (chains stop
// there, so they cannot loop).
enum class Source { SamePotential, StartingState };
const CaseSpec& state_source(const CaseSpec& c, Source role) {
  const bool adopting = role == Source::SamePotential;
  const std::string& name = adopting ? c.same_potential_as : c.equilibrated_from;
  const char* field = adopting ? "same_potential_as" : "equilibrated_from";
  const CaseSpec* s = find_case(name);
  auto refuse = [&](const char* why) {
    throw std::runtime_error(c.name + ": " + field + " '" + name + "' " + why);
  };
  if (s == nullptr) refuse("is not a case");
  if (!s->same_potential_as.empty() || (!adopting && !s->equilibrated_from.empty())) {
    refuse("takes its state from another case itself");
  }
  if (s->structure != c.structure || s->lattice != c.lattice ||
      s->lattice_constant != c.lattice_constant || s->species != c.species || s->mass != c.mass ||
      s->units != c.units || s->temperature != c.temperature || s->pressure != c.pressure) {
    refuse("is another system or state point");
  }
  return *s;
}

// The other case's prepared state (made and cached under its own key), accepted once this case's
// model gives the forces that case's model gave there.
System adopt(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  StateKey from = key;
  from.spec = &state_source(c, Source::SamePotential);
  const System* state = nullptr;
  try {
    state = &equilibrated_system(from);
  } catch (const std::exception& e) {
    throw std::runtime_error(from.spec->name + "'s state: " + e.what());
  }
  auto model = c.recipe.make();
  auto reference = from.spec->recipe.make();
  if (auto err = check_forces_against(*model, *reference, *state, c.recipe.force_tolerance)) {
    throw std::runtime_error(*err);
  }
  return *state;
}

System equilibrate(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  std::vector<System> start;
  if (c.equilibrated_from.empty()) {
    start.push_back(build_case_system(c, key.atoms, key.seed));
  } else {
    StateKey from = key;
    from.spec = &state_source(c, Source::StartingState);
    try {
      start.push_back(equilibrated_system(from));
    } catch (const std::exception& e) {
      throw std::runtime_error(from.spec->name + "'s state: " + e.what());
    }
  }
  EnsembleSpec ensemble = case_ensemble(c, key.ensemble, key.seed + 1);
  RunSpec run = case_run(c, std::move(start), ensemble, key.timestep);
  // The same potential in float pair arithmetic, where the model has it, takes the atoms to
  // equilibrium several times faster (water 5x); the double model checks the state it reaches.
  run.model = mixed_model(c, true);
  CpuEngine engine(std::move(run));
  run_checked(engine, c, c.equilibration_steps, "equilibration");
  auto ff = c.recipe.make();
  if (auto err = check_forces_fd(*ff, engine.simulation(0).system(), c.recipe.force_tolerance)) {
    throw std::runtime_error(*err);
  }
  return engine.simulation(0).system();
}

// A state from the disk cache when this build stored it for the same model, else equilibrated
// (and force-checked) here and stored for the next run. A custom case is never cached: its
// structure file and settings are outside the binary and the key.
System prepare(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  if (!c.same_potential_as.empty()) return adopt(key);
  const StateCache& disk = state_cache();
  if (!disk.enabled() || c.custom) return equilibrate(key);
  const std::string k = key.str();
  const std::unique_ptr<ForceField> model = c.recipe.make();
  if (auto hit = disk.load(k, *c.units)) {
    if (same_model_energy(energy_of(*model, hit->system), hit->energy)) {
      note_state_from_cache();
      return std::move(hit->system);
    }
  }
  System state = equilibrate(key);
  disk.store(k, state, energy_of(*model, state));
  return state;
}

}  // namespace

bool same_model_energy(double now, double stored) {
  return std::abs(now - stored) <= 1e-12 * std::max(1.0, std::abs(stored));
}

long states_from_cache() {
  return g_states_from_cache.load(std::memory_order_relaxed);
}

std::string StateKey::str() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s/%s/%d/seed:%llu/dt:%.17g", spec ? spec->name.c_str() : "?",
                std::string(ensemble_name(ensemble)).c_str(), atoms,
                static_cast<unsigned long long>(seed), timestep);
  return buf;
}

std::optional<StateKey> source_state(const StateKey& key) {
  const CaseSpec* c = key.spec;
  if (c == nullptr || (c->same_potential_as.empty() && c->equilibrated_from.empty())) {
    return std::nullopt;
  }
  StateKey from = equilibration_key(key);  // as equilibrate() asks for it
  try {
    from.spec = &state_source(
        *c, c->same_potential_as.empty() ? Source::StartingState : Source::SamePotential);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return from;
}

StateKey equilibration_key(const StateKey& key) {
  StateKey k = key;
  if (k.ensemble == Ensemble::NVE && k.spec != nullptr && k.spec->thermostatted_equilibration) {
    k.ensemble = Ensemble::NVT;  // equilibrate() runs NVE's under the case's thermostat
  }
  return k;
}

const System& equilibrated_system(const StateKey& key_asked) {
  // A case that adopts or starts from another's state asks for it from inside prepare().
  static OncePerKey<System> states;
  const StateKey key = equilibration_key(key_asked);
  return states.get(key.str(), [&] { return prepare(key); });
}

std::uint64_t replica_seed(const StateKey& key, int replica) {
  return key.seed + kReplicaSeedStride * static_cast<std::uint64_t>(replica);
}

System replica_state(const StateKey& key, int replica) {
  System system = equilibrated_system(key);
  if (replica > 0) {
    // At the state point the equilibrated system actually reached (an NVE melt settles far
    // below its initial temperature), so every replica samples the same ensemble.
    const double dof = 3.0 * static_cast<double>(system.size()) - 3.0;
    const double t_now = temperature_of(kinetic_energy(system), dof, system.units());
    assign_maxwell_boltzmann(system, t_now, replica_seed(key, replica));
  }
  return system;
}

double blow_up_temperature(const CaseSpec& c) {
  constexpr double kMaxHeating = 20.0;  // a kinetic temperature this far above the case's
  return kMaxHeating * c.temperature;
}

void run_checked(Engine& engine, const CaseSpec& c, long n, const char* what) {
  constexpr long kChunk = 50;
  for (long done = 0; done < n;) {
    const long k = std::min(kChunk, n - done);
    try {
      engine.run(k);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(what) + " failed near step " + std::to_string(done + k) +
                               ": " + e.what());
    }
    done += k;
    if (auto err = engine.check_health(blow_up_temperature(c))) {
      throw std::runtime_error(std::string(what) + " blew up after " + std::to_string(done) +
                               " steps: " + *err);
    }
  }
}

namespace {

// Returns the warm-up's pace (s per step): its steps after the single ones, or the last single
// step where it ran no others (a slow model), so that the first, cold steps do not count.
double warm_up(Engine& engine, const CaseSpec& c, long steps) {
  // The first steps touch every buffer; then the run goes on through two neighbour-list
  // rebuilds, whose list (and device list storage) is sized for a moving system, so that growth
  // does not land in the timed steps. A system that has not rebuilt twice within
  // kMaxWarmupSeconds rebuilds rarely while timed too (a crystal: its first build's 25 %
  // headroom covers later ones, and a growth would show in allocs_per_step), and Google
  // Benchmark's own unreported probing runs (at least 0.05 s of steps before any row whose step
  // is shorter than that) continue the same trajectory before the reported one. Single steps
  // first, so a slow model (25 ms a step) stops within the bound after kMinWarmupSteps.
  constexpr long kMinWarmupSteps = 2;
  constexpr long kMaxWarmupSteps = 2000;
  constexpr double kMaxWarmupSeconds = 0.05;
  using Clock = std::chrono::steady_clock;
  const long long builds = engine.list_builds();
  const auto start = Clock::now();
  double chunked_s = 0.0, last_single_s = 0.0;
  long chunked_steps = 0;
  for (long done = 0; done < kMaxWarmupSteps;) {
    if (done >= steps && engine.list_builds() >= builds + 2) break;
    const std::chrono::duration<double> spent = Clock::now() - start;
    if (done >= std::min(steps, kMinWarmupSteps) && spent.count() > kMaxWarmupSeconds) break;
    const long k = done < steps ? 1 : 10;
    const auto t0 = Clock::now();
    run_checked(engine, c, k, "warm-up");
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    if (k == 1) {
      last_single_s = dt;
    } else {
      chunked_s += dt;
      chunked_steps += k;
    }
    done += k;
  }
  return chunked_steps > 0 ? chunked_s / static_cast<double>(chunked_steps) : last_single_s;
}

}  // namespace

std::unique_ptr<Engine> make_timed_engine(const StateKey& key, const EngineChoice& choice,
                                          double* warm_step_s) {
  const CaseSpec& c = *key.spec;
  std::vector<System> replicas;
  replicas.reserve(static_cast<std::size_t>(choice.replicas));
  for (int r = 0; r < choice.replicas; ++r) replicas.push_back(replica_state(key, r));
  RunSpec spec = case_run(c, std::move(replicas),
                          case_ensemble(c, key.ensemble, replica_seed(key, 0) + 2), key.timestep);
  spec.threads = choice.threads;
  spec.replica_threads = choice.replica_threads;
  spec.use_graph = choice.graph;
  if (choice.mixed) spec.model = mixed_model(c, false);
  std::unique_ptr<Engine> engine = make_engine(choice.backend, std::move(spec));
  const double pace = warm_up(*engine, c, choice.warmup_steps);
  if (warm_step_s != nullptr) *warm_step_s = pace;
  return engine;
}

}  // namespace mdb::bench
