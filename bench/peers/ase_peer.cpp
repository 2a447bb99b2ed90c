#include "bench/peers/ase_peer.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "bench/counters.hpp"
#include "bench/families.hpp"
#include "bench/peers/peer_chunks.hpp"
#include "bench/workspace.hpp"
#include "md/core/phase_timer.hpp"
#include "model/ase/ase_dynamics.hpp"

namespace mdb::bench {
namespace {

constexpr long kAseWarmupSteps = 3;  // ASE's first steps pay for imports and neighbour lists

// Kept between Google Benchmark's calls of one row, as the LAMMPS peer keeps its instance, so
// they continue one trajectory.
struct AseCache {
  StateKey key;
  std::unique_ptr<AseDynamics> dyn;
  double per_step_s = 0.0;  ///< the warm-up's pace
  long chunk = 1;
};

AseCache& warmed_dynamics(const StateKey& key) {
  static AseCache cache;
  if (cache.dyn && cache.key == key) return cache;
  cache.dyn.reset();
  const CaseSpec& c = *key.spec;
  AseLoopSettings s;
  s.langevin = key.ensemble == Ensemble::NVT;
  s.timestep_ps = key.timestep * c.report.ps_per_time;
  s.temperature_k = c.temperature;
  s.friction_per_ps = c.friction;
  s.seed = key.seed;
  auto dyn = std::make_unique<AseDynamics>(parse_ase_spec(c.recipe.ase_calculator),
                                           equilibrated_system(key), s);
  dyn->run(1);
  const std::uint64_t t0 = PhaseTimer::now();
  dyn->run(kAseWarmupSteps);
  const double per_step =
      static_cast<double>(PhaseTimer::now() - t0) * seconds_per_tick() / kAseWarmupSteps;
  cache.key = key;
  cache.dyn = std::move(dyn);
  cache.per_step_s = per_step;
  cache.chunk = chunk_steps(per_step, 1);
  return cache;
}

}  // namespace

bool has_ase_peer(const CaseSpec& c, Ensemble e) {
  return !c.recipe.ase_calculator.empty() && c.units == &kMetalUnits &&
         (e == Ensemble::NVE || e == Ensemble::NVT);
}

void run_ase_peer(benchmark::State& state, const StateKey& key) {
  AseDynamics* dyn = nullptr;
  long chunk = 1;
  double per_step_s = 0.0;
  try {
    AseCache& cache = warmed_dynamics(key);
    dyn = cache.dyn.get();
    chunk = cache.chunk;
    per_step_s = cache.per_step_s;
  } catch (const std::exception& e) {
    return skip_with_error(state, e.what());
  }
  time_peer_chunks(
      state, key, per_step_s, chunk, [&](long k) { dyn->run(k); },
      [&]() -> std::string {
        if (!std::isfinite(dyn->potential_energy())) {
          return "ASE's energy is not finite (the run blew up)";
        }
        return "";
      });
}

}  // namespace mdb::bench
