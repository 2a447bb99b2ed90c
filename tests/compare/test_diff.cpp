// compare_samples' verdicts on two sets of samples: the U test against the thresholds, too few
// repetitions, and each kind of metric's direction; and select_group's pairing of names. Rows
// that are not compared, absolute limits, NaN and zero are in test_diff_edge_cases.cpp.
#include "compare/diff/diff.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/compare/diff_test_support.hpp"

namespace mdb::compare {
namespace {

using diff_test::around;
using diff_test::bench;
using diff_test::metric;
using diff_test::set_of;

// find() answers from a hash index that follows appends (so building and comparing n benchmarks
// is O(n), not O(n^2)) and is rebuilt when the vector was cut.
TEST(SampleSetFind, FollowsAppendsAndCuts) {
  SampleSet set;
  EXPECT_EQ(set.find("a"), nullptr);
  for (int i = 0; i < 1000; ++i) {
    std::string name = std::to_string(i);
    name.insert(0, 1, 'b');  // not "b" + ...: GCC 12's false -Wrestrict
    set.benchmarks.push_back({});
    set.benchmarks.back().name = name;
    ASSERT_NE(set.find(name), nullptr) << i;
  }
  EXPECT_EQ(set.find("b517")->name, "b517");
  EXPECT_EQ(set.find("b517"), &set.benchmarks[517]);
  EXPECT_EQ(set.find("b1000"), nullptr);
  set.benchmarks.resize(10);
  EXPECT_EQ(set.find("b517"), nullptr);
  EXPECT_EQ(set.find("b9"), &set.benchmarks[9]);
  set.benchmarks.push_back(set.benchmarks[3]);  // a duplicate name: the first one is found
  EXPECT_EQ(set.find("b3"), &set.benchmarks[3]);
}

TEST(CompareSamples, IdenticalSamplesAreTheSame) {
  const SampleSet s = set_of({bench("A", 1000), bench("B", 5000)});
  const Comparison c = compare_samples(s, s, Policy{});
  EXPECT_FALSE(c.failed);
  EXPECT_EQ(c.summary.compared, 2u);
  EXPECT_EQ(metric(c, "A", "real_time").verdict, Verdict::kSame);
  EXPECT_DOUBLE_EQ(c.summary.geomean_real, 1.0);
  EXPECT_EQ(metric(c, "A", "natoms").verdict, Verdict::kInfo);
}

TEST(CompareSamples, TwentyPercentSlowerWithTenRepetitionsIsASignificantRegression) {
  const Comparison c =
      compare_samples(set_of({bench("A", 1000)}), set_of({bench("A", 1200)}), Policy{});
  const MetricDiff& t = metric(c, "A", "real_time");
  EXPECT_EQ(t.verdict, Verdict::kRegressed);
  EXPECT_TRUE(t.confirmed);
  EXPECT_NEAR(t.change, 0.2, 1e-3);
  EXPECT_LT(t.test.p_value, 1e-4);
  EXPECT_EQ(t.n_old, 10u);
  EXPECT_TRUE(c.failed);
  EXPECT_EQ(c.exit_code(), 1);
  EXPECT_NEAR(c.summary.geomean_real, 1.2, 1e-3);
  // Faster is an improvement, not a failure.
  const Comparison better =
      compare_samples(set_of({bench("A", 1200)}), set_of({bench("A", 1000)}), Policy{});
  EXPECT_EQ(metric(better, "A", "real_time").verdict, Verdict::kImproved);
  EXPECT_FALSE(better.failed);
}

TEST(CompareSamples, SignificantButSmallChangeIsWithinThreshold) {
  // 2 % slower on a 1 % noise floor: the U test sees it, the threshold does not care.
  const Comparison c =
      compare_samples(set_of({bench("A", 1000)}), set_of({bench("A", 1020)}), Policy{});
  const MetricDiff& t = metric(c, "A", "real_time");
  EXPECT_LT(t.test.p_value, 0.05);
  EXPECT_EQ(t.verdict, Verdict::kSame);
  EXPECT_FALSE(c.failed);
  Policy strict;
  strict.time_threshold = 0.01;
  EXPECT_TRUE(
      compare_samples(set_of({bench("A", 1000)}), set_of({bench("A", 1020)}), strict).failed);
}

TEST(CompareSamples, OverlappingNoisySamplesAreNotSignificant) {
  BenchmarkSamples o = bench("A", 100), n = bench("A", 100);
  o.metrics["real_time"] = {100, 140, 95, 150, 98, 145, 102, 138, 97, 99};
  n.metrics["real_time"] = {101, 151, 96, 153, 99.5, 147, 104, 142, 141, 139};
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  const MetricDiff& t = metric(c, "A", "real_time");
  EXPECT_GT(t.change, 0.3);                                 // the medians moved a lot ...
  EXPECT_NEAR(t.test.p_value, 0.19031587607439004, 1e-12);  // ... but scipy's exact p agrees: noise
  EXPECT_EQ(t.verdict, Verdict::kNoise);
  EXPECT_FALSE(c.failed);
}

TEST(CompareSamples, TooFewRepetitionsMakeATimingChangeOnlyLikely) {
  const Comparison c =
      compare_samples(set_of({bench("A", 1000, 3)}), set_of({bench("A", 1200, 3)}), Policy{});
  const MetricDiff& t = metric(c, "A", "real_time");
  EXPECT_FALSE(t.confirmed);
  EXPECT_EQ(t.verdict, Verdict::kLikelyRegressed);
  EXPECT_FALSE(c.failed);
  EXPECT_EQ(c.summary.regressed, 0u);
  EXPECT_EQ(c.summary.likely_regressed, 1u);
  EXPECT_EQ(c.summary.unconfirmed, 1u);
  ASSERT_FALSE(c.notes.empty());
  EXPECT_NE(c.notes[0].find("at least 4 per side"), std::string::npos) << c.notes[0];
  // A single run against a single run: the same rule, both ways.
  const Comparison one =
      compare_samples(set_of({bench("A", 1000, 1)}), set_of({bench("A", 1200, 1)}), Policy{});
  EXPECT_EQ(metric(one, "A", "real_time").verdict, Verdict::kLikelyRegressed);
  EXPECT_FALSE(metric(one, "A", "real_time").confirmed);
  EXPECT_FALSE(one.failed);
  const Comparison faster =
      compare_samples(set_of({bench("A", 1200, 1)}), set_of({bench("A", 1000, 1)}), Policy{});
  EXPECT_EQ(metric(faster, "A", "real_time").verdict, Verdict::kLikelyImproved);
  EXPECT_EQ(faster.summary.improved, 0u);
  EXPECT_EQ(faster.summary.likely_improved, 1u);
  // 3 against 3 can reach p = 0.1 at best, and significance is p < alpha: at alpha 0.1 the
  // test still cannot confirm, so the change stays likely (not "not significant").
  Policy loose;
  loose.alpha = 0.1;
  const Comparison at_floor =
      compare_samples(set_of({bench("A", 1000, 3)}), set_of({bench("A", 1200, 3)}), loose);
  EXPECT_FALSE(metric(at_floor, "A", "real_time").confirmed);
  EXPECT_EQ(metric(at_floor, "A", "real_time").verdict, Verdict::kLikelyRegressed);
  // 4 against 4 reaches 2/70 < 0.05: confirmed, and it fails.
  const Comparison four =
      compare_samples(set_of({bench("A", 1000, 4)}), set_of({bench("A", 1200, 4)}), Policy{});
  EXPECT_TRUE(metric(four, "A", "real_time").confirmed);
  EXPECT_EQ(metric(four, "A", "real_time").verdict, Verdict::kRegressed);
  EXPECT_TRUE(four.failed);
}

// The threshold still draws the line between "same" and "likely" at one repetition: 5 % on
// real_time, checked just inside and just beyond.
TEST(CompareSamples, OneRepetitionLikelyStartsJustBeyondTheThreshold) {
  const Comparison inside =
      compare_samples(set_of({bench("A", 1000, 1)}), set_of({bench("A", 1049, 1)}), Policy{});
  EXPECT_EQ(metric(inside, "A", "real_time").verdict, Verdict::kSame);
  EXPECT_EQ(inside.summary.likely_regressed, 0u);
  const Comparison beyond =
      compare_samples(set_of({bench("A", 1000, 1)}), set_of({bench("A", 1051, 1)}), Policy{});
  EXPECT_EQ(metric(beyond, "A", "real_time").verdict, Verdict::kLikelyRegressed);
  EXPECT_FALSE(beyond.failed);
}

// Counts and accuracy repeat from run to run, unlike times and drift: without repetitions the
// threshold decides them alone, unconfirmed, and a regression still fails.
TEST(CompareSamples, OneRepetitionStillFailsOnNonTimingMetrics) {
  BenchmarkSamples o = bench("A", 1000, 1), n = bench("A", 1000, 1);
  o.metrics["allocs_per_step"] = {0};
  n.metrics["allocs_per_step"] = {0.4};  // within the 0.5 guard
  const Comparison inside = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(inside, "A", "allocs_per_step").verdict, Verdict::kSame);
  EXPECT_FALSE(inside.failed);
  n.metrics["allocs_per_step"] = {0.6};
  const Comparison beyond = compare_samples(set_of({o}), set_of({n}), Policy{});
  const MetricDiff& a = metric(beyond, "A", "allocs_per_step");
  EXPECT_EQ(a.verdict, Verdict::kRegressed);
  EXPECT_FALSE(a.confirmed);
  EXPECT_TRUE(beyond.failed);
  EXPECT_EQ(beyond.summary.regressed, 1u);
  // A KIM driver's 149,000 allocations an iteration, plus a few per neighbour rebuild: just
  // inside (+0.094 %) and just beyond (+0.101 %) the 0.1 % relative threshold.
  o.metrics["allocs_per_iter"] = {149000};
  n.metrics["allocs_per_step"] = {0};
  n.metrics["allocs_per_iter"] = {149140};
  const Comparison kim_inside = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(kim_inside, "A", "allocs_per_iter").verdict, Verdict::kSame);
  EXPECT_FALSE(kim_inside.failed);
  n.metrics["allocs_per_iter"] = {149150};
  const Comparison kim_beyond = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(kim_beyond, "A", "allocs_per_iter").verdict, Verdict::kRegressed);
  EXPECT_TRUE(kim_beyond.failed);
  o.metrics.erase("allocs_per_iter");
  n.metrics.erase("allocs_per_iter");
  // A counter given a direction by a policy is not a timing metric either.
  Policy custom;
  custom.metrics["my_loss"] = MetricRule{Direction::kLower, 0.02, 0.0};
  o.metrics["my_loss"] = {1.0};
  n.metrics["my_loss"] = {1.1};
  n.metrics["allocs_per_step"] = {0};
  const Comparison loss = compare_samples(set_of({o}), set_of({n}), custom);
  EXPECT_EQ(metric(loss, "A", "my_loss").verdict, Verdict::kRegressed);
  EXPECT_TRUE(loss.failed);
}

