#pragma once
// --md_samples_out=FILE: the per-step latencies behind p50/p95/p99, written beside the Google
// Benchmark JSON (which has no room for them) so md_report can draw histograms. The format is
// read by compare/report/step_samples.hpp:
//
//   {"format": "mdbench-step-samples", "version": 1, "unit": "us",
//    "benchmarks": {"<reported name>": [µs per step, in step order], ...}}
#include <cstddef>
#include <span>
#include <string>

namespace mdb::bench {

/// Samples kept per reported run (one Google Benchmark repetition): a uniform random subset in
/// step order when a run has more steps, so files stay small and a rebuild every k steps is not
/// aliased away as a fixed stride would.
inline constexpr std::size_t kSamplesPerRun = 4000;
/// Samples kept per benchmark over all its repetitions; later repetitions are dropped.
inline constexpr std::size_t kSamplesPerBenchmark = 40000;

/// Opens (creates or truncates) `path` now, so a bad path fails before hours of benchmarks;
/// throws std::runtime_error naming it. Without a call nothing is recorded.
void start_samples_out(const std::string& path);
bool samples_out_enabled();

/// Records one call of benchmark `name` (the name Google Benchmark reports) that timed `steps`
/// steps with latencies `seconds`. Google Benchmark calls a benchmark several times while it
/// grows the iteration count and reports only the last call of each repetition: a call with a
/// different step count than the previous one replaces it, one with the same count (the next
/// repetition) is added.
void record_step_samples(const std::string& name, double steps, std::span<const double> seconds);

/// Forgets what was recorded for benchmark `name` (a call that will not be the reported one, when
/// the next call times as many steps and would be taken for a repetition).
void forget_step_samples(const std::string& name);

/// Records for benchmark `to` what was recorded for `from` (a row reporting another's run).
void copy_step_samples(const std::string& from, const std::string& to);

/// Writes the file and closes it; throws std::runtime_error when writing fails. No-op when not
/// started.
void finish_samples_out();

}  // namespace mdb::bench
