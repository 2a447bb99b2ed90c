#pragma once
// Statistics behind md_bench's counters: latency percentiles, drift fits and rates. Pure
// functions on plain numbers so they can be tested without running a benchmark.
#include <cstddef>
#include <span>

namespace mdb::bench {

/// Distribution of per-step latencies, in the unit of the samples given.
struct LatencySummary {
  std::size_t count = 0;
  double mean = 0.0;
  double p50 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0;
  double cv = 0.0;  ///< sample standard deviation / mean (n - 1 in the denominator)
};

/// The q-quantile (0 <= q <= 1) of ascending `sorted` samples with linear interpolation between
/// closest ranks (NumPy's default "linear" method). Throws std::invalid_argument when empty.
double percentile(std::span<const double> sorted, double q);

/// Sorts `samples` in place and summarises them. An empty span gives an all-zero summary.
LatencySummary summarize_latencies(std::span<double> samples);

/// y = slope x + intercept by ordinary least squares.
struct LinearFit {
  double slope = 0.0;
  double intercept = 0.0;
  /// Standard error of the slope, sqrt(RSS / (n - 2) / Sxx): the slope's uncertainty if the
  /// residuals were independent (an oscillation that a short x range does not cover looks like
  /// a trend with a small error, so a caller judges the range too). NaN below three points.
  double slope_se = 0.0;
  double x_span = 0.0;  ///< max(x) - min(x): the window the slope was fitted over
};
/// Throws std::invalid_argument unless x and y have the same size and x holds two distinct values.
LinearFit least_squares(std::span<const double> x, std::span<const double> y);

/// Throughput of `steps` MD steps of `atoms_per_step` atoms (all replicas) in `seconds` of wall
/// time, with a model time step of `timestep_ps` picoseconds.
struct Rates {
  double us_per_atom = 0.0;       ///< microseconds per atom-step
  double atom_steps_per_s = 0.0;  ///< atom-steps per second
  double steps_per_s = 0.0;       ///< MD steps per second (a batched step counts once)
  double ns_per_day = 0.0;        ///< simulated nanoseconds per day of wall time
};
/// Throws std::invalid_argument unless every argument is positive and finite.
Rates rates_of(double atoms_per_step, double steps, double seconds, double timestep_ps);

}  // namespace mdb::bench