TEST(CompareSamples, HigherIsBetterCountersRegressWhenTheyFall) {
  BenchmarkSamples o = bench("A", 1000), n = bench("A", 1000);
  o.metrics["atom_steps_per_s"] = around(6e6);
  n.metrics["atom_steps_per_s"] = around(4e6);
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(c, "A", "atom_steps_per_s").verdict, Verdict::kRegressed);
  n.metrics["atom_steps_per_s"] = around(8e6);
  const Comparison faster = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(faster, "A", "atom_steps_per_s").verdict, Verdict::kImproved);
}

TEST(CompareSamples, EnergyDriftIsJudgedByMagnitudeAboveItsNoiseFloor) {
  BenchmarkSamples o = bench("T", 1e7), n = bench("T", 1e7);
  o.metrics["energy_drift"] = {1e-3, -2e-3, 5e-4, -1e-3, 2e-3, -5e-4, 1.5e-3, -1.5e-3, 8e-4, -8e-4};
  // A flip of sign and a doubling of noise-level drift: |change| is large, absolute tiny.
  n.metrics["energy_drift"] = {-2e-3, 4e-3, -1e-3, 2e-3, -4e-3, 1e-3, -3e-3, 3e-3, -1.6e-3, 1.6e-3};
  const Comparison noise = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(noise, "T", "energy_drift").verdict, Verdict::kSame);
  // Real drift: 0.2 meV/atom/ps, negative or positive.
  n.metrics["energy_drift"] = std::vector<double>(10, -0.2);
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(c, "T", "energy_drift").verdict, Verdict::kRegressed);
  EXPECT_TRUE(c.failed);
}

