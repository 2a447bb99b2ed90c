#pragma once
// Per-step latencies that md_bench writes beside its JSON (--md_samples_out=FILE): Google
// Benchmark JSON carries only md_bench's p50/p95/p99/max counters, a histogram needs the steps.
//
//   {"format": "mdbench-step-samples", "version": 1, "unit": "us",
//    "benchmarks": {"Step/NVE/64/lj-ar/cpu/manual_time": [10.2, 9.8, 95.1, ...], ...}}
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace mdb::compare {

/// Step latencies per benchmark name, in microseconds, in step order.
struct StepSamples {
  std::map<std::string, std::vector<double>> us;
  std::string source;

  /// The samples of `name`, or nullptr.
  const std::vector<double>* find(const std::string& name) const;
};

/// Parses a samples file; JsonError naming `source` when it is not one (wrong shape, a latency
/// that is not a finite number >= 0, another unit).
StepSamples read_step_samples(std::string_view text, std::string source = "<string>");
StepSamples load_step_samples(const std::filesystem::path& path);

/// Counts in logarithmically spaced bins: bin i holds edges[i] <= v < edges[i + 1] (the last bin
/// also holds its upper edge).
struct Histogram {
  std::vector<double> edges;  // counts.size() + 1 ascending values
  std::vector<std::size_t> counts;
  std::size_t non_positive = 0;  // samples <= 0, which have no place on a log axis
  std::size_t total() const;
};

/// A histogram of `values` with `bins` log-spaced bins from the smallest to the largest positive
/// value (one bin when they are all equal; no bins when none is positive).
Histogram log_histogram(const std::vector<double>& values, std::size_t bins);

}  // namespace mdb::compare
