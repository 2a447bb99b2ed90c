#pragma once
// Reader for the JSON that Google Benchmark 1.7.x writes (--benchmark_format=json or
// --benchmark_out). It is tolerant where Google Benchmark departs from strict JSON (bare NaN and
// +-Infinity for non-finite doubles) and strict where a silent guess would skew a comparison
// (unknown time units, rows without a name).
#include <filesystem>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/diff/tolerant_json.hpp"

namespace mdb::compare {

/// Longer names and run_names are refused: policy regexes are matched against them, and
/// libstdc++'s std::regex_search recurses per character (a 200 KB name overflows the stack under
/// the stock ci/baselines/policy.json's ".*"). Google Benchmark's own names are rarely 200 bytes.
inline constexpr std::size_t kMaxNameBytes = 1024;

/// One row of the "benchmarks" array. Fields a row lacks keep their defaults: Google Benchmark
/// writes no times on BigO/RMS rows, no time_unit on RMS rows and no repetition_index on
/// aggregates.
struct BenchmarkRun {
  std::string name;            // full name, e.g. "Step/NVE/64/lj-ar/cpu/manual_time", ".._mean"
  std::string run_name;        // name without aggregate suffix ("name" when absent)
  std::string run_type;        // "iteration" or "aggregate" (inferred when absent)
  std::string aggregate_name;  // "mean", "median", "stddev", "cv", "BigO", "RMS" or user-defined
  std::string aggregate_unit;  // "time" or "percentage"; empty if absent
  long long family_index = -1;
  long long per_family_instance_index = -1;
  long long repetitions = 0;
  long long repetition_index = -1;
  long long threads = 1;
  long long iterations = 0;
  double real_time = std::numeric_limits<double>::quiet_NaN();  // in time_unit as written
  double cpu_time = std::numeric_limits<double>::quiet_NaN();   // in time_unit as written
  std::string time_unit;  // "ns", "us", "ms", "s"; empty only on rows without times (RMS)
  bool error_occurred = false;
  std::string error_message;
  /// Google Benchmark >= 1.8: the benchmark skipped itself (State::SkipWithMessage); such a row
  /// carries zero times that measure nothing.
  bool skipped = false;
  std::string skip_message;
  std::string big_o;  // complexity label on BigO rows ("N", "N^2", "lgN", ...), else empty
  std::string label;  // State::SetLabel text, else empty
  // Every other numeric key of the row, NaN/inf kept: user counters, allocs_per_iter and
  // max_bytes_used from a MemoryManager, cpu_coefficient/real_coefficient on BigO rows (in
  // time_unit) and rms on RMS rows (a fraction).
  std::map<std::string, double> counters;

  bool is_aggregate() const { return run_type == "aggregate"; }
  /// BigO or RMS row from Complexity(): a fit over a family, not a measurement.
  bool is_complexity() const { return aggregate_name == "BigO" || aggregate_name == "RMS"; }
  /// Times converted to nanoseconds; NaN when the row has no time_unit.
  double real_time_ns() const;
  double cpu_time_ns() const;
};

/// A whole file.
struct BenchmarkFile {
  nlohmann::json context = nlohmann::json::object();  // the "context" object as is
  std::vector<BenchmarkRun> runs;                     // in file order
  std::string source;                                 // file path or "<string>" for messages

  /// First run with exactly that name, or nullptr.
  const BenchmarkRun* find(std::string_view name) const;
};

/// Reads a whole benchmark file from text; `source` names it in JsonError messages.
BenchmarkFile read_benchmark_json(std::string_view text, std::string source = "<string>");
/// Reads the file at `path`; JsonError "cannot open <path>" and the like when it cannot be read.
BenchmarkFile load_benchmark_json(const std::filesystem::path& path);
/// Reads every file; JsonError also for a file with no runs (nothing to compare or draw).
std::vector<BenchmarkFile> load_benchmark_files(const std::vector<std::string>& paths);

/// The whole file as bytes; JsonError "cannot open <path>: <reason>" (a directory included) or
/// "cannot read <path>". Shared by every file compare reads.
std::string read_text_file(const std::filesystem::path& path);

/// Seconds per unit for "ns", "us", "ms", "s"; throws JsonError on anything else.
double seconds_per_time_unit(std::string_view unit);

}  // namespace mdb::compare
