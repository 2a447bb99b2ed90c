#include "compare/diff/samples.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <utility>

#include "compare/diff/shared_run_label.hpp"

namespace mdb::compare {
namespace {

BenchmarkSamples& entry(SampleSet& set, const std::string& name) {
  if (BenchmarkSamples* b = set.find(name)) return *b;
  set.benchmarks.push_back({});
  set.benchmarks.back().name = name;
  return set.benchmarks.back();
}

void add_row(BenchmarkSamples& b, const BenchmarkRun& run) {
  if (b.time_unit.empty()) b.time_unit = run.time_unit;
  b.metrics["real_time"].push_back(run.real_time_ns());
  b.metrics["cpu_time"].push_back(run.cpu_time_ns());
  for (const auto& [name, value] : run.counters) b.metrics[name].push_back(value);
}

}  // namespace

const BenchmarkSamples* SampleSet::find(const std::string& name) const {
  if (indexed_ > benchmarks.size()) {  // the vector was cleared or cut: index it afresh
    index_.clear();
    indexed_ = 0;
  }
  for (; indexed_ < benchmarks.size(); ++indexed_) {
    index_.emplace(benchmarks[indexed_].name, indexed_);  // keeps the first of a name
  }
  const auto it = index_.find(name);
  return it == index_.end() ? nullptr : &benchmarks[it->second];
}

BenchmarkSamples* SampleSet::find(const std::string& name) {
  return const_cast<BenchmarkSamples*>(std::as_const(*this).find(name));
}

SampleSet collect_samples(const std::vector<BenchmarkFile>& files) {
  SampleSet set;
  // Pass 1: repetition rows and errors. Names with repetition rows are remembered so that
  // their aggregates are not counted twice.
  std::set<std::string> has_repetitions;
  for (const auto& file : files) {
    set.sources.push_back(file.source);
    set.contexts.push_back(file.context);
    for (const auto& run : file.runs) {
      if (run.is_complexity()) {
        ++set.complexity_rows_skipped;
        continue;
      }
      if (run.is_aggregate()) continue;
      BenchmarkSamples& b = entry(set, run.run_name);
      if (run.error_occurred) {
        if (!b.error) b.error_message = run.error_message;
        b.error = true;
        continue;
      }
      if (run.skipped) {  // its zero times are not a measurement
        if (!b.skipped) b.skip_message = run.skip_message;
        b.skipped = true;
        continue;
      }
      has_repetitions.insert(run.run_name);
      if (const std::string by = measured_by_of(run.label); !by.empty()) b.measured_by = by;
      add_row(b, run);
    }
  }
  // Pass 2: aggregates-only output. Per file, the median row if there is one, else the mean.
  for (const auto& file : files) {
    std::map<std::string, const BenchmarkRun*> chosen;
    for (const auto& run : file.runs) {
      if (!run.is_aggregate() || run.is_complexity() || has_repetitions.count(run.run_name))
        continue;
      if (run.aggregate_name != "median" && run.aggregate_name != "mean") continue;
      const BenchmarkRun*& slot = chosen[run.run_name];
      if (slot == nullptr || run.aggregate_name == "median") slot = &run;
    }
    for (const auto& run : file.runs) {
      const auto it = chosen.find(run.run_name);
      if (it == chosen.end() || it->second != &run) continue;
      BenchmarkSamples& b = entry(set, run.run_name);
      b.from_aggregate = true;
      add_row(b, run);
    }
  }
  return set;
}

double median(std::vector<double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2 == 1) return upper;
  const double lower =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2.0;
}

SampleSet select_group(const SampleSet& all, const std::string& pattern,
                       const std::string& replacement) {
  const std::regex re(pattern, std::regex::ECMAScript);
  SampleSet out;
  out.sources = all.sources;
  out.contexts = all.contexts;
  for (const auto& b : all.benchmarks) {
    std::smatch match;
    if (!std::regex_search(b.name, match, re)) continue;
    // Spliced by hand: regex_replace would read '$' in the replacement as a group reference.
    BenchmarkSamples renamed = b;
    // Capture groups keep their text: '^Step(/.*/)cpu/' and '^Peer(/.*/)lammps/' pair
    // Step/NVE/64/si-sw/cpu/... with Peer/NVE/64/si-sw/lammps/... though two parts differ.
    std::string kept;
    for (std::size_t g = 1; g < match.size(); ++g) kept += match[g].str();
    renamed.name = match.prefix().str() + replacement + kept + match.suffix().str();
    out.benchmarks.push_back(std::move(renamed));
  }
  return out;
}

std::string group_conflict(const SampleSet& all, const std::string& a, const std::string& b) {
  const std::regex ra(a, std::regex::ECMAScript), rb(b, std::regex::ECMAScript);
  for (const auto& bench : all.benchmarks) {
    if (std::regex_search(bench.name, ra) && std::regex_search(bench.name, rb)) {
      return quoted_for_message(bench.name) + " matches both \"" + a + "\" and \"" + b + "\"";
    }
  }
  return {};
}

std::string duplicate_in_group(const SampleSet& group, const std::string& pattern) {
  std::set<std::string> seen;
  for (const auto& bench : group.benchmarks) {
    if (!seen.insert(bench.name).second) {
      return "two benchmarks matching \"" + pattern + "\" both become " +
             quoted_for_message(bench.name);
    }
  }
  return {};
}

}  // namespace mdb::compare
