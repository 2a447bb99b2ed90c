// harness_overhead: what md_bench's per-step bookkeeping costs next to the step it times.
// Three benchmarks in one process, all on wall time:
//   Harness/bookkeeping       the per-iteration work of a Step benchmark around an empty step
//   Harness/raw_step          a bare `Simulation::step()` loop, 64-atom lj-ar NVE
//   Harness/recorded_step     the same steps through the Engine, with md_bench's bookkeeping
// docs/PERFORMANCE.md gives the command and the ratios (bookkeeping / raw_step is the overhead).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <stdexcept>

#include "bench/cases.hpp"
#include "bench/host_batch.hpp"
#include "bench/iteration_batches.hpp"
#include "bench/prepared_state.hpp"
#include "bench/workspace.hpp"
#include "md/engine/cpu_engine.hpp"

namespace {

using namespace mdb;
using namespace mdb::bench;

CpuEngine& shared_engine() {
  static std::unique_ptr<Engine> engine = [] {
    const CaseSpec& c = *find_case("lj-ar");
    return make_timed_engine(StateKey{&c, Ensemble::NVE, 64, 2026, c.timestep}, EngineChoice{});
  }();
  // EngineChoice{} is the CPU engine: make_engine(Backend::Cpu, ...) makes a CpuEngine.
  if (engine->backend() != Backend::Cpu)
    throw std::logic_error("harness_overhead: not a CPU engine");
  return static_cast<CpuEngine&>(*engine);
}

// run_steps's loop (families.cpp) for a host-timed engine: batches of steps, each step's time
// recorded and summed (host_batch.hpp), the batch's sum handed to Google Benchmark; bookkeeping
// repeats its per-step work around an empty step.
void bookkeeping(benchmark::State& state) {
  PhaseTimer timer;
  std::vector<double> buffer;
  IterationBatches batches(state, 0);
  StepRecorder rec(buffer, static_cast<std::size_t>(std::min<long long>(batches.most(), 1 << 24)));
  long until_check = kHealthEvery;
  long checks = 0;
  double seconds = 0.0;
  const double spt = PhaseTimer::seconds_per_tick();
  for (std::int64_t k; (k = batches.next(seconds)) > 0;) {
    double batch_s = 0.0;
    for (std::int64_t i = 0; i < k; ++i) {
      const std::uint64_t t0 = PhaseTimer::now();  // what CpuEngine::step() adds around a step
      timer.start_at(t0);
      benchmark::ClobberMemory();  // the step would go here
      const double dt = static_cast<double>(PhaseTimer::now() - t0) * spt;
      rec.add(dt);
      batch_s += dt;
      if (--until_check == 0) {
        until_check = kHealthEvery;
        ++checks;
      }
    }
    state.SetIterationTime(batch_s);
    seconds += batch_s;
  }
  benchmark::DoNotOptimize(checks);
}

void raw_step(benchmark::State& state) {
  Simulation& sim = shared_engine().simulation(0);
  for (auto _ : state) sim.step();
}

void recorded_step(benchmark::State& state) {
  Engine& engine = shared_engine();
  const double max_t = blow_up_temperature(*find_case("lj-ar"));
  std::vector<double> buffer;
  IterationBatches batches(state, 0);
  StepRecorder rec(buffer, static_cast<std::size_t>(std::min<long long>(batches.most(), 1 << 24)));
  long until_check = kHealthEvery;
  double seconds = 0.0;
  for (std::int64_t k; (k = batches.next(seconds)) > 0;) {
    const HostBatch batch = run_host_batch(engine, rec, k, until_check, max_t);
    if (batch.error) {
      state.SkipWithError(batch.error->c_str());
      return;
    }
    state.SetIterationTime(batch.seconds);
    seconds += batch.seconds;
  }
}

}  // namespace

BENCHMARK(bookkeeping)->Name("Harness/bookkeeping")->Unit(benchmark::kNanosecond);
BENCHMARK(raw_step)->Name("Harness/raw_step")->Unit(benchmark::kNanosecond);
BENCHMARK(recorded_step)->Name("Harness/recorded_step")->Unit(benchmark::kNanosecond);

BENCHMARK_MAIN();
