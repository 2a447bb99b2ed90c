#pragma once
// One run, ready to be drawn: per benchmark the median over repetitions of every metric (the
// samples come from samples.hpp, as compare's do), what md_bench's name says about it, and the
// O(N) fits Google Benchmark wrote for the Scaling families.
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/diff/gbench_json.hpp"
#include "compare/diff/samples.hpp"

namespace mdb::compare {

/// The parts of an md_bench name (docs/BENCHMARKS.md). Other programs' names leave `md_bench`
/// false and the parts empty; their rows are still listed, just not placed on md_bench charts.
struct BenchName {
  bool md_bench = false;
  std::string family;    // Step, Trajectory, Scaling, Batched
  std::string ensemble;  // NVE, NVT, NPT
  std::string case_name;
  std::string backend;  // cpu, cuda
  long long atoms = 0;  // atoms per replica
  int replicas = 1;     // Batched's R
  /// The name without "/manual_time", for labels.
  std::string label;
  /// What the benchmark's series is on a chart across sizes or replicas: "NVE lj-ar cpu" (plus
  /// "64 atoms" for Batched).
  std::string series;
};

/// Parses an md_bench name; never throws (a name that does not fit gives md_bench = false).
/// Options Google Benchmark appends before "/manual_time" (min_time:..., min_warmup_time:...,
/// iterations:..., repeats:...) are skipped; `label` keeps them.
BenchName parse_bench_name(std::string_view name);
/// A benchmark name's components between '/' (empty ones kept), views into `name`.
std::vector<std::string_view> split_name(std::string_view name);

/// One benchmark of one run.
struct BenchSummary {
  std::string name;
  BenchName parts;
  bool error = false;
  std::string error_message;
  std::size_t repetitions = 0;  // samples behind the medians
  bool from_aggregate = false;  // only an aggregate row was there
  // Median over repetitions (NaN samples left out): real_time/cpu_time in ns, counters in
  // their own unit.
  std::map<std::string, double> medians;
  // Run-to-run variation of real_time: sample standard deviation / mean over repetitions; NaN
  // with fewer than 3.
  double repetition_cv = std::numeric_limits<double>::quiet_NaN();

  /// The median of `metric`, NaN when absent.
  double value(std::string_view metric) const;
  bool has(std::string_view metric) const;
};

/// Google Benchmark's complexity fit of a family (the _BigO and _RMS rows).
struct ComplexityFit {
  std::string family;  // the run name without "/manual_time", e.g. "Scaling/NVE/lj-ar/cpu"
  std::string big_o;   // "N", "N^2", "NlgN", "lgN", "1", "N^3" or a user lambda's "f(N)"
  double real_coefficient_ns = std::numeric_limits<double>::quiet_NaN();  // per f(N)
  double rms = std::numeric_limits<double>::quiet_NaN();                  // relative RMS of the fit

  /// The fitted time in ns at `n`; NaN for a label it cannot evaluate (a user lambda).
  double fitted_ns(double n) const;
};

/// A whole run (several files pool their repetitions, as in compare).
struct RunSummary {
  std::vector<BenchSummary> benchmarks;  // order of first appearance
  std::vector<ComplexityFit> fits;
  nlohmann::json context = nlohmann::json::object();  // the first file's
  std::vector<std::string> sources;

  const BenchSummary* find(std::string_view name) const;
  std::size_t errors() const;
};

/// Summarises files already read; throws JsonError when they hold no benchmark rows at all.
RunSummary summarize_run(const std::vector<BenchmarkFile>& files);

/// The name a label shows: without "/manual_time" (every md_bench name ends in it).
std::string short_label(std::string_view name);

}  // namespace mdb::compare
