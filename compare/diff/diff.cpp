#include "compare/diff/diff.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace mdb::compare {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// NaN says nothing about a shift and breaks ranking; infinities rank fine and stay.
std::vector<double> usable(const std::vector<double>& values, bool absolute) {
  std::vector<double> out;
  out.reserve(values.size());
  for (const double v : values) {
    if (!std::isnan(v)) out.push_back(absolute ? std::abs(v) : v);
  }
  return out;
}

bool judged(Direction d) {
  return d != Direction::kInfo && d != Direction::kIdentity;
}

MetricDiff diff_metric(const std::string& benchmark, const std::string& metric,
                       const std::vector<double>& old_values, const std::vector<double>& new_values,
                       const Policy& policy) {
  MetricDiff d;
  d.spec = policy.resolve(metric, benchmark);
  const bool absolute = d.spec.direction == Direction::kLowerAbs;
  const std::vector<double> xs = usable(old_values, absolute), ys = usable(new_values, absolute);
  d.n_old = xs.size();
  d.n_new = ys.size();
  d.old_value = median(xs);
  d.new_value = median(ys);
  if (d.old_value == d.new_value) {
    d.change = 0;
  } else {
    d.change = d.old_value != 0 ? d.new_value / d.old_value - 1.0 : kNaN;
  }
  d.nan_old = old_values.size() - xs.size();
  d.nan_new = new_values.size() - ys.size();
  // A judged metric that was a number and is now only NaN broke: dropping it would pass it.
  if (judged(d.spec.direction) && !xs.empty() && ys.empty() && !new_values.empty()) {
    d.verdict = Verdict::kRegressed;
    return d;
  }
  if (!judged(d.spec.direction) || xs.empty() || ys.empty()) {
    d.verdict = Verdict::kInfo;
    return d;
  }
  // How much worse NEW is, in the metric's unit and relative to OLD (negative: better).
  const double worse = d.spec.direction == Direction::kHigher ? d.old_value - d.new_value
                                                              : d.new_value - d.old_value;
  double worse_rel = 0;
  if (d.old_value != 0) {
    worse_rel = worse / std::abs(d.old_value);
  } else if (worse != 0) {
    worse_rel = worse > 0 ? std::numeric_limits<double>::infinity()
                          : -std::numeric_limits<double>::infinity();
  }
  const bool beyond_bad = worse_rel > d.spec.threshold && worse > d.spec.abs_tolerance;
  const bool beyond_good = -worse_rel > d.spec.threshold && -worse > d.spec.abs_tolerance;

  d.test = mann_whitney_u(xs, ys);
  // Significance is p < alpha, so a floor equal to alpha can never be reached either.
  d.confirmed = min_two_sided_p(xs.size(), ys.size()) < policy.alpha;
  if (!beyond_bad && !beyond_good) {
    d.verdict = Verdict::kSame;
  } else if (d.confirmed && d.test.p_value >= policy.alpha) {
    d.verdict = Verdict::kNoise;
  } else if (!d.confirmed && d.spec.varies_between_runs) {
    // One run against one run moves timings by tens of percent on a shared machine, and drift
    // by several times its noise floor (the A/A in docs/COMPARE.md): without repetitions that
    // is indistinguishable from a change.
    d.verdict = beyond_bad ? Verdict::kLikelyRegressed : Verdict::kLikelyImproved;
  } else {
    // Counts, accuracy and memory growth repeat from run to run: the threshold (with its
    // absolute guard) decides alone, so a run without repetitions can still fail.
    d.verdict = beyond_bad ? Verdict::kRegressed : Verdict::kImproved;
  }
  return d;
}

