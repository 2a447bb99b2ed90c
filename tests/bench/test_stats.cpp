#include "bench/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace mdb::bench {
namespace {

TEST(Percentile, MatchesNumpyLinearInterpolation) {
  // numpy.percentile([1, 2, 3, 4], [0, 25, 50, 95, 100]) = 1, 1.75, 2.5, 3.85, 4
  const std::vector<double> v = {1, 2, 3, 4};
  EXPECT_DOUBLE_EQ(percentile(v, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(percentile(v, 0.25), 1.75);
  EXPECT_DOUBLE_EQ(percentile(v, 0.5), 2.5);
  EXPECT_NEAR(percentile(v, 0.95), 3.85, 1e-12);
  EXPECT_DOUBLE_EQ(percentile(v, 1.0), 4.0);
  EXPECT_DOUBLE_EQ(percentile(std::vector<double>{7.0}, 0.99), 7.0);
  EXPECT_THROW(percentile(std::vector<double>{}, 0.5), std::invalid_argument);
  EXPECT_THROW(percentile(v, 1.5), std::invalid_argument);
}

TEST(SummarizeLatencies, SortsAndSummarises) {
  // 1..100 shuffled: p50 = 50.5, p95 = 95.05, p99 = 99.01, max = 100.
  std::vector<double> v;
  for (int i = 0; i < 100; ++i) v.push_back(static_cast<double>((i * 37) % 100 + 1));
  const LatencySummary s = summarize_latencies(v);
  EXPECT_EQ(s.count, 100u);
  EXPECT_DOUBLE_EQ(s.mean, 50.5);
  EXPECT_NEAR(s.p50, 50.5, 1e-12);
  EXPECT_NEAR(s.p95, 95.05, 1e-12);
  EXPECT_NEAR(s.p99, 99.01, 1e-12);
  EXPECT_DOUBLE_EQ(s.max, 100.0);
  // Sample standard deviation of 1..100 is sqrt(100 * 101 / 12) = 29.011...
  EXPECT_NEAR(s.cv, std::sqrt(100.0 * 101.0 / 12.0) / 50.5, 1e-12);
  EXPECT_TRUE(std::is_sorted(v.begin(), v.end()));
}

TEST(SummarizeLatencies, ConstantSamplesHaveZeroSpread) {
  std::vector<double> v(10, 3.0);
  const LatencySummary s = summarize_latencies(v);
  EXPECT_DOUBLE_EQ(s.cv, 0.0);
  EXPECT_DOUBLE_EQ(s.p99, 3.0);
  std::vector<double> empty;
  EXPECT_EQ(summarize_latencies(empty).count, 0u);
}

TEST(LeastSquares, RecoversAKnownSlopeUnderSymmetricNoise) {
  // y = 0.25 x - 3 plus noise of alternating sign that has no component along x.
  std::vector<double> x, y;
  for (int i = 0; i < 200; ++i) {
    const double xi = 1000.0 + 0.5 * i;  // large offset, as times in ps are
    x.push_back(xi);
    const double noise = (i % 4 == 0 || i % 4 == 3) ? 0.01 : -0.01;
    y.push_back(0.25 * xi - 3.0 + noise);
  }
  const LinearFit f = least_squares(x, y);
  EXPECT_NEAR(f.slope, 0.25, 1e-6);
  EXPECT_NEAR(f.intercept, -3.0, 1e-3);
  // The noise is orthogonal to x and to 1, so the residuals are the noise itself: RSS = n 1e-4,
  // and for n points a spacing h apart sum (x - mean)^2 = h^2 n (n^2 - 1) / 12.
  const double n = 200, sxx = 0.25 * n * (n * n - 1) / 12;
  EXPECT_NEAR(f.slope_se, std::sqrt(n * 1e-4 / (n - 2) / sxx), 1e-12);
  EXPECT_DOUBLE_EQ(f.x_span, 99.5);
}

TEST(LeastSquares, ExactLineHasNoErrorAndTwoPointsNone) {
  const LinearFit exact =
      least_squares(std::vector<double>{0.0, 1.0, 3.0}, std::vector<double>{1.0, 3.0, 7.0});
  EXPECT_DOUBLE_EQ(exact.slope, 2.0);
  EXPECT_NEAR(exact.slope_se, 0.0, 1e-15);
  const LinearFit two = least_squares(std::vector<double>{2.0, 1.0}, std::vector<double>{5.0, 4.0});
  EXPECT_DOUBLE_EQ(two.slope, 1.0);
  EXPECT_DOUBLE_EQ(two.x_span, 1.0);
  EXPECT_TRUE(std::isnan(two.slope_se)) << "two points: no degrees of freedom left";
}

TEST(LeastSquares, RejectsDegenerateInput) {
  EXPECT_THROW(least_squares(std::vector<double>{1.0}, std::vector<double>{2.0}),
               std::invalid_argument);
  EXPECT_THROW(least_squares(std::vector<double>{1.0, 1.0}, std::vector<double>{2.0, 3.0}),
               std::invalid_argument);
  EXPECT_THROW(least_squares(std::vector<double>{1.0, 2.0}, std::vector<double>{2.0}),
               std::invalid_argument);
}

TEST(Rates, FollowFromWorkAndTime) {
  // 1000 steps of 64 atoms in 0.01 s at 2 fs: 6.4e6 atom-steps/s, 0.15625 us/atom,
  // 1e5 steps/s, 1e5 * 0.002 ps/s * 86400 s/day = 17280 ns/day.
  const Rates r = rates_of(64, 1000, 0.01, 0.002);
  EXPECT_DOUBLE_EQ(r.atom_steps_per_s, 6.4e6);
  EXPECT_DOUBLE_EQ(r.us_per_atom, 0.15625);
  EXPECT_DOUBLE_EQ(r.steps_per_s, 1e5);
  EXPECT_NEAR(r.ns_per_day, 17280.0, 1e-9);
  EXPECT_NEAR(r.us_per_atom * r.atom_steps_per_s, 1e6, 1e-6);
  EXPECT_THROW(rates_of(64, 0, 0.01, 0.002), std::invalid_argument);
  EXPECT_THROW(rates_of(64, 10, std::nan(""), 0.002), std::invalid_argument);
}

}  // namespace
}  // namespace mdb::bench
