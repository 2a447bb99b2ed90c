#pragma once
// How every Peer row times another program: Google Benchmark's iterations are MD steps, run in
// chunks, each chunk's wall time its steps' time.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <string>

#include "bench/counters.hpp"
#include "bench/families.hpp"
#include "bench/iteration_batches.hpp"
#include "bench/prepared_state.hpp"
#include "bench/workspace.hpp"
#include "md/core/phase_timer.hpp"

namespace mdb::bench {

/// Steps per chunk at a measured pace: about 20 ms of steps, at least `min_steps`, at most 5,000,
/// so a chunk's own cost (a command, a Python call) stays small beside its steps.
inline long chunk_steps(double seconds_per_step, long min_steps) {
  constexpr double kChunkSeconds = 0.02;
  if (!(seconds_per_step > 0)) return min_steps;
  return std::clamp<long>(std::lround(kChunkSeconds / seconds_per_step), min_steps, 5000);
}

/// Runs the state's iterations through `run(k)` (advance k steps) in chunks of `chunk` steps and
/// returns the wall seconds of the chunks. An exception from `run` leaves the loop; the caller
/// reports it with skip_with_error.
template <class Run>
double run_in_chunks(benchmark::State& state, long chunk, Run&& run) {
  const double spt = PhaseTimer::seconds_per_tick();
  double seconds = 0.0;
  IterationBatches batches(state, chunk);
  for (std::int64_t k; (k = batches.next(seconds)) > 0;) {
    for (std::int64_t done = 0; done < k;) {
      const long steps = static_cast<long>(std::min<std::int64_t>(chunk, k - done));
      const std::uint64_t t0 = PhaseTimer::now();
      run(steps);
      const double dt = static_cast<double>(PhaseTimer::now() - t0) * spt;
      state.SetIterationTime(dt);
      seconds += dt;
      done += steps;
    }
  }
  return seconds;
}

/// The timed part of a Peer row that runs another program's MD loop: `run(k)` in chunks under a
/// memory probe, then `problem()` (what went wrong in the user's terms, e.g. a blown-up run;
/// empty when nothing did), and the row's counters (no phase clocks: the other program has none
/// md_bench can read). An exception or a problem becomes the row's error (skip_with_error).
/// `per_step_s`: the peer's pace from its warm-up, all a prepare call (prepare_calls()) does
/// with the row.
template <class Run, class Problem>
void time_peer_chunks(benchmark::State& state, const StateKey& key, double per_step_s, long chunk,
                      Run&& run, Problem&& problem) {
  if (prepare_calls()) return finish_prepare_call(state, per_step_s);
  MemoryProbe probe;
  probe.start();
  double seconds = 0.0;
  try {
    seconds = run_in_chunks(state, chunk, run);
    const std::string why = problem();
    if (!why.empty()) return skip_with_error(state, why);
  } catch (const std::exception& e) {
    return skip_with_error(state, e.what());
  }
  Measurement m;
  probe.finish(m, state.iterations());
  m.natoms = static_cast<double>(key.atoms);
  m.timestep_ps = key.timestep * key.spec->report.ps_per_time;
  m.steps = static_cast<double>(state.iterations());
  m.seconds = seconds;
  m.phases = false;
  publish(state, m);
}

}  // namespace mdb::bench
