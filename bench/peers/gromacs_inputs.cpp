#include "bench/peers/gromacs_inputs.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <stdexcept>

#include "bench/peers/gromacs_gro.hpp"
#include "bench/peers/gromacs_mdp.hpp"
#include "bench/peers/gromacs_topology.hpp"
#include "bench/peers/peer_input_files.hpp"
#ifdef MDB_HAVE_WATER
#include "model/pme/pme_params.hpp"
#endif

namespace mdb::bench {
namespace {

constexpr long kIntervalMaxSteps = 2000;
constexpr long kIntervalChunk = 100;
constexpr long long kIntervalBuilds = 10;

// The grid md_bench's PME takes for `box` (fourier-nx/ny/nz), so that both use the same one.
std::array<int, 3> pme_grid_for(const GromacsPotential::Pme& pme, double cutoff, const Box& box) {
#ifdef MDB_HAVE_WATER
  PmeSettings settings;
  settings.cutoff = cutoff;
  settings.ewald_rtol = pme.ewald_rtol;
  settings.fourier_spacing = pme.fourier_spacing;
  settings.order = pme.order;
  return pme_params_from_settings(settings, box).grid;
#else
  static_cast<void>(pme);
  static_cast<void>(cutoff);
  static_cast<void>(box);
  return {0, 0, 0};  // GROMACS chooses by the same rule
#endif
}

}  // namespace

bool has_gromacs_peer(const CaseSpec& c, Ensemble e) {
  return c.recipe.gromacs != nullptr && e == Ensemble::NVE;
}

int gromacs_list_interval(const StateKey& key) {
  const NeighborPolicy& policy = key.spec->neighbor;
  if (!policy.check) return std::max(policy.every, 1);
  const std::unique_ptr<Engine> engine = make_timed_engine(key, EngineChoice{});
  const long long first = engine->list_builds();
  long steps = 0;
  while (steps < kIntervalMaxSteps && engine->list_builds() - first < kIntervalBuilds) {
    run_checked(*engine, *key.spec, kIntervalChunk, "measuring the list interval");
    steps += kIntervalChunk;
  }
  const long long builds = engine->list_builds() - first;
  return static_cast<int>(std::max<long long>(policy.every, builds > 0 ? steps / builds : steps));
}

int write_gromacs_inputs(const std::vector<PlannedBenchmark>& plan, const std::string& filter,
                         const std::string& dir, std::vector<std::string>* skipped) {
  namespace fs = std::filesystem;
  const fs::path root = fs::absolute(dir);
  make_input_folder(root);
  std::string index;
  int written = 0;
  for (const PlannedBenchmark& p : plan) {
    const BenchmarkSpec& s = p.spec;
    if (s.family != Family::Step || s.backend != Backend::Cpu || s.sim_threads != 1 || s.mixed) {
      continue;
    }
    if (!has_gromacs_peer(*s.key.spec, s.key.ensemble)) continue;
    if (!filter_selects(filter, p.name + "/manual_time")) continue;
    const CaseSpec& c = *s.key.spec;
    const std::string ens(ensemble_name(s.key.ensemble));
    const std::string atoms = std::to_string(s.key.atoms);
    const std::string name = ens + "-" + atoms + "-" + c.name;
    const std::string title = "md_bench state " + p.name;
    try {
      const System& state = equilibrated_system(s.key);
      const GromacsUnits units = gromacs_units(*c.units);
      const auto& box = state.box().lengths();
      const double shortest = std::min({box[0], box[1], box[2]});
      const double rlist = c.recipe.gromacs->cutoff + c.neighbor.skin;
      const std::vector<double>& charges = state.topology().charge;
      const bool charged =
          std::any_of(charges.begin(), charges.end(), [](double q) { return q != 0.0; });
      if (charged && !c.recipe.gromacs->pme) {
        if (skipped) {
          skipped->push_back(name +
                             ": charged, and its model names no electrostatics for "
                             "GROMACS (GromacsPotential::pme)");
        }
        continue;
      }
      if (shortest < 2.0 * rlist) {
        if (skipped) {
          skipped->push_back(name + ": GROMACS needs a box at least twice rlist (" +
                             std::to_string(rlist * units.nm_per_length) + " nm), this one is " +
                             std::to_string(shortest * units.nm_per_length) + " nm");
        }
        continue;
      }
      const fs::path folder = root / name;
      make_input_folder(folder);
      const GromacsTopology top = make_gromacs_topology(*c.recipe.gromacs, state, units, title);
      const int interval = gromacs_list_interval(s.key);
      GromacsRunParams run =
          gromacs_run_params(*c.recipe.gromacs, c.neighbor, s.key.timestep, interval, units, title);
      if (const auto& pme = c.recipe.gromacs->pme) {
        run.pme_grid = pme_grid_for(*pme, c.recipe.gromacs->cutoff, state.box());
      }
      write_input_text(folder / "conf.gro", gro_text(state, top, units, title));
      write_input_text(folder / "topol.top", topology_text(top));
      write_input_text(folder / "grompp.mdp", mdp_text(run));
      run.rerun = true;
      write_input_text(folder / "rerun.mdp", mdp_text(run));
      index.append(name).append("\tStep/").append(ens).append("/").append(atoms).append("/");
      index.append(c.name).append("\t").append(atoms).append("\t");
      index.append(std::to_string(interval)).append("\n");
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(name + ": " + e.what());
    }
    ++written;
  }
  write_input_text(root / "index.tsv", index);
  return written;
}

}  // namespace mdb::bench
