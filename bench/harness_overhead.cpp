// harness_overhead: what md_bench's per-step bookkeeping costs next to the step it times.
// Three benchmarks in one process, all on wall time:
//   Harness/bookkeeping       the per-iteration work of a Step benchmark around an empty step
//   Harness/raw_step          a bare `sim.step()` loop, 64-atom lj-ar NVE
//   Harness/recorded_step     the same loop with md_bench's bookkeeping
// docs/PERFORMANCE.md gives the command and the ratios (bookkeeping / raw_step is the overhead).
#include <benchmark/benchmark.h>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "bench/workspace.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

constexpr long kHealthEvery = 100;  // as in families.cpp

Simulation& shared_simulation() {
  static std::unique_ptr<Simulation> sim = [] {
    const CaseSpec& c = *find_case("lj-ar");
    return make_timed_simulation(StateKey{&c, Ensemble::NVE, 64, 2026, c.timestep}, 0);
  }();
  return *sim;
}

void bookkeeping(benchmark::State& state) {
  PhaseTimer timer;
  std::vector<double> buffer;
  StepRecorder rec(buffer,
                   static_cast<std::size_t>(std::min<long long>(state.max_iterations, 1 << 24)));
  long until_check = kHealthEvery;
  long checks = 0;
  for (auto _ : state) {
    const std::uint64_t t0 = StepRecorder::begin();
    timer.start_at(t0);
    benchmark::ClobberMemory();  // the step would go here
    state.SetIterationTime(rec.end(t0));
    if (--until_check == 0) {
      until_check = kHealthEvery;
      ++checks;
    }
  }
  benchmark::DoNotOptimize(checks);
}

void raw_step(benchmark::State& state) {
  Simulation& sim = shared_simulation();
  for (auto _ : state) sim.step();
}

void recorded_step(benchmark::State& state) {
  Simulation& sim = shared_simulation();
  std::vector<double> buffer;
  StepRecorder rec(buffer,
                   static_cast<std::size_t>(std::min<long long>(state.max_iterations, 1 << 24)));
  long until_check = kHealthEvery;
  for (auto _ : state) {
    const std::uint64_t t0 = StepRecorder::begin();
    sim.timer().start_at(t0);
    sim.step();
    state.SetIterationTime(rec.end(t0));
    if (--until_check == 0) {
      until_check = kHealthEvery;
      benchmark::DoNotOptimize(check_health(sim, *find_case("lj-ar")));
    }
  }
}

}  // namespace

BENCHMARK(bookkeeping)->Name("Harness/bookkeeping")->Unit(benchmark::kNanosecond);
BENCHMARK(raw_step)->Name("Harness/raw_step")->Unit(benchmark::kNanosecond);
BENCHMARK(recorded_step)->Name("Harness/recorded_step")->Unit(benchmark::kNanosecond);

BENCHMARK_MAIN();