// The first identity metric whose medians differ, or that only one side has, as
// "natoms 64 -> 256"; empty if none.
std::string size_mismatch(const BenchmarkSamples& o, const BenchmarkSamples& n,
                          const Policy& policy) {
  auto identity = [&](const std::string& metric) {
    return policy.resolve(metric, o.name).direction == Direction::kIdentity;
  };
  for (const auto& [metric, old_values] : o.metrics) {
    if (!identity(metric)) continue;
    const auto it = n.metrics.find(metric);
    if (it == n.metrics.end())
      return metric + " " + plain_number(median(usable(old_values, false))) + " -> none";
    const double a = median(usable(old_values, false)), b = median(usable(it->second, false));
    if (a != b && !(std::isnan(a) && std::isnan(b))) {
      return metric + " " + plain_number(a) + " -> " + plain_number(b);
    }
  }
  for (const auto& [metric, new_values] : n.metrics) {
    if (identity(metric) && !o.metrics.count(metric)) {
      return metric + " none -> " + plain_number(median(usable(new_values, false)));
    }
  }
  return {};
}

// Checks NEW against the policy's limits; `matched[i]` counts the benchmarks limit i applied to.
void check_limits(BenchmarkDiff& row, const BenchmarkSamples& n, const Policy& policy,
                  std::vector<std::size_t>& matched) {
  for (std::size_t i = 0; i < policy.limits.size(); ++i) {
    const AbsoluteLimit& limit = policy.limits[i];
    if (!std::regex_search(row.name, limit.regex)) continue;
    const auto it = n.metrics.find(limit.metric);
    if (it == n.metrics.end()) continue;
    ++matched[i];
    // A NaN sample is a broken value, not one to drop: the limit must see it.
    const bool any_nan =
        std::any_of(it->second.begin(), it->second.end(), [](double v) { return std::isnan(v); });
    const double value = any_nan ? kNaN : median(it->second);
    if (limit.violated_by(value)) row.violations.push_back({limit.metric, value, limit.describe()});
  }
}

void compare_metrics(BenchmarkDiff& row, const BenchmarkSamples& o, const BenchmarkSamples& n,
                     const Policy& policy) {
  // Times first, then counters in name order (std::map), so rows read the same every time.
  for (const char* time : {"real_time", "cpu_time"}) {
    const auto a = o.metrics.find(time), b = n.metrics.find(time);
    if (a != o.metrics.end() && b != n.metrics.end()) {
      row.metrics.push_back(diff_metric(row.name, time, a->second, b->second, policy));
    }
  }
  for (const auto& [metric, old_values] : o.metrics) {
    if (metric == "real_time" || metric == "cpu_time") continue;
    const auto it = n.metrics.find(metric);
    if (it != n.metrics.end())
      row.metrics.push_back(diff_metric(row.name, metric, old_values, it->second, policy));
  }
  if (const MetricDiff* t = row.metric("real_time"); t && t->new_value > 0 && t->old_value > 0) {
    row.speedup = t->old_value / t->new_value;
  }
}

double geomean_of(const std::vector<double>& log_ratios) {
  if (log_ratios.empty()) return kNaN;
  double sum = 0;
  for (const double l : log_ratios) sum += l;
  return std::exp(sum / static_cast<double>(log_ratios.size()));
}

std::size_t repetitions_needed(double alpha) {
  std::size_t n = 1;
  while (min_two_sided_p(n, n) >= alpha && n < 1000) ++n;
  return n;
}

// Adds one row to the summary and, for compared rows, its time ratios to the geomean logs.
void tally(Summary& s, const BenchmarkDiff& row, std::vector<double>& log_real,
           std::vector<double>& log_cpu) {
  std::size_t* counter[] = {&s.compared,   &s.only_old, &s.only_new, &s.errors_new, &s.errors_old,
                            &s.mismatched, &s.ignored,  &s.skipped,  &s.shared};
  ++*counter[static_cast<int>(row.status)];
  s.limit_violations += row.violations.size();
  bool any_regressed = false, any_improved = false, likely_worse = false, likely_better = false;
  for (const auto& m : row.metrics) {
    any_regressed |= m.verdict == Verdict::kRegressed;
    any_improved |= m.verdict == Verdict::kImproved;
    likely_worse |= m.verdict == Verdict::kLikelyRegressed;
    likely_better |= m.verdict == Verdict::kLikelyImproved;
  }
  s.regressed += any_regressed ? 1 : 0;
  s.improved += (any_improved && !any_regressed) ? 1 : 0;
  const bool decided = any_regressed || any_improved;
  s.likely_regressed += (!decided && likely_worse) ? 1 : 0;
  s.likely_improved += (!decided && likely_better && !likely_worse) ? 1 : 0;
  if (row.status != RowStatus::kCompared) return;
  auto add_log = [&row](const char* metric, std::vector<double>& logs) {
    const MetricDiff* m = row.metric(metric);
    if (m && m->old_value > 0 && m->new_value > 0 && std::isfinite(m->old_value) &&
        std::isfinite(m->new_value)) {
      logs.push_back(std::log(m->new_value / m->old_value));
    }
  };
  add_log("real_time", log_real);
  add_log("cpu_time", log_cpu);
}

}  // namespace

