// md_bench: Google Benchmark binary measuring force fields inside real MD.
// This first version registers per-step latency of the LJ-melt and argon cases on the CPU; the
// full set of families (Step, Trajectory, Scaling, Batched) and their counters come with the
// benchmark-families work and keep these names.
#include <benchmark/benchmark.h>

#include <exception>
#include <memory>
#include <string>

#include "md/simulation.hpp"
#include "md/standard_systems.hpp"
#include "md/velocity_verlet.hpp"
#include "model/lennard_jones.hpp"

namespace {

using namespace mdb;

std::unique_ptr<Simulation> make_lj_melt_sim(int cells) {
  NeighborPolicy nl;
  nl.skin = kLjMeltSkin;
  nl.every = kLjMeltNeighborEvery;
  nl.check = false;
  return std::make_unique<Simulation>(make_lj_melt(cells, cells, cells),
                                      std::make_unique<LennardJones<>>(LjParams::lj_melt()),
                                      std::make_unique<VelocityVerlet>(kLjMeltTimestep), nl);
}

std::unique_ptr<Simulation> make_argon_sim(int nx, int ny, int nz) {
  NeighborPolicy nl;
  nl.skin = 1.0;  // Angstrom
  return std::make_unique<Simulation>(make_argon_fcc(nx, ny, nz, 40.0),
                                      std::make_unique<LennardJones<>>(LjParams::argon()),
                                      std::make_unique<VelocityVerlet>(0.002), nl);
}

// One iteration = one MD step of an already set-up system; setup is outside the timed loop.
void step_benchmark(benchmark::State& state, std::unique_ptr<Simulation> (*make)(int, int, int),
                    int nx, int ny, int nz) {
  std::unique_ptr<Simulation> sim;
  try {
    sim = make(nx, ny, nz);
    sim->run(20);  // leave the perfect lattice before timing
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  sim->timer().reset();
  const double atoms = static_cast<double>(sim->system().size());
  for (auto _ : state) {
    try {
      sim->step();
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      break;
    }
  }
  const double steps = static_cast<double>(state.iterations());
  state.counters["atoms"] = atoms;
  // List density (pairs stored per atom) explains force cost across skins and list kinds.
  state.counters["neighbors_per_atom"] =
      static_cast<double>(sim->neighbor_list().num_pairs()) / atoms;
  state.counters["atom_steps_per_s"] =
      benchmark::Counter(atoms * steps, benchmark::Counter::kIsRate);
  state.counters["us_per_atom_step"] = benchmark::Counter(
      atoms * steps * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  const double total = sim->timer().total_seconds();
  if (total > 0.0) {
    for (Phase p : {Phase::Neighbor, Phase::Force, Phase::Integrate}) {
      state.counters[std::string("frac_") + phase_name(p)] = sim->timer().seconds(p) / total;
    }
  }
}

std::unique_ptr<Simulation> lj_melt_cube(int c, int, int) {
  return make_lj_melt_sim(c);
}

}  // namespace

BENCHMARK_CAPTURE(step_benchmark, lj_melt_864, lj_melt_cube, 6, 6, 6)
    ->Name("Step/NVE/864/lj-melt/cpu")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(step_benchmark, lj_melt_32000, lj_melt_cube, 20, 20, 20)
    ->Name("Step/NVE/32000/lj-melt/cpu")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(step_benchmark, lj_ar_64, make_argon_sim, 2, 2, 4)
    ->Name("Step/NVE/64/lj-ar/cpu")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(step_benchmark, lj_ar_1024, make_argon_sim, 4, 8, 8)
    ->Name("Step/NVE/1024/lj-ar/cpu")
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