// Drift follows the trajectory, whose length is the iteration count the run picked: two single
// runs of one md_bench build gave c-nn-student 0.001675 and 0.01927 meV/atom/ps. Without
// repetitions that is only a likely regression; an absolute limit still catches a real one.
TEST(CompareSamples, OneRepetitionOfDriftIsOnlyLikely) {
  BenchmarkSamples o = bench("T", 1e7, 1), n = bench("T", 1e7, 1);
  o.metrics["energy_drift"] = {0.001675};
  n.metrics["energy_drift"] = {0.01927};
  Policy limit;
  limit.limits.push_back(AbsoluteLimit{});
  limit.limits.back().metric = "energy_drift";
  limit.limits.back().abs_max = 0.05;
  const Comparison c = compare_samples(set_of({o}), set_of({n}), limit);
  EXPECT_EQ(metric(c, "T", "energy_drift").verdict, Verdict::kLikelyRegressed);
  EXPECT_FALSE(c.failed);
  n.metrics["energy_drift"] = {0.051};
  const Comparison broken = compare_samples(set_of({o}), set_of({n}), limit);
  EXPECT_EQ(metric(broken, "T", "energy_drift").verdict, Verdict::kLikelyRegressed);
  EXPECT_TRUE(broken.failed);  // the limit, not the verdict
}