bool BenchmarkDiff::regressed() const {
  if (status == RowStatus::kErrorNew || !violations.empty()) return true;
  for (const auto& m : metrics) {
    if (m.verdict == Verdict::kRegressed) return true;
  }
  return false;
}

const MetricDiff* BenchmarkDiff::metric(std::string_view metric_name) const {
  for (const auto& m : metrics) {
    if (m.spec.name == metric_name) return &m;
  }
  return nullptr;
}

Comparison compare_samples(const SampleSet& old_set, const SampleSet& new_set,
                           const Policy& policy) {
  Comparison c;
  c.alpha = policy.alpha;
  std::vector<std::string> names;
  for (const auto& b : old_set.benchmarks) names.push_back(b.name);
  for (const auto& b : new_set.benchmarks) {
    if (!old_set.find(b.name)) names.push_back(b.name);
  }
  std::vector<double> log_real, log_cpu;
  std::set<std::string> unknown_metrics;
  std::size_t unconfirmed_rows = 0, aggregate_rows = 0, nan_samples = 0;
  std::vector<std::size_t> limit_matches(policy.limits.size(), 0);
  for (const auto& name : names) {
    BenchmarkDiff row;
    row.name = name;
    const BenchmarkSamples* o = old_set.find(name);
    const BenchmarkSamples* n = new_set.find(name);
    if (policy.ignored(name)) {
      row.status = RowStatus::kIgnored;
    } else if (n == nullptr) {
      row.status = RowStatus::kOnlyOld;
    } else if (n->error) {
      row.status = RowStatus::kErrorNew;
      row.note = n->error_message + (o && o->error ? " (OLD failed too)" : "");
    } else if (o == nullptr) {
      row.status = RowStatus::kOnlyNew;
    } else if (o->error) {
      row.status = RowStatus::kErrorOld;
      row.note = o->error_message;
    } else if (n->skipped || o->skipped) {
      row.status = RowStatus::kSkipped;
      row.note = std::string(n->skipped ? "NEW" : "OLD") + " skipped it: " +
                 quoted_for_message(n->skipped ? n->skip_message : o->skip_message);
    } else if (!n->measured_by.empty()) {
      row.status = RowStatus::kShared;
      row.note = "NEW reports the run of " + n->measured_by + ", judged there";
    } else if (const std::string mismatch = size_mismatch(*o, *n, policy); !mismatch.empty()) {
      row.status = RowStatus::kSizeMismatch;
      row.note = mismatch;
    } else {
      compare_metrics(row, *o, *n, policy);
      aggregate_rows += (o->from_aggregate || n->from_aggregate) ? 1 : 0;
    }
    if (n != nullptr && !n->error && !n->skipped && row.status != RowStatus::kIgnored &&
        row.status != RowStatus::kShared) {
      check_limits(row, *n, policy, limit_matches);
    }

    bool row_unconfirmed = false;
    for (const auto& m : row.metrics) {
      if (!m.spec.known && m.spec.direction == Direction::kInfo)
        unknown_metrics.insert(m.spec.name);
      nan_samples += m.nan_old + m.nan_new;
      row_unconfirmed |= !m.confirmed && moved(m.verdict);
    }
    unconfirmed_rows += row_unconfirmed ? 1 : 0;
    tally(c.summary, row, log_real, log_cpu);
    c.failed |= row.regressed() || (policy.fail_on_missing && row.status == RowStatus::kOnlyOld);
    c.rows.push_back(std::move(row));
  }
  c.summary.unconfirmed = unconfirmed_rows;
  c.summary.geomean_real = geomean_of(log_real);
  c.summary.geomean_cpu = geomean_of(log_cpu);
  c.summary.geomean_count = log_real.size();
  c.summary.geomean_cpu_count = log_cpu.size();
  c.fail_on_missing = policy.fail_on_missing;

  if (unconfirmed_rows > 0) {
    c.notes.push_back(
        std::to_string(unconfirmed_rows) +
        " benchmark(s) moved beyond a threshold with too few repetitions for the U test to tell "
        "a change from noise at alpha " +
        plain_number(policy.alpha) + " (it needs at least " +
        std::to_string(repetitions_needed(policy.alpha)) +
        " per side). Changes of times and drift, which move between runs of one build, are only "
        "\"likely\" there and do not fail; other metrics (allocations, memory growth, accuracy) "
        "rest on the threshold alone, marked unconfirmed. "
        "Run with --benchmark_repetitions=10 to decide.");
  }
  if (aggregate_rows > 0) {
    c.notes.push_back(std::to_string(aggregate_rows) +
                      " benchmark(s) had only aggregate rows (--benchmark_report_aggregates_only): "
                      "their median stood in as a single sample.");
  }
  const std::size_t skipped = old_set.complexity_rows_skipped + new_set.complexity_rows_skipped;
  if (skipped > 0) {
    c.notes.push_back(std::to_string(skipped) +
                      " BigO/RMS rows skipped: they are fits over a family, not measurements.");
  }
  if (nan_samples > 0) {
    c.notes.push_back(std::to_string(nan_samples) +
                      " NaN sample(s) left out of the statistics (a metric that is NaN in every "
                      "NEW sample counts as regressed).");
  }
  for (std::size_t i = 0; i < policy.limits.size(); ++i) {
    if (limit_matches[i] > 0) continue;
    c.notes.push_back("limit " + policy.limits[i].describe() + " on benchmarks matching \"" +
                      policy.limits[i].pattern +
                      "\" matched nothing in NEW: check the metric and regex for a typo.");
  }
  for (const auto& m : unknown_metrics) {
    c.notes.push_back("counter " + quoted_for_message(m) +
                      " is not in compare's table: shown, not judged (give it "
                      "a direction in a policy file).");
  }
  return c;
}

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::kSame:
      return "same";
    case Verdict::kNoise:
      return "not significant";
    case Verdict::kImproved:
      return "improved";
    case Verdict::kRegressed:
      return "regressed";
    case Verdict::kInfo:
      return "info";
    case Verdict::kLikelyImproved:
      return "likely improved";
    case Verdict::kLikelyRegressed:
      return "likely regressed";
  }
  return "info";
}

bool moved(Verdict v) {
  return v == Verdict::kRegressed || v == Verdict::kImproved || v == Verdict::kLikelyRegressed ||
         v == Verdict::kLikelyImproved;
}

std::string_view to_string(RowStatus s) {
  switch (s) {
    case RowStatus::kCompared:
      return "compared";
    case RowStatus::kOnlyOld:
      return "only in OLD";
    case RowStatus::kOnlyNew:
      return "only in NEW";
    case RowStatus::kErrorNew:
      return "error in NEW";
    case RowStatus::kErrorOld:
      return "error in OLD";
    case RowStatus::kSizeMismatch:
      return "size mismatch";
    case RowStatus::kIgnored:
      return "ignored";
    case RowStatus::kSkipped:
      return "skipped";
    case RowStatus::kShared:
      return "shared";
  }
  return "compared";
}

std::string_view to_string(UTestMethod m) {
  switch (m) {
    case UTestMethod::kExact:
      return "exact";
    case UTestMethod::kNormal:
      return "normal";
    case UTestMethod::kNone:
      return "none";
  }
  return "none";
}

}  // namespace mdb::compare
