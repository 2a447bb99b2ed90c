#pragma once
// Turns benchmark files into samples: per benchmark, one value per repetition for real_time,
// cpu_time and every counter. Several files per side (interleaved runs) pool their repetitions.
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {

/// One benchmark's samples on one side.
struct BenchmarkSamples {
  std::string name;  // run name (aggregate suffix removed)
  // "real_time" and "cpu_time" in ns, then every counter in its own unit; one entry per
  // repetition, in file order.
  std::map<std::string, std::vector<double>> metrics;
  bool error = false;
  std::string error_message;    // the first error row's message
  bool skipped = false;         // a row skipped itself (SkipWithMessage): no samples from it
  std::string skip_message;     // the first skipped row's message
  bool from_aggregate = false;  // no repetition rows: the median (or mean) row stood in
  // The row whose run this one reports (md_bench's "measured by <row>" label,
  // shared_run_label.hpp), else empty.
  std::string measured_by;
  std::string time_unit;  // as the file wrote it, for display
};

/// All benchmarks of one side, in order of first appearance.
struct SampleSet {
  /// Append-only once find() has been called (the look-up index follows appends, not edits).
  std::vector<BenchmarkSamples> benchmarks;
  std::vector<std::string> sources;         // the files, for messages
  std::vector<nlohmann::json> contexts;     // each file's context
  std::size_t complexity_rows_skipped = 0;  // BigO/RMS rows: fits, not measurements

  /// The benchmark of this name (the first, should two share it), or nullptr. O(1) on average:
  /// a hash index, extended by the benchmarks appended since the last call, so building a set
  /// of n benchmarks through find() stays O(n).
  const BenchmarkSamples* find(const std::string& name) const;
  BenchmarkSamples* find(const std::string& name);

 private:
  mutable std::unordered_map<std::string, std::size_t> index_;
  mutable std::size_t indexed_ = 0;  // benchmarks[0, indexed_) are in index_
};

/// Pools the files' rows. Repetition rows give samples; error rows mark the benchmark; BigO and
/// RMS rows are skipped; aggregate rows are used only when a benchmark has no repetition rows
/// (--benchmark_report_aggregates_only), the median preferred to the mean.
SampleSet collect_samples(const std::vector<BenchmarkFile>& files);

/// The median of a non-empty sample (mean of the middle two for an even count); NaN when empty.
double median(std::vector<double> values);

/// For `--filters A B`: the benchmarks whose name the regex `pattern` finds, renamed by
/// replacing the first match with `replacement` followed by the text of the pattern's capture
/// groups, so that the two groups pair up by name (Google Benchmark's compare.py does the same,
/// without the groups). Throws std::regex_error on a bad pattern.
SampleSet select_group(const SampleSet& all, const std::string& pattern,
                       const std::string& replacement);

/// Why regexes `a` and `b` cannot split `all` into two groups (a benchmark they both find would
/// be compared with itself), or empty when they can. Throws std::regex_error on a bad pattern.
std::string group_conflict(const SampleSet& all, const std::string& a, const std::string& b);

/// Why a renamed `group` (select_group's result for `pattern`) is unusable (two benchmarks
/// became one name, so samples would merge), or empty when every name is unique.
std::string duplicate_in_group(const SampleSet& group, const std::string& pattern);

}  // namespace mdb::compare
