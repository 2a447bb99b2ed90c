#include "bench/peers/lammps_peer.hpp"

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "bench/counters.hpp"
#include "bench/families.hpp"
#include "bench/peers/lammps_instance.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/peers/lammps_state.hpp"
#include "bench/peers/peer_chunks.hpp"
#include "bench/workspace.hpp"
#include "md/core/phase_timer.hpp"
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_log.hpp"
#endif

namespace mdb::bench {
namespace {

constexpr long kLammpsWarmupSteps = 20;
// LAMMPS computes thermo (energy, virial) on the last step of every run: with 1-step chunks of
// a large system every step would, which md_bench's Step rows do not.
constexpr long kMinChunkSteps = 20;
// The statistics chunk must span list rebuilds (every 20 steps in in.lj, every ~10-30 steps with
// check yes) or Neigh reads 0: a 2-step chunk of a large system often has none.
constexpr long kStatsMinSteps = 60;

// Potential files LAMMPS reads live here for the process's lifetime.
const std::string& scratch_dir() {
  struct Dir {
    std::filesystem::path path;
    Dir() {
      path = std::filesystem::temp_directory_path() /
             ("mdbench-lammps-" + std::to_string(static_cast<long>(::getpid())));
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Dir dir;
  static const std::string s = dir.path.string();
  return s;
}

// Google Benchmark calls a benchmark function several times while it settles the iteration
// count; the LAMMPS instance (set up and warmed) is kept between those calls, as Workspace keeps
// md_bench's own simulations, so they continue one trajectory.
struct PeerCache {
  StateKey key;
  std::string suffix;
  std::unique_ptr<LammpsInstance> lmp;
  double per_step_s = 0.0;  ///< the warm-up's pace
  long chunk = 1;           ///< steps per timed `run`, from the warm-up's pace
  /// The phase split and list size of one statistics chunk, taken after the first call's timed
  /// steps and shared by the later calls of the same instance (Google Benchmark's probing runs
  /// and repetitions): a chunk per call cost 60 more steps each time (~0.5 s of SNAP).
  std::optional<LammpsRunStats> stats;
};

// The pair style the case's LAMMPS lines name, with the accelerator suffix: LAMMPS would quietly
// fall back to the plain style where the suffixed one does not exist.
void require_suffixed_style(LammpsInstance& lmp, const CaseSpec& c, const std::string& suffix) {
  for (const std::string& line : c.recipe.lammps_pair(scratch_dir())) {
    if (!line.starts_with("pair_style ")) continue;
    const std::string style = line.substr(11, line.find(' ', 11) - 11) + "/" + suffix;
    if (!lmp.has_style("pair", style.c_str())) {
      throw std::runtime_error("this LAMMPS has no pair style " + style);
    }
  }
}

PeerCache& warmed_instance(const StateKey& key, const std::string& suffix) {
  LammpsInstance::finalize_mpi_at_exit();  // before the cache: it must close its instance first
  static PeerCache cache;
  if (cache.lmp && cache.key == key && cache.suffix == suffix) return cache;
  cache.lmp.reset();
  cache.stats.reset();
#ifdef MDB_HAVE_KIM
  install_kim_log();  // before LAMMPS's pair kim creates models: no kim.log in the cwd
#endif
  const System& system = equilibrated_system(key);
  auto lmp = std::make_unique<LammpsInstance>();
  const CaseSpec& c = *key.spec;
  load_lammps_state(*lmp, c, system, scratch_dir());
  if (!suffix.empty()) {
    require_suffixed_style(*lmp, c, suffix);
    lmp->commands("suffix " + suffix);
  }
  lmp->commands(lammps_dynamics_script(c, key.ensemble, key.timestep, key.seed, scratch_dir()));
  lmp->run(0, true);
  const std::uint64_t t0 = PhaseTimer::now();
  lmp->run(kLammpsWarmupSteps, false);
  const double per_step =
      static_cast<double>(PhaseTimer::now() - t0) * seconds_per_tick() / kLammpsWarmupSteps;
  cache.key = key;
  cache.suffix = suffix;
  cache.lmp = std::move(lmp);
  cache.per_step_s = per_step;
  cache.chunk = lammps_chunk_steps(per_step);
  return cache;
}

}  // namespace

long lammps_chunk_steps(double seconds_per_step) {
  return chunk_steps(seconds_per_step, kMinChunkSteps);
}

void run_lammps_peer(benchmark::State& state, const StateKey& key, const std::string& suffix) {
  LammpsInstance* lmp = nullptr;
  PeerCache* cache = nullptr;
  try {
    cache = &warmed_instance(key, suffix);
    lmp = cache->lmp.get();
  } catch (const std::exception& e) {
    return skip_with_error(state, e.what());
  }
  const double natoms = static_cast<double>(key.atoms);
  if (lmp->natoms() != natoms) return skip_with_error(state, "LAMMPS lost atoms while warming up");
  if (prepare_calls()) return finish_prepare_call(state, cache->per_step_s);
  MemoryProbe probe;
  probe.start();
  double seconds = 0.0;
  try {
    seconds = run_in_chunks(state, cache->chunk, [&](long k) {
      lmp->run(k, false);
      if (lmp->natoms() != natoms) throw std::runtime_error("LAMMPS lost atoms (the run blew up)");
    });
  } catch (const std::exception& e) {
    return skip_with_error(state, e.what());
  }
  // Thermo runs on every run's last step, so "pe" is current.
  if (!std::isfinite(lmp->thermo("pe")))
    return skip_with_error(state, "LAMMPS energy is not finite");
  Measurement m;
  probe.finish(m, state.iterations());
  // The phase split and list size come from one more chunk, run after the timed ones with
  // LAMMPS's statistics on (they cost a log file and a few reductions, so not while timed).
  if (!cache->stats) {
    try {
      cache->stats =
          lmp->run_with_stats(std::max(cache->chunk, kStatsMinSteps), scratch_dir() + "/peer.log");
    } catch (const std::exception& e) {
      return skip_with_error(state, e.what());
    }
  }
  const LammpsRunStats& st = *cache->stats;
  m.natoms = natoms;
  m.neighbors_per_atom = st.neighbors / natoms;
  m.timestep_ps = key.timestep * key.spec->report.ps_per_time;
  m.steps = static_cast<double>(state.iterations());
  m.seconds = seconds;
  // publish() turns phase seconds into fractions of m.seconds: scale the chunk's split to it.
  if (st.loop > 0) {
    const double scale = seconds / st.loop;
    m.force_s = st.pair * scale;
    // md_bench's list phase also moves the ghost atoms every step (Halo::refresh), which
    // LAMMPS books as Comm: both go to frac_neigh, so the two rows split a step alike.
    m.neighbor_s = (st.neigh + st.comm) * scale;
    m.integrate_s = st.modify * scale;
  }
  publish(state, m);
}

}  // namespace mdb::bench