// A student's accuracy repeats exactly on one machine: every repetition has the same value.
TEST(CompareSamples, StudentAccuracyRegressesBeyondTenPercentAndItsFloor) {
  BenchmarkSamples o = bench("S", 1000), n = bench("S", 1000);
  o.metrics["force_rmse"] = std::vector<double>(10, 0.10);
  o.metrics["energy_mae"] = std::vector<double>(10, 4.0);
  n.metrics["force_rmse"] = std::vector<double>(10, 0.13);  // a worse student: +30 %
  n.metrics["energy_mae"] = std::vector<double>(10, 4.2);   // frames resampled: +5 %
  const Comparison c = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(c, "S", "force_rmse").verdict, Verdict::kRegressed);
  EXPECT_EQ(metric(c, "S", "energy_mae").verdict, Verdict::kSame);
  EXPECT_TRUE(c.failed);
  // A port equal to its teacher to rounding: tripled, but far below the absolute floor.
  o.metrics["force_rmse"] = std::vector<double>(10, 1e-7);
  n.metrics["force_rmse"] = std::vector<double>(10, 3e-7);
  const Comparison rounding = compare_samples(set_of({o}), set_of({n}), Policy{});
  EXPECT_EQ(metric(rounding, "S", "force_rmse").verdict, Verdict::kSame);
  // --threshold is for timings: it leaves the accuracy gate alone.
  Policy loose;
  loose.forced_time_threshold = 1.0;
  o.metrics["force_rmse"] = std::vector<double>(10, 0.10);
  n.metrics["force_rmse"] = std::vector<double>(10, 0.13);
  const Comparison forced = compare_samples(set_of({o}), set_of({n}), loose);
  EXPECT_EQ(metric(forced, "S", "force_rmse").verdict, Verdict::kRegressed);
}

TEST(Samples, MedianAndGroups) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_TRUE(std::isnan(median({})));
  const SampleSet all = set_of({bench("Step/64/nn-teacher/cpu", 2000),
                                bench("Step/64/nn-student/cpu", 180), bench("Step/64/lj/cpu", 10)});
  const SampleSet t = select_group(all, "nn-teacher", "[t vs s]");
  ASSERT_EQ(t.benchmarks.size(), 1u);
  EXPECT_EQ(t.benchmarks[0].name, "Step/64/[t vs s]/cpu");
  const SampleSet s = select_group(all, "nn-s\\w+", "$1[x]");
  ASSERT_EQ(s.benchmarks.size(), 1u);
  EXPECT_EQ(s.benchmarks[0].name, "Step/64/$1[x]/cpu");  // the replacement is literal
  const Comparison c = compare_samples(t, select_group(all, "nn-student", "[t vs s]"), Policy{});
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_NEAR(c.rows[0].speedup, 2000.0 / 180.0, 0.05);
}

TEST(Samples, CaptureGroupsPairNamesThatDifferInTwoPlaces) {
  const SampleSet all = set_of({bench("Step/NVE/64/si-sw/cpu/manual_time", 16),
                                bench("Peer/NVE/64/si-sw/lammps/manual_time", 44),
                                bench("Step/NVE/512/si-sw/cpu/manual_time", 160)});
  const SampleSet ours = select_group(all, "^Step(/.*/)cpu/", "[ours vs lammps]");
  const SampleSet peer = select_group(all, "^Peer(/.*/)lammps/", "[ours vs lammps]");
  ASSERT_EQ(peer.benchmarks.size(), 1u);
  EXPECT_EQ(peer.benchmarks[0].name, "[ours vs lammps]/NVE/64/si-sw/manual_time");
  const Comparison c = compare_samples(peer, ours, Policy{});
  ASSERT_EQ(c.rows.size(), 2u);  // the 512-atom Step has no partner: listed, not paired
  for (const auto& row : c.rows) {
    if (row.name == "[ours vs lammps]/NVE/64/si-sw/manual_time") {
      EXPECT_NEAR(row.speedup, 44.0 / 16.0, 0.05);
    }
  }
}

}  // namespace
}  // namespace mdb::compare
