#pragma once
// md_report's charts, each an inline SVG string built with svg_plot.hpp. A chart with nothing to
// show (no Scaling rows, no samples...) returns an empty string and the page leaves it out.
// Error runs are never plotted: the page lists them instead.
#include <string>
#include <vector>

#include "compare/diff/diff.hpp"
#include "compare/report/accuracy_rows.hpp"
#include "compare/report/run_summary.hpp"
#include "compare/report/step_samples.hpp"

namespace mdb::compare {

/// The width every full-size chart is drawn at (pixels); the page is laid out around it.
inline constexpr double kChartWidth = 1100;

/// µs per atom-step against atoms, log-log, one line per case/ensemble/backend: the Scaling
/// family (or the Step family when there is no Scaling row), with Google Benchmark's complexity
/// fit of each Scaling family as a dashed line of the same colour.
std::string scaling_chart(const RunSummary& run);

/// Atom-steps per second against replicas, one line per Batched series, with a dashed line for
/// perfect scaling (the one-replica rate times min(R, hardware threads)).
std::string batched_chart(const RunSummary& run);

/// lattice_bench's two charts are defined in hnlq/charts.cpp.
/// lattice_bench, one operation (Encode, Decode, RoundTrip): vectors per second against batch
/// size, log-log, one line per lattice, q, M and implementation (colour: lattice and parameters;
/// marker and dash: implementation).
std::string lattice_throughput_chart(const RunSummary& run, const std::string& op);

/// lattice_bench, one operation: each implementation's speed-up over the reference of the same
/// run at each batch size (ratio of median times), log-log, with a line at 1x.
std::string lattice_speedup_chart(const RunSummary& run, const std::string& op);

/// Students against their teacher at one size and backend: each student's error against the
/// teacher (force RMSE; energy MAE in a second panel when the rows have it) over its time per
/// atom-step, log-log. The teacher, whose error is 0 by definition, is a dashed reference line at
/// its speed with a marker on the bottom edge, never a point; a student's error of exactly 0 also
/// sits on that edge. Empty when no student has an error and a speed to draw.
std::string accuracy_chart(const AccuracyGroup& group);

/// One row per benchmark on a log time axis: p50, p95, p99 and max step latency, and the mean.
std::string latency_chart(const std::vector<const BenchSummary*>& rows, const std::string& title);

/// One stacked bar per benchmark: shares of thread time in force, neighbour list, integration
/// and other (md_bench's frac_* counters).
std::string phase_chart(const std::vector<const BenchSummary*>& rows, const std::string& title);

/// One stacked bar per NN benchmark: shares of the force-field time in the baseline, descriptor,
/// network and backward pass (md_bench's nn_*_frac counters).
std::string nn_stage_chart(const std::vector<const BenchSummary*>& rows);

/// Speed-up bars of a --filters style pair (`pair` compares group A as OLD with B as NEW, so
/// speedup = A's time / B's), on a log axis centred on 1x, with compare's verdict per bar.
std::string speedup_chart(const Comparison& pair, const std::string& a, const std::string& b);

/// A small histogram of one benchmark's step latencies (log-spaced bins, log count axis), with
/// the p50/p95/p99 counters of `summary` (when given) as vertical lines.
std::string histogram_chart(const std::string& name, const std::vector<double>& samples_us,
                            const BenchSummary* summary);

/// The comparison view: real_time change per benchmark, regressions first, coloured and labelled
/// with compare's verdict; benchmarks that were not compared are listed with their status.
std::string comparison_chart(const Comparison& c);

/// The order comparison_chart draws rows in: regressed (largest change first), errors in NEW,
/// improved, not significant, same, then the statuses without numbers.
std::vector<const BenchmarkDiff*> comparison_order(const Comparison& c);

}  // namespace mdb::compare
