#pragma once
// How many iterations a row's reported run takes, chosen as it runs.
//
// Google Benchmark 1.7.1 finds a row's count by running it 1, 10, 100, ... times until a run
// reaches a tenth of --benchmark_min_time, then aims at 1.4 times the minimum: per row of a
// 0.5 s minimum, about 0.2 s of unreported probing and a reported run of about 0.7 s, over a
// third of the headline command's wall time. run_sized_row asks less of a row, and keeps Google
// Benchmark's rule that a reported run fills the minimum (or ended in error):
//   1. Google Benchmark's own first run, one iteration, reported if that rule holds;
//   2. for a fast row, a probe aiming at kProbeShare of the minimum, unreported, timing the
//      row's pace;
//   3. the reported run, Google Benchmark's with a fixed count (Iterations(n)) of kRunFill times
//      the minimum at that pace, its last batch extended to kExtendFill times the minimum at the
//      run's own pace (iteration_batches.hpp); should it still fall short, it runs again at its
//      own pace aiming at kRerunFill times the minimum, as Google Benchmark's search goes on.
// With repetitions Google Benchmark reports them together with their statistics, which need one
// count for all, so step 1 is a probe too and step 3 runs kFixedRunFill times the minimum at the
// probe's pace, unextended, and reports whatever it measured.
// docs/BENCHMARKS.md, "How long a row runs".
#include <benchmark/benchmark.h>

#include <cstdint>

#include "bench/registry.hpp"
#include "bench/suite_reporter.hpp"

namespace mdb::bench {

/// The count a reported run starts with, as a multiple of --benchmark_min_time at the probe's
/// pace: below 1, since the run's last batch extends it at the run's own pace. A probe's pace
/// misses the run's by -25 to +30 % on a shared machine, and a run more than 1 / kRunFill times
/// slower than its probe overshoots the minimum: a lower fill overshoots less often and leaves
/// more of the run to its last batch, sized by its fastest batch.
inline constexpr double kRunFill = 0.75;
/// The same for repetitions, which cannot extend (Google Benchmark's statistics need them at
/// one count): above 1, so that a row whose pace the probe overestimated still fills the minimum.
inline constexpr double kFixedRunFill = 1.2;
/// What a reported run's last batch extends the run to, as a multiple of --benchmark_min_time:
/// a little above 1, for the last batch's pace to differ from the run's before it.
inline constexpr double kExtendFill = 1.02;
/// A timing probe's length, as a share of --benchmark_min_time.
inline constexpr double kProbeShare = 0.025;
/// A rerun's aim, as a multiple of --benchmark_min_time: Google Benchmark's own (1.4), since the
/// machine just changed its pace within a run.
inline constexpr double kRerunFill = 1.4;

struct SizingSettings {
  double min_time_s = 0.5;                     ///< --benchmark_min_time
  int repetitions = 1;                         ///< --benchmark_repetitions
  benchmark::MemoryManager* memory = nullptr;  ///< Google Benchmark's heap hook on reported runs
  /// Google Benchmark's routing, applied by run_sized_scaling: --benchmark_display_aggregates_only
  /// (or --benchmark_report_aggregates_only) for the display, the latter for the file.
  bool display_aggregates_only = false;
  bool file_aggregates_only = false;
};

/// Runs the non-Scaling row `p` as above, each run registered alone (nothing may be registered
/// before; nothing is after), and reports it to `reporters` (whose context the first call sets).
/// The row's workspace (its warmed-up engine) stays from one run to the next. With one repetition
/// a row that times the same steps of the same engine as a row already run reports that row's run
/// instead (shared_runs.hpp).
void run_sized_row(const PlannedBenchmark& p, const SizingSettings& settings,
                   SuiteReporters reporters);

/// Runs the Scaling family `p` size by size, each as run_sized_row runs a row (its own calls,
/// its own count), and reports each size as it ends: under the family's index, with its instance
/// index, and after the last size the O(N) fit of all (scaling_fit.hpp) when `p.complexity`.
void run_sized_scaling(const PlannedBenchmark& p, const SizingSettings& settings,
                       SuiteReporters reporters);

/// The count that fills `fill_s` at `seconds_per_iteration`: at least 1, at most 10^9 (Google
/// Benchmark's own cap).
std::int64_t iterations_to_fill(double fill_s, double seconds_per_iteration);

}  // namespace mdb::bench
