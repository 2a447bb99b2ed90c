#pragma once
// Verdicts: OLD against NEW, benchmark by benchmark and metric by metric, under a Policy.
// Pure functions on samples; printing lives in report.hpp.
#include <string>
#include <vector>

#include "compare/diff/mann_whitney.hpp"
#include "compare/diff/metrics.hpp"
#include "compare/diff/policy.hpp"
#include "compare/diff/samples.hpp"

namespace mdb::compare {

/// What happened to one metric.
enum class Verdict {
  kSame,       // within threshold/tolerance
  kNoise,      // beyond threshold but not significant: the samples overlap too much to tell
  kImproved,   // beyond threshold in the good direction, significant (or unconfirmed)
  kRegressed,  // beyond threshold in the bad direction, significant (or unconfirmed)
  kInfo,       // not judged (kInfo/kIdentity metrics, or a side without finite samples)
  // A metric that varies between runs (times, drift: MetricSpec::varies_between_runs) beyond
  // its threshold with too few samples for the U test to confirm anything: run-to-run noise
  // alone moves single runs that far (docs/COMPARE.md), so these are shown, with the command
  // that would confirm them, and never fail.
  kLikelyImproved,
  kLikelyRegressed,
};

/// One metric of one benchmark.
struct MetricDiff {
  MetricSpec spec;   // after the policy
  double old_value;  // median of OLD's samples (NaN if none)
  double new_value;  // median of NEW's samples
  double change;     // new/old - 1 on the medians (|x| for kLowerAbs); NaN when old is 0
  std::size_t n_old = 0, n_new = 0;      // samples used (NaN left out)
  std::size_t nan_old = 0, nan_new = 0;  // samples left out for being NaN
  UTestResult test;                      // method kNone when not tested
  // False when the U test could not confirm a change of any size (too few samples for alpha):
  // the verdict then rests on the threshold alone.
  bool confirmed = true;
  Verdict verdict = Verdict::kInfo;
};

/// How one benchmark name fared.
enum class RowStatus {  // the order matches Summary's counters
  kCompared,
  kOnlyOld,       // in OLD, missing from NEW
  kOnlyNew,       // new in NEW
  kErrorNew,      // NEW has an error run (fails the comparison)
  kErrorOld,      // only OLD had an error run: NEW is the first good measurement
  kSizeMismatch,  // an identity metric (natoms, replicas) differs: not comparable
  kIgnored,       // a policy override says so
  kSkipped,       // a side skipped itself (Google Benchmark's SkipWithMessage): nothing measured
  kShared,        // NEW reports another row's run (md_bench's shared runs): judged under that row
};

/// A limit NEW broke.
struct LimitViolation {
  std::string metric;
  double value;
  std::string limit;  // AbsoluteLimit::describe()
};

/// One benchmark name.
struct BenchmarkDiff {
  std::string name;
  RowStatus status = RowStatus::kCompared;
  std::string note;                 // error message or mismatch detail
  std::vector<MetricDiff> metrics;  // real_time, cpu_time, then counters by name
  std::vector<LimitViolation> violations;
  double speedup = 0;  // old real_time / new real_time (medians); 0 when not compared

  bool regressed() const;  // a regressed metric, a broken limit or a NEW error
  const MetricDiff* metric(std::string_view metric_name) const;
};

/// Tallies and the geometric-mean row.
struct Summary {
  std::size_t compared = 0, regressed = 0, improved = 0, unconfirmed = 0;
  // Rows whose only moves are likely ones (kLikely*): a likely regression outranks a likely
  // improvement; neither counts in `regressed` or `improved`.
  std::size_t likely_regressed = 0, likely_improved = 0;
  std::size_t only_old = 0, only_new = 0, errors_new = 0, errors_old = 0, mismatched = 0,
              ignored = 0, skipped = 0, shared = 0, limit_violations = 0;
  // Geometric mean over compared benchmarks of new/old medians (1 = no change); NaN if none.
  double geomean_real = 0, geomean_cpu = 0;
  std::size_t geomean_count = 0, geomean_cpu_count = 0;
};

/// The whole comparison.
struct Comparison {
  std::vector<BenchmarkDiff> rows;  // OLD's order, then benchmarks only in NEW
  Summary summary;
  double alpha = 0.05;
  std::vector<std::string> notes;  // caveats worth a line each (too few repetitions, ...)
  bool failed = false;             // a regression, broken limit, NEW error or (by policy) a loss
  bool fail_on_missing = false;    // the policy's: a benchmark only in OLD fails

  int exit_code() const { return failed ? 1 : 0; }
};

/// Compares two sample sets. Regression needs the change to be beyond the metric's threshold and
/// tolerance AND significant at policy.alpha by the two-sided U test. When the sample sizes make
/// significance impossible the verdict is marked unconfirmed: a metric that varies between runs
/// is then only likely (kLikely*, never fails), any other rests on the threshold alone and fails.
Comparison compare_samples(const SampleSet& old_set, const SampleSet& new_set,
                           const Policy& policy);

std::string_view to_string(Verdict v);
/// True for a verdict that claims a change: regressed, improved, or likely either.
bool moved(Verdict v);
std::string_view to_string(RowStatus s);
std::string_view to_string(UTestMethod m);

}  // namespace mdb::compare
