#pragma once
// The policy: how strict compare is, per metric and per benchmark. Built-in defaults come from
// metrics.hpp; a JSON policy file (docs/COMPARE.md) extends or overrides them.
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "compare/diff/metrics.hpp"

namespace mdb::compare {

/// Thrown for a policy file that cannot be used; what() is one line naming the file and problem.
class PolicyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Partial change to a MetricSpec: only the fields that are set apply.
struct MetricRule {
  std::optional<Direction> direction;
  std::optional<double> threshold;
  std::optional<double> abs_tolerance;
};

/// Rules for the benchmarks whose name the regex finds (std::regex_search, ECMAScript).
struct BenchmarkOverride {
  std::string pattern;
  std::regex regex;
  bool ignore = false;  // not compared at all (listed as ignored)
  std::map<std::string, MetricRule> metrics;
};

/// A bound that NEW must meet whatever OLD says, checked on the median of NEW's samples.
struct AbsoluteLimit {
  std::string pattern = ".*";
  std::regex regex{".*"};
  std::string metric;
  std::optional<double> min, max, abs_max;  // value >= min, value <= max, |value| <= abs_max

  /// True when `value` breaks the limit (NaN breaks every limit).
  bool violated_by(double value) const;
  /// "|energy_drift| <= 0.05" and the like.
  std::string describe() const;
};

/// Everything compare's verdicts depend on besides the data.
struct Policy {
  double alpha = 0.05;                   // significance level of the U test
  std::optional<double> time_threshold;  // replaces the threshold of every timing metric
  // --threshold on the command line: like time_threshold, but applied after `metrics` and
  // `overrides`, so the command line beats the file.
  std::optional<double> forced_time_threshold;
  bool gate_timing = true;       // false: timing metrics become kInfo (stored baselines)
  bool fail_on_missing = false;  // a benchmark only in OLD fails the comparison
  std::map<std::string, MetricRule> metrics;
  std::vector<BenchmarkOverride> overrides;
  std::vector<AbsoluteLimit> limits;
  std::string source = "<built-in>";

  /// The spec that applies to `metric` of `benchmark`: built-in, then time_threshold and
  /// gate_timing, then `metrics`, then each matching override in file order, then
  /// forced_time_threshold.
  MetricSpec resolve(std::string_view metric, const std::string& benchmark) const;
  /// True when an override with "ignore": true matches.
  bool ignored(const std::string& benchmark) const;
};

/// Parses a policy from JSON text; unknown keys, bad types and bad regexes throw PolicyError
/// (a typo must not silently loosen a gate).
Policy parse_policy(std::string_view text, std::string source = "<string>");
Policy load_policy(const std::filesystem::path& path);

}  // namespace mdb::compare
