#include "bench/peers/openmm_peer.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "bench/counters.hpp"
#include "bench/families.hpp"
#include "bench/peers/openmm_water.hpp"
#include "bench/peers/peer_chunks.hpp"
#include "bench/workspace.hpp"
#include "md/core/phase_timer.hpp"
#include "md/core/thermo.hpp"
#include "model/water/water_model.hpp"

namespace mdb::bench {
namespace {

// The first step builds OpenMM's neighbour list and PME tables; the next ones give the pace.
constexpr int kOpenmmWarmupSteps = 10;

// Kept between Google Benchmark's calls of one row, as the LAMMPS peer keeps its instance, so
// they continue one trajectory.
struct OpenMmCache {
  StateKey key;
  std::unique_ptr<OpenMmWater> omm;
  double per_step_s = 0.0;  ///< the warm-up's pace
  long chunk = 1;
};

// The water model bound to the state gives OpenMM its beta and grid: the same Ewald splitting
// and mesh as the Step row's, whatever the case's settings.
OpenMmWaterSettings settings_for(const StateKey& key, const System& system) {
  const CaseSpec& c = *key.spec;
  std::unique_ptr<ForceField> ff = c.recipe.make();
  auto* water = dynamic_cast<WaterModel*>(ff.get());
  if (water == nullptr) throw std::runtime_error(c.name + " is not a water model");
  water->bind(system);
  OpenMmWaterSettings s;
  s.platform = OpenMmPlatform::Cpu;
  s.cpu_threads = 1;
  s.beta = water->beta();
  s.grid = water->grid();
  s.timestep_ps = key.timestep * c.report.ps_per_time;
  s.langevin = key.ensemble == Ensemble::NVT;
  s.temperature_k = c.temperature;
  s.friction_per_ps = c.friction;
  s.seed = key.seed;
  return s;
}

OpenMmCache& warmed_context(const StateKey& key) {
  // Loads the CPU platform's plugin before the cache exists: statics go in reverse order at exit,
  // so the cache's Context is destroyed while the plugin's own statics still live.
  openmm_platform_installed(OpenMmPlatform::Cpu);
  static OpenMmCache cache;
  if (cache.omm && cache.key == key) return cache;
  cache.omm.reset();
  const CaseSpec& c = *key.spec;
  const System& system = equilibrated_system(key);
  auto omm = std::make_unique<OpenMmWater>(system, water_params_of(c), settings_for(key, system));
  omm->step(1);
  const std::uint64_t t0 = PhaseTimer::now();
  omm->step(kOpenmmWarmupSteps);
  const double per_step =
      static_cast<double>(PhaseTimer::now() - t0) * seconds_per_tick() / kOpenmmWarmupSteps;
  cache.key = key;
  cache.omm = std::move(omm);
  cache.per_step_s = per_step;
  cache.chunk = chunk_steps(per_step, 1);
  return cache;
}

}  // namespace

WaterParams water_params_of(const CaseSpec& c) {
  std::unique_ptr<ForceField> ff = c.recipe.make();
  const auto* water = dynamic_cast<const WaterModel*>(ff.get());
  if (water == nullptr) throw std::runtime_error(c.name + " is not a water model");
  return water->params();
}

bool has_openmm_peer(const CaseSpec& c, Ensemble e, int atoms) {
  if (c.recipe.family != "water" || !(e == Ensemble::NVE || e == Ensemble::NVT)) return false;
  // Whether the box is wide enough: the case's own box at this size, built once per size (a
  // water box's builder chooses its length from the density; 8 ms for 12,288 atoms). A size the
  // builder cannot make has no row here; its Step row says why.
  static std::mutex mutex;
  static std::map<std::pair<std::string, int>, bool> fits;
  const std::lock_guard lock(mutex);
  const auto it = fits.find({c.name, atoms});
  if (it != fits.end()) return it->second;
  bool ok = true;
  try {
    const System s = build_case_system(c, atoms, 1);
    const double cutoff = water_params_of(c).cutoff;
    for (int k = 0; k < 3; ++k) ok = ok && s.box().length(k) >= 2.0 * cutoff;
  } catch (const std::exception&) {
    ok = false;
  }
  fits[{c.name, atoms}] = ok;
  return ok;
}

void run_openmm_peer(benchmark::State& state, const StateKey& key) {
  OpenMmWater* omm = nullptr;
  long chunk = 1;
  double per_step_s = 0.0;
  try {
    OpenMmCache& cache = warmed_context(key);
    omm = cache.omm.get();
    chunk = cache.chunk;
    per_step_s = cache.per_step_s;
  } catch (const std::exception& e) {
    return skip_with_error(state, e.what());
  }
  time_peer_chunks(
      state, key, per_step_s, chunk, [&](long k) { omm->step(static_cast<int>(k)); },
      [&]() -> std::string {
        // A run that heats far past the case's temperature times something other than the model.
        const double t = temperature_of(omm->kinetic_energy(), 3.0 * key.atoms, kMetalUnits);
        if (!std::isfinite(omm->potential_energy()) || !(t < blow_up_temperature(*key.spec))) {
          return "OpenMM's run blew up (T " + std::to_string(t) + " K)";
        }
        return "";
      });
}

}  // namespace mdb::bench
