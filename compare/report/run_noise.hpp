#pragma once
// A run's own noise floor for the timing hotspots. On a shared machine every row's steps are
// interrupted now and then, so a fixed bound on step CV or tail latency flags half the run; what a
// reader can act on is a row that stands out from the others measured beside it.
#include <cstddef>
#include <limits>
#include <vector>

#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// Rows a floor needs: with fewer, quartiles say little and the fixed thresholds decide alone.
inline constexpr std::size_t kNoiseMinRows = 8;

/// Per statistic, Tukey's upper fence over the run's rows: Q3 + 1.5 (Q3 - Q1), quartiles by
/// linear interpolation (numpy's default). A value above it is an outlier of this run; one below
/// varies as the machine makes every row vary. NaN when fewer than kNoiseMinRows rows have it.
struct RunNoise {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  double cv_fence = kNone;             // step CV
  double p95_over_mean_fence = kNone;  // p95_us over the mean step
  double p99_over_mean_fence = kNone;  // p99_us over the mean step
  // frac_other of the Batched rows with more than one thread: time a thread waits for the
  // others, which a loaded machine raises in every such row at once (12 to 24 of 27 above the
  // fixed 20 % in loaded NVE/64 runs, fences 0.60 to 0.71).
  double batched_wait_fence = kNone;
};

/// Tukey's upper fence of `values`; NaN when there are fewer than kNoiseMinRows.
double upper_fence(std::vector<double> values);

/// The floor of a run over its rows without an error. Rows whose tails are neighbour rebuilds
/// count too: a rebuild every few dozen steps is what this code's steps look like (lj-ar at 512
/// atoms spends 7 % in the list and its p99 is 3.2x the mean), so the fence is what a row of
/// this run on this machine looks like, and a row beyond it is unlike the others.
RunNoise run_noise(const std::vector<BenchSummary>& benchmarks);

}  // namespace mdb::compare
