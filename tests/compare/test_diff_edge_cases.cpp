// compare_samples at its edges: rows missing, in error, of another size, shared or ignored;
// absolute limits that fail whatever the baseline says; NaN, zero and unknown counters. These
// are what a gate must not pass by accident.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "compare/diff/diff.hpp"
#include "tests/compare/diff_test_support.hpp"

namespace mdb::compare {
namespace {

using diff_test::around;
using diff_test::bench;
using diff_test::metric;
using diff_test::set_of;

TEST(CompareSamples, AllocationsFromZeroRegress) {
  BenchmarkSamples o = bench("A", 1000), n = bench("A", 1000);
  o.metrics["allocs_per_step"] = std::vector<double>(10, 0.0);
  n.metrics["allocs_per_step"] = std::vector<double>(10, 2.0);
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  const MetricDiff& a = metric(c, "A", "allocs_per_step");
  EXPECT_EQ(a.verdict, Verdict::kRegressed);
  EXPECT_TRUE(std::isnan(a.change));  // relative change from zero is undefined
}

TEST(CompareSamples, MissingNewErrorsAndMismatchesAreReported) {
  BenchmarkSamples err = bench("E", 1000);
  err.error = true;
  err.error_message = "blow-up at step 12";
  BenchmarkSamples big = bench("S", 1000);
  big.metrics["natoms"] = std::vector<double>(10, 108);
  const SampleSet o = set_of({bench("gone", 10), bench("E", 1000), bench("S", 1000)});
  const SampleSet n = set_of({err, big, bench("fresh", 10)});
  const Comparison c = compare_samples(o, n, Policy{});
  ASSERT_EQ(c.rows.size(), 4u);
  EXPECT_EQ(c.rows[0].status, RowStatus::kOnlyOld);
  EXPECT_EQ(c.rows[1].status, RowStatus::kErrorNew);
  EXPECT_EQ(c.rows[1].note, "blow-up at step 12");
  EXPECT_EQ(c.rows[2].status, RowStatus::kSizeMismatch);
  EXPECT_EQ(c.rows[2].note, "natoms 64 -> 108");
  EXPECT_EQ(c.rows[3].status, RowStatus::kOnlyNew);
  EXPECT_TRUE(c.failed);  // the NEW error
  EXPECT_EQ(c.summary.compared, 0u);
  EXPECT_TRUE(std::isnan(c.summary.geomean_real));
  // Without the error, a lost benchmark alone passes unless the policy says otherwise.
  const Comparison lost = compare_samples(set_of({bench("gone", 10), bench("A", 5)}),
                                          set_of({bench("A", 5)}), Policy{});
  EXPECT_FALSE(lost.failed);
  Policy strict;
  strict.fail_on_missing = true;
  EXPECT_TRUE(
      compare_samples(set_of({bench("gone", 10), bench("A", 5)}), set_of({bench("A", 5)}), strict)
          .failed);
  // An error only in OLD is a fix.
  const Comparison fixed = compare_samples(set_of({err}), set_of({bench("E", 1000)}), Policy{});
  EXPECT_EQ(fixed.rows[0].status, RowStatus::kErrorOld);
  EXPECT_FALSE(fixed.failed);
}

TEST(CompareSamples, LimitsFailWhateverTheBaselineSays) {
  BenchmarkSamples o = bench("Trajectory/NVE/64", 1e7);
  o.metrics["energy_drift"] = std::vector<double>(10, 0.3);
  const SampleSet same = set_of({o});
  const Policy p = parse_policy(
      R"({"limits": [{"benchmarks": "^Trajectory/NVE/", "metric": "energy_drift", "abs_max": 0.1}]})");
  const Comparison c = compare_samples(same, same, p);
  ASSERT_EQ(c.rows[0].violations.size(), 1u);
  EXPECT_EQ(c.rows[0].violations[0].limit, "|energy_drift| <= 0.1");
  EXPECT_TRUE(c.failed);
  // Limits apply to new benchmarks too, and not to benchmarks the regex does not find.
  EXPECT_TRUE(compare_samples(SampleSet{}, same, p).failed);
  BenchmarkSamples step = o;
  step.name = "Step/NVE/64";
  EXPECT_FALSE(compare_samples(set_of({step}), set_of({step}), p).failed);
}

// md_bench's Scaling size and one-replica Batched row report their Step row's run (labelled
// "measured by <row>"): their figures are that row's, so a regression is counted, limited and
// printed once, under the row that measured it.
TEST(CompareSamples, ARowReportingAnotherRowsRunIsJudgedOnceUnderThatRow) {
  BenchmarkSamples step = bench("Step/NVE/64/lj-ar/cpu", 1000);
  BenchmarkSamples scaling = bench("Scaling/NVE/lj-ar/cpu/64", 1000);
  const SampleSet old_set = set_of({step, scaling});
  step = bench("Step/NVE/64/lj-ar/cpu", 1500);
  scaling = step;
  scaling.name = "Scaling/NVE/lj-ar/cpu/64";
  scaling.measured_by = "Step/NVE/64/lj-ar/cpu";
  const Policy p =
      parse_policy(R"({"limits": [{"benchmarks": "lj-ar", "metric": "real_time", "max": 1200}]})");
  const Comparison c = compare_samples(old_set, set_of({step, scaling}), p);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].status, RowStatus::kCompared);
  EXPECT_EQ(metric(c, "Step/NVE/64/lj-ar/cpu", "real_time").verdict, Verdict::kRegressed);
  EXPECT_EQ(c.rows[0].violations.size(), 1u);
  EXPECT_EQ(c.rows[1].status, RowStatus::kShared);
  EXPECT_TRUE(c.rows[1].metrics.empty());
  EXPECT_TRUE(c.rows[1].violations.empty());
  EXPECT_NE(c.rows[1].note.find("Step/NVE/64/lj-ar/cpu"), std::string::npos) << c.rows[1].note;
  EXPECT_EQ(c.summary.regressed, 1u);
  EXPECT_EQ(c.summary.shared, 1u);
  EXPECT_EQ(c.summary.limit_violations, 1u);
  EXPECT_TRUE(c.failed);
  // A row OLD shared but NEW measured is NEW's own measurement, and compared.
  const Comparison back = compare_samples(set_of({step, scaling}), old_set, Policy{});
  EXPECT_EQ(back.rows[1].status, RowStatus::kCompared);
  EXPECT_EQ(back.summary.shared, 0u);
}

