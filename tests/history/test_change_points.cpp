// Change-point detection against known answers: the t distribution's tabulated values, the
// E-divisive statistic from its definition, and synthetic series with steps of known size at
// known places, stationary noise (the false-positive rate over many seeds) and a slow drift.
#include <cmath>
#include <cstdio>
#include <random>

#include <gtest/gtest.h>

#include "compare/history/change_points.hpp"
#include "compare/history/detect.hpp"
#include "compare/history/e_divisive.hpp"
#include "compare/history/student_t.hpp"

namespace mdb::history {
namespace {

std::vector<double> noise(std::size_t n, double mean, double sigma, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> d(mean, sigma);
  std::vector<double> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

TEST(StudentT, MatchesTabulatedCriticalValues) {
  // Two-sided 5 % points of Student's t (any statistics table).
  EXPECT_NEAR(student_t_two_sided_p(12.7062, 1), 0.05, 1e-5);
  EXPECT_NEAR(student_t_two_sided_p(2.22814, 10), 0.05, 1e-5);
  EXPECT_NEAR(student_t_two_sided_p(-2.04227, 30), 0.05, 1e-5);
  EXPECT_NEAR(student_t_two_sided_p(1.95996, 1e7), 0.05, 1e-5);
  // 0.1 % points.
  EXPECT_NEAR(student_t_two_sided_p(4.58689, 10), 0.001, 1e-7);
  EXPECT_DOUBLE_EQ(student_t_two_sided_p(0, 5), 1.0);
  // I_0.5(2, 3) = P(Binomial(4, 1/2) >= 2) = 11/16.
  EXPECT_NEAR(incomplete_beta(0.5, 2, 3), 11.0 / 16.0, 1e-12);
}

TEST(StudentT, ConstantSidesAreCertainOrNothing) {
  const std::vector<double> a = {5, 5, 5}, b = {5, 5, 5}, c = {6, 6, 6};
  EXPECT_DOUBLE_EQ(two_sample_t_test(sample_stats(a.data(), 3), sample_stats(b.data(), 3)), 1.0);
  EXPECT_DOUBLE_EQ(two_sample_t_test(sample_stats(a.data(), 3), sample_stats(c.data(), 3)), 0.0);
}

TEST(EDivisive, FastStatisticEqualsTheDefinition) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto z = noise(41, 10.0, 2.0, seed);
    z[7] = z[8];  // a tie
    for (std::size_t i = 20; i < 41; ++i) z[i] += 3.0;
    const auto q = e_divisive_q(z);
    for (std::size_t tau = 1; tau < z.size(); ++tau) {
      const double direct = e_divisive_q_direct(z, tau);
      EXPECT_NEAR(q[tau], direct, 1e-9 * (1 + std::fabs(direct))) << "tau " << tau;
    }
  }
}

TEST(EDivisive, ConstantSeriesHasNoStrongerSplit) {
  const std::vector<double> z(20, 3.5);
  for (double q : e_divisive_q(z)) EXPECT_EQ(q, 0.0);
}

// A step of k sigma at a known index, over many seeds: found every time, at the right run or
// the one next to it in at least `min_within_one` of the seeds. Under Gaussian noise even the
// maximum-likelihood location of a 3 sigma step is two or more runs off in a few per cent of
// series (a neighbour of the step falls on the far side's level), so that share is not 1.
void expect_steps_found(double k_sigma, int seeds, double min_within_one, double min_exact) {
  constexpr std::size_t kN = 60, kAt = 31;
  int found = 0, within_one = 0, exact = 0;
  for (int seed = 0; seed < seeds; ++seed) {
    auto z = noise(kN, 100.0, 1.0, 1000 + seed);
    for (std::size_t i = kAt; i < kN; ++i) z[i] += k_sigma;
    const auto cps = find_change_points(z, DetectOptions{});
    bool hit = false;
    for (const auto& cp : cps) {
      const long off = static_cast<long>(cp.index) - static_cast<long>(kAt);
      if (std::labs(off) <= 1) {
        hit = true;
        exact += off == 0;
        EXPECT_NEAR(cp.mean_after - cp.mean_before, k_sigma, 1.0) << "seed " << seed;
        EXPECT_GT(cp.rel_change, 0);
      }
    }
    found += !cps.empty();
    within_one += hit;
  }
  EXPECT_EQ(found, seeds) << k_sigma << " sigma";
  EXPECT_GE(within_one, min_within_one * seeds) << k_sigma << " sigma";
  EXPECT_GE(exact, min_exact * seeds) << k_sigma << " sigma";
  std::printf("%.0f sigma: found %d/%d, within one run %d, exact %d\n", k_sigma, found, seeds,
              within_one, exact);
}

TEST(ChangePoints, StepsOfThreeSigmaOrMoreAreFoundWithinOneRun) {
  expect_steps_found(3.0, 400, 0.95, 0.7);
  expect_steps_found(4.0, 400, 0.99, 0.85);
  expect_steps_found(6.0, 400, 1.0, 0.95);
}

TEST(ChangePoints, SeveralStepsAreEachFound) {
  auto z = noise(90, 50.0, 0.5, 7);
  for (std::size_t i = 30; i < 90; ++i) z[i] += 2.0;  // +4 sigma at 30
  for (std::size_t i = 60; i < 90; ++i) z[i] -= 1.5;  // -3 sigma at 60
  const auto cps = find_change_points(z, DetectOptions{});
  ASSERT_EQ(cps.size(), 2u);
  EXPECT_NEAR(static_cast<double>(cps[0].index), 30, 1);
  EXPECT_NEAR(static_cast<double>(cps[1].index), 60, 1);
  EXPECT_GT(cps[0].rel_change, 0);
  EXPECT_LT(cps[1].rel_change, 0);
  // Each is judged against its neighbours' segments: means near the true levels.
  EXPECT_NEAR(cps[1].mean_before, 52.0, 0.3);
  EXPECT_NEAR(cps[1].mean_after, 50.5, 0.3);
}

// On series with no change, the share that report one stays at or under the configured p.
double false_positive_rate(const DetectOptions& o, std::size_t n, int seeds) {
  int with_change = 0;
  for (int seed = 0; seed < seeds; ++seed) {
    with_change += !find_change_points(noise(n, 20.0, 1.0, 50000 + seed), o).empty();
  }
  return static_cast<double>(with_change) / seeds;
}

TEST(ChangePoints, StationaryNoiseStaysWithinTheConfiguredFalsePositiveRate) {
  for (double p : {0.05, 0.01}) {
    DetectOptions o;
    o.max_pvalue = p;
    constexpr int kSeeds = 2000;
    const double rate = false_positive_rate(o, 50, kSeeds);
    std::printf("max_pvalue %.2f: %.4f of %d stationary series had a change point\n", p, rate,
                kSeeds);
    // Three binomial standard errors above p: a correct test fails this about once in 700.
    EXPECT_LE(rate, p + 3 * std::sqrt(p * (1 - p) / kSeeds)) << "max_pvalue " << p;
  }
}

TEST(ChangePoints, PermutationTestStaysWithinTheConfiguredFalsePositiveRate) {
  DetectOptions o;
  o.test = SignificanceTest::kPermutation;
  o.max_pvalue = 0.05;
  o.permutations = 99;
  constexpr int kSeeds = 300;
  const double rate = false_positive_rate(o, 30, kSeeds);
  std::printf("permutation, max_pvalue 0.05: %.4f of %d stationary series\n", rate, kSeeds);
  EXPECT_LE(rate, 0.05 + 3 * std::sqrt(0.05 * 0.95 / kSeeds));
}

TEST(ChangePoints, PermutationTestFindsAStep) {
  DetectOptions o;
  o.test = SignificanceTest::kPermutation;
  o.max_pvalue = 0.01;
  o.permutations = 199;
  auto z = noise(40, 10.0, 1.0, 3);
  for (std::size_t i = 25; i < 40; ++i) z[i] += 3.0;
  const auto cps = find_change_points(z, o);
  ASSERT_FALSE(cps.empty());
  EXPECT_NEAR(static_cast<double>(cps[0].index), 25, 1);
  EXPECT_LE(cps[0].pvalue, 0.01);
}

// 1 % a commit for 25 commits, under noise of 1 % (so no single step stands out), after 30
// flat commits: the drift is reported, as slower, after it began.
TEST(ChangePoints, ASlowDriftOfOnePercentACommitIsReported) {
  for (std::uint64_t seed : {11u, 12u, 13u, 14u, 15u}) {
    auto z = noise(55, 1.0, 0.01, seed);
    for (std::size_t i = 30; i < 55; ++i) z[i] *= std::pow(1.01, static_cast<double>(i - 29));
    const auto cps = find_change_points(z, DetectOptions{});
    ASSERT_FALSE(cps.empty()) << "seed " << seed;
    bool slower_after_start = false;
    for (const auto& cp : cps) slower_after_start |= cp.index >= 29 && cp.rel_change > 0;
    EXPECT_TRUE(slower_after_start) << "seed " << seed;
  }
}

TEST(ChangePoints, MinimumChangeHidesSmallSignificantSteps) {
  auto z = noise(60, 100.0, 0.1, 5);
  for (std::size_t i = 30; i < 60; ++i) z[i] += 1.0;  // 10 sigma, but 1 %
  EXPECT_EQ(find_change_points(z, DetectOptions{}).size(), 1u);
  DetectOptions o;
  o.min_change = 0.02;
  EXPECT_TRUE(find_change_points(z, o).empty());
}

TEST(Detect, WorseFollowsCompareMetricDirections) {
  ChangePoint up;
  up.mean_before = 1;
  up.mean_after = 2;
  EXPECT_TRUE(makes_worse("real_time", up));
  EXPECT_FALSE(makes_worse("steps_per_s", up));
  EXPECT_FALSE(makes_worse("frac_force", up));  // info: shown, never gated
  ChangePoint drift;
  drift.mean_before = 1e-5;
  drift.mean_after = -3e-5;
  EXPECT_TRUE(makes_worse("energy_drift", drift));  // further from zero
}

}  // namespace
}  // namespace mdb::history
