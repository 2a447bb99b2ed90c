#pragma once
// A run's iterations in batches (Google Benchmark's KeepRunningBatch), so that a run md_bench
// sized can end by filling --benchmark_min_time instead of falling short and running again.
//
// md_bench sizes a reported run from a short probe (run_sizing.hpp), whose pace on a shared
// machine misses the run's by -25 to +30 %: a count aimed safely above the minimum overshoots it
// by a third on average, and a run that still falls short is thrown away and run again. Instead
// the run's last batch is sized as it starts, after at least seven eighths of the count, from
// the run's fastest batch so far: it runs on until the run's timed seconds reach the fill md_bench
// asked for. Google Benchmark documents this use: a batch "may overshoot by up to n iterations",
// and the run reports the iterations it ran. Without a fill (Google Benchmark's own search, probes)
// the batches end exactly at Google Benchmark's count.
#include <benchmark/benchmark.h>

#include <cstdint>

namespace mdb::bench {

/// The most a run may grow past Google Benchmark's count, as a multiple of it: what a body sizes
/// its buffers for (most()) before anything is timed, so the extension allocates nothing.
inline constexpr std::int64_t kMaxRunGrowth = 8;

/// Google Benchmark 1.7.1's cap on an iteration count (its kMaxIterations).
inline constexpr std::int64_t kMaxIterations = 1000000000;

/// The timed seconds the next runs are to fill (0: Google Benchmark's count, as is), and the
/// pace (s per iteration) the count was sized by, for a last batch that is also the first (a
/// count of one: a Trajectory row's long trajectory). Set by run_sizing around a reported call
/// of a row it sized; process-wide, as benchmark calls are. Never with repetitions: Google
/// Benchmark's statistics check that all have one count.
void set_run_fill(double seconds, double pace_s = 0.0);

/// The iterations of one benchmark call, batch by batch:
///   for (long k; (k = batches.next(timed_s)) > 0;) { ...k iterations, adding to timed_s... }
/// The loop ends when Google Benchmark's loop does; leaving it early is only for an error
/// (SkipWithError), as with Google Benchmark's own loop.
class IterationBatches {
 public:
  /// `batch`: iterations the body likes to run together (a device span, a peer's chunk; 0 for no
  /// preference), cut to an eighth of the count so that the last batch is sized late in the run.
  IterationBatches(benchmark::State& state, std::int64_t batch);

  /// The most iterations this call can run: Google Benchmark's count, times kMaxRunGrowth when
  /// a fill is set.
  std::int64_t most() const { return most_; }

  /// Starts the next batch and returns its size, or 0 once the run is over. `timed_s`: the
  /// run's timed seconds so far (what the body passed to SetIterationTime).
  std::int64_t next(double timed_s);

 private:
  benchmark::State& state_;
  double fill_s_;
  double sized_pace_s_;  ///< set_run_fill's pace
  std::int64_t batch_;
  std::int64_t most_;
  std::int64_t done_ = 0;
  std::int64_t last_k_ = 0;
  double last_timed_s_ = 0.0;
  /// The fastest pace of a whole batch so far (s per iteration): the last batch is sized by it,
  /// as a shared machine's pace within a run changes by more than the fill's margin, and a run
  /// that sped up at its end would fall short.
  double fastest_s_ = 0.0;
  bool last_ = false;
};

/// The last batch's size: the `remaining` iterations of Google Benchmark's count or, when the
/// run's `timed_s` so far plus the rest at `pace_s` (seconds per iteration) would leave it short
/// of `fill_s`, as many as fill it at that pace, at most `most` in all with the `done` ones. Pure,
/// for the tests.
std::int64_t last_batch(std::int64_t done, std::int64_t remaining, double timed_s, double pace_s,
                        double fill_s, std::int64_t most);

}  // namespace mdb::bench