TEST(CompareSamples, IgnoredBenchmarksAndUnknownCounters) {
  BenchmarkSamples o = bench("Scaling/x", 1000), n = bench("Scaling/x", 5000);
  BenchmarkSamples a = bench("A", 1000), b = bench("A", 1000);
  a.metrics["my_loss"] = around(1.0);
  b.metrics["my_loss"] = around(9.0);
  const Policy p = parse_policy(R"({"overrides": [{"benchmarks": "^Scaling/", "ignore": true}]})");
  const Comparison c = compare_samples(set_of({o, a}), set_of({n, b}), p);
  EXPECT_EQ(c.rows[0].status, RowStatus::kIgnored);
  EXPECT_EQ(metric(c, "A", "my_loss").verdict, Verdict::kInfo);
  EXPECT_FALSE(c.failed);
  bool noted = false;
  for (const auto& note : c.notes) noted |= note.find("\"my_loss\"") != std::string::npos;
  EXPECT_TRUE(noted);
  // A policy gives the unknown counter a direction, and then it is judged, without the note.
  const Policy q = parse_policy(R"({"metrics": {"my_loss": {"direction": "lower"}}})");
  const Comparison judged = compare_samples(set_of({a}), set_of({b}), q);
  EXPECT_TRUE(judged.failed);
  for (const auto& note : judged.notes)
    EXPECT_EQ(note.find("\"my_loss\""), std::string::npos) << note;
}

TEST(CompareSamples, AMetricThatBecameNaNRegresses) {
  BenchmarkSamples o = bench("T", 1e7), n = bench("T", 1e7);
  o.metrics["energy_drift"] = around(1e-3);
  n.metrics["energy_drift"] = std::vector<double>(10, NAN);
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(c, "T", "energy_drift").verdict, Verdict::kRegressed);
  EXPECT_TRUE(c.failed);
  // An info metric going NaN is shown, not judged.
  o.metrics["T_mean"] = around(40);
  n.metrics["T_mean"] = std::vector<double>(10, NAN);
  n.metrics["energy_drift"] = around(1e-3);
  EXPECT_FALSE(compare_samples(set_of({o}), set_of({n}), Policy{}).failed);
}

TEST(CompareSamples, LimitsSeeNaNAndSayWhenTheyMatchNothing) {
  BenchmarkSamples n = bench("Trajectory/NVE/64", 1e7);
  n.metrics["energy_drift"] = {0.01, NAN, 0.01, 0.01};  // the median alone would hide the NaN
  const Policy p = parse_policy(R"({"limits": [
    {"metric": "energy_drift", "abs_max": 0.05},
    {"metric": "allocs_per_stp", "max": 0}]})");
  const Comparison c = compare_samples(set_of({n}), set_of({n}), p);
  ASSERT_EQ(c.rows[0].violations.size(), 1u);
  EXPECT_TRUE(std::isnan(c.rows[0].violations[0].value));
  bool noted = false;
  for (const auto& note : c.notes) noted |= note.find("allocs_per_stp") != std::string::npos;
  EXPECT_TRUE(noted) << "a limit that matched nothing must be reported";
}

TEST(CompareSamples, SizeMismatchWhenOnlyOneSideHasTheSize) {
  BenchmarkSamples o = bench("A", 1000), n = bench("A", 1000);
  n.metrics.erase("natoms");
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(c.rows[0].status, RowStatus::kSizeMismatch);
  EXPECT_EQ(c.rows[0].note, "natoms 64 -> none");
}

TEST(CompareSamples, DriftAtZeroOnBothSidesIsTheSame) {
  BenchmarkSamples o = bench("T", 1e7), n = bench("T", 1e7);
  o.metrics["energy_drift"] = std::vector<double>(10, 0.0);
  n.metrics["energy_drift"] = std::vector<double>(10, -0.0);
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  const MetricDiff& d = metric(c, "T", "energy_drift");
  EXPECT_EQ(d.verdict, Verdict::kSame);
  EXPECT_EQ(d.change, 0.0);
}

TEST(CompareSamples, NaNSamplesAreDroppedNotRanked) {
  BenchmarkSamples o = bench("A", 1000), n = bench("A", 1000);
  n.metrics["real_time"][3] = NAN;
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  const MetricDiff& t = metric(c, "A", "real_time");
  EXPECT_EQ(t.n_new, 9u);
  EXPECT_EQ(t.verdict, Verdict::kSame);
}

}  // namespace
}  // namespace mdb::compare
