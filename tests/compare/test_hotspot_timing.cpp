// The hotspot rules on step timing: the spread of steps, their tails, and what explains them
// (neighbour rebuilds, this run's own noise).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "compare/report/hotspots.hpp"
#include "tests/compare/hotspots_test_support.hpp"

namespace mdb::compare {
namespace {

using namespace hotspots_test;

TEST(Hotspots, StepVariationWithoutRebuildsIsAMachineWarning) {
  BenchSummary b = healthy();
  b.medians["cv"] = 0.5;
  b.medians["frac_neigh"] = 0.02;  // no rebuilds to blame
  const Hotspots h = find_hotspots(b);
  const Finding* f = finding(h, "step-cv");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kWarning);
  EXPECT_NE(f->recommendation.find("governor"), std::string::npos);
}

TEST(Hotspots, TailsWithoutRebuildsAreWarnings) {
  BenchSummary b = healthy();
  b.medians["frac_neigh"] = 0.02;
  b.medians["p95_us"] = 25;
  b.medians["p99_us"] = 40;
  const Hotspots h = find_hotspots(b);
  for (const char* rule : {"p95-tail", "p99-tail"}) {
    const Finding* f = finding(h, rule);
    ASSERT_NE(f, nullptr) << rule;
    EXPECT_EQ(f->severity, Severity::kWarning) << rule;
  }
}

// With steps_per_build k and the list's share f, a rebuild step costs up to about
// mean x (1 + f (k - 1)); rebuilds explain a tail at quantile q when 1 / k is at least 0.8 of
// 1 - q (k <= 25 for the p95, 125 for the p99) and that estimate reaches the tail. Just inside and
// beyond each bound; mean step 10 us, no fence.
TEST(Hotspots, RebuildsExplainOnlyTheTailsTheyReach) {
  auto severity = [](const char* rule, double f, double k,
                     double tail_us) -> std::optional<Severity> {
    BenchSummary b = healthy();
    b.medians["frac_neigh"] = f;
    if (std::isnan(k)) {
      b.medians.erase("steps_per_build");
    } else {
      b.medians["steps_per_build"] = k;
    }
    b.medians["p95_us"] = std::string(rule) == "p95-tail" ? tail_us : 15;
    b.medians["p99_us"] = std::string(rule) == "p99-tail" ? tail_us : 20;
    const Hotspots h = find_hotspots(b);
    const Finding* x = finding(h, rule);
    if (x == nullptr) return std::nullopt;
    return x->severity;
  };
  // p95: one step in 25 rebuilds at 1 + 0.09 x 24 = 3.16x the mean.
  EXPECT_EQ(severity("p95-tail", 0.09, 25, 31.5), Severity::kInfo);
  EXPECT_EQ(severity("p95-tail", 0.09, 25, 31.7), Severity::kWarning);  // slower than rebuilds
  EXPECT_EQ(severity("p95-tail", 0.09, 26, 25.0), Severity::kWarning);  // too few rebuild steps
  // p99: one step in 125 at 1 + 0.05 x 124 = 7.2x.
  EXPECT_EQ(severity("p99-tail", 0.05, 125, 71.5), Severity::kInfo);
  EXPECT_EQ(severity("p99-tail", 0.05, 125, 72.5), Severity::kWarning);
  EXPECT_EQ(severity("p99-tail", 0.05, 126, 50.0), Severity::kWarning);
  // A large share of time in the list no longer excuses a tail its rare rebuilds cannot reach,
  // nor one of a row that did not rebuild at all (md_bench then reports the timed steps).
  EXPECT_EQ(severity("p95-tail", 0.15, 200, 25.0), Severity::kWarning);
  EXPECT_EQ(severity("p99-tail", 0.15, 5000, 40.0), Severity::kWarning);
  // Without the counter (older files, Peer rows), a list share above 10 % stands for rebuilds.
  EXPECT_EQ(severity("p95-tail", 0.15, std::nan(""), 25.0), Severity::kInfo);
  // The note says how often and how slow.
  BenchSummary b = healthy();
  b.medians["frac_neigh"] = 0.09;
  b.medians["steps_per_build"] = 20;
  b.medians["p95_us"] = 25;
  const Hotspots h = find_hotspots(b);
  ASSERT_TRUE(has_rule(h, "p95-tail"));
  EXPECT_NE(
      finding(h, "p95-tail")->observation.find("one step in 20 rebuilds, at up to about 2.7x"),
      std::string::npos)
      << finding(h, "p95-tail")->observation;
}

// A spread CV from a few slow steps (p95 near the median) is the tail rules' business.
TEST(Hotspots, StepVariationCountsOnlyWhenTheBodySpreads) {
  BenchSummary b = healthy();
  b.medians["frac_neigh"] = 0.02;
  b.medians["cv"] = 0.8;
  b.medians["p50_us"] = 9.5;
  b.medians["p95_us"] = 14.0;  // 1.47x the median
  EXPECT_FALSE(has_rule(find_hotspots(b), "step-cv"));
  b.medians["p95_us"] = 14.5;  // 1.53x
  EXPECT_TRUE(has_rule(find_hotspots(b), "step-cv"));
}

TEST(Hotspots, TailsNeedAMeanStep) {
  BenchSummary b = healthy();
  b.medians.erase("steps_per_s");
  b.medians["p99_us"] = 1e6;
  EXPECT_FALSE(has_rule(find_hotspots(b), "p99-tail"));
}

// Judged against the run's own noise floor: a CV or tail up to the run's fence is the machine's
// (a note), just beyond it a warning; rows that rebuild stay notes either way.
TEST(Hotspots, StepVariationAndTailsWithinTheRunsNoiseAreNotes) {
  BenchSummary b = healthy();
  b.medians["frac_neigh"] = 0.02;  // no rebuilds to blame
  b.medians["cv"] = 0.50;
  b.medians["p95_us"] = 25;  // 2.5x the 10 us mean step
  b.medians["p99_us"] = 40;  // 4.0x
  RunNoise noise;
  noise.cv_fence = 0.50;
  noise.p95_over_mean_fence = 2.5;
  noise.p99_over_mean_fence = 4.0;
  const Hotspots inside = find_hotspots(b, noise);
  for (const char* rule : {"step-cv", "p95-tail", "p99-tail"}) {
    const Finding* f = finding(inside, rule);
    ASSERT_NE(f, nullptr) << rule;
    EXPECT_EQ(f->severity, Severity::kInfo) << rule;
    EXPECT_NE(f->observation.find("Tukey"), std::string::npos) << f->observation;
  }
  b.medians["cv"] = 0.51;
  b.medians["p95_us"] = 25.1;
  b.medians["p99_us"] = 40.1;
  const Hotspots beyond = find_hotspots(b, noise);
  for (const char* rule : {"step-cv", "p95-tail", "p99-tail"}) {
    const Finding* f = finding(beyond, rule);
    ASSERT_NE(f, nullptr) << rule;
    EXPECT_EQ(f->severity, Severity::kWarning) << rule;
  }
}

// Tukey's upper fence, Q3 + 1.5 IQR with numpy's linear quartiles: for 1..8, Q1 = 2.75 and
// Q3 = 6.25, so 11.5. Fewer than eight rows give no floor.
TEST(RunNoise, UpperFenceOfTheRunsRows) {
  EXPECT_DOUBLE_EQ(upper_fence({8, 1, 7, 2, 6, 3, 5, 4}), 11.5);
  EXPECT_TRUE(std::isnan(upper_fence({1, 2, 3, 4, 5, 6, 7})));
  EXPECT_TRUE(std::isnan(upper_fence({1, 2, 3, 4, 5, 6, 7, NAN})));  // NaN is no row
  std::vector<BenchSummary> run(8, healthy());
  for (std::size_t i = 0; i < run.size(); ++i) {
    run[i].medians["cv"] = static_cast<double>(i + 1) / 10;
    run[i].medians["p99_us"] = static_cast<double>(i + 1) * 10;  // mean step 10 us: i+1 x
  }
  run.push_back(healthy());
  run.back().error = true;  // an error row is no evidence of noise
  run.back().medians["cv"] = 100;
  const RunNoise noise = run_noise(run);
  EXPECT_NEAR(noise.cv_fence, 1.15, 1e-12);
  EXPECT_NEAR(noise.p99_over_mean_fence, 11.5, 1e-12);
  EXPECT_TRUE(std::isnan(noise.batched_wait_fence));  // no threaded Batched rows
  for (std::size_t i = 0; i < 8; ++i) {
    run[i].name = "Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time";
    run[i].parts = parse_bench_name(run[i].name);
    run[i].medians["worker_threads"] = i < 7 ? 2 : 1;  // one thread waits for nobody
    run[i].medians["frac_other"] = static_cast<double>(i + 1) / 100;
  }
  EXPECT_TRUE(std::isnan(run_noise(run).batched_wait_fence));  // 7 rows: no floor
  run[7].medians["worker_threads"] = 2;
  EXPECT_NEAR(run_noise(run).batched_wait_fence, 0.115, 1e-12);
}

// A CPU Batched row's replicas rebuild on steps of their own under the displacement check, so R
// of them bring R times as many rebuild steps, each one replica's list. md_bench's default run:
// al-eam's 64-atom Batched row with 4 replicas rebuilt one step in 81 per replica, 13 % of the
// time in the list, and had its p95 at 2.7x the mean.
TEST(Hotspots, ABatchedRowsReplicasRebuildOnStepsOfTheirOwn) {
  auto tail = [](const char* name, double f, double k, double p95_us) {
    BenchSummary b = healthy();
    b.name = name;
    b.parts = parse_bench_name(b.name);
    b.medians["frac_neigh"] = f;
    b.medians["steps_per_build"] = k;
    b.medians["p95_us"] = p95_us;  // the mean step is 10 us
    return find_hotspots(b);
  };
  auto severity = [&](const char* name, double f, double k, double p95_us) {
    const Hotspots h = tail(name, f, k, p95_us);
    const Finding* x = finding(h, "p95-tail");
    return x ? std::optional<Severity>(x->severity) : std::nullopt;
  };
  const char* four = "Batched/NVE/64/al-eam/cpu/replicas:4/manual_time";
  // One step in 81 / 4 = 20.25 holds a rebuild, at up to 1 + 0.133 x 80 / 4 = 3.66x the mean.
  Hotspots h = tail(four, 0.133, 81, 27);
  ASSERT_TRUE(has_rule(h, "p95-tail"));
  EXPECT_EQ(finding(h, "p95-tail")->severity, Severity::kInfo);
  EXPECT_NE(
      finding(h, "p95-tail")
          ->observation.find(
              "each of the 4 replicas rebuilds about one step in 81 on steps of its own, so one "
              "step in 20.2 holds a rebuild, at up to about 3.7x the mean step"),
      std::string::npos)
      << finding(h, "p95-tail")->observation;
  // Slower than those rebuild steps: something else.
  EXPECT_EQ(severity(four, 0.133, 81, 37), Severity::kWarning);
  // Two replicas' rebuilds (one step in 40.5) are too few to reach the p95, and one simulation's
  // (one in 81) fewer still.
  EXPECT_EQ(severity("Batched/NVE/64/al-eam/cpu/replicas:2/manual_time", 0.133, 81, 27),
            Severity::kWarning);
  EXPECT_EQ(severity("Step/NVE/64/al-eam/cpu/manual_time", 0.133, 81, 27), Severity::kWarning);
  // The device engine rebuilds every replica together (one control block): no steps of their own.
  EXPECT_EQ(severity("Batched/NVE/64/al-eam/cuda/replicas:4/manual_time", 0.133, 81, 27),
            Severity::kWarning);
  // Replicas on a fixed interval rebuild together, every list in one step: lj-melt's every 20
  // steps at 1 + 0.236 x 19 = 5.5x.
  h = tail("Batched/NVE/64/lj-melt/cpu/replicas:4/manual_time", 0.236, 20, 43.4);
  ASSERT_TRUE(has_rule(h, "p95-tail"));
  EXPECT_EQ(finding(h, "p95-tail")->severity, Severity::kInfo);
  EXPECT_NE(
      finding(h, "p95-tail")->observation.find("one step in 20 rebuilds, at up to about 5.5x"),
      std::string::npos)
      << finding(h, "p95-tail")->observation;
}

}  // namespace
}  // namespace mdb::compare
