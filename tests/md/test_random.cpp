// Rng's normal deviates against the normal distribution itself (its CDF from std::erfc, the
// inverse Mills ratio for the tail beyond the ziggurat's base): the thermostats' noise and the
// initial velocities are only as right as these.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "md/core/normal_ziggurat.hpp"
#include "md/core/random.hpp"

namespace mdb {
namespace {

double normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// Ten million draws: enough to see a per cent of mass out of place in any wedge (the part of a
// layer outside its core, where the ziggurat rejects), and a thousand draws from the tail.
std::vector<double> draws(std::uint64_t seed, std::size_t n = 10'000'000) {
  Rng rng(seed);
  std::vector<double> x(n);
  for (double& v : x) v = rng.normal();
  return x;
}

TEST(NormalZiggurat, TheLayersCloseAtTheTopAndShareOneArea) {
  const NormalZiggurat& z = normal_ziggurat();
  // r is right for 256 layers only if the last layer, built up from the base, ends at the
  // density's peak with the same area as the others.
  EXPECT_NEAR(z.closure, 1.0, 1e-12);
  const double r = NormalZiggurat::kTailStart;
  const double tail = std::sqrt(0.5 * std::numbers::pi) * std::erfc(r / std::numbers::sqrt2);
  EXPECT_NEAR(z.x[0] * std::exp(-0.5 * r * r), r * std::exp(-0.5 * r * r) + tail, 1e-15);
  for (int i = 1; i < NormalZiggurat::kLayers; ++i) {
    ASSERT_LT(z.x[i + 1], z.x[i]) << i;
    EXPECT_NEAR(z.x[i] * (z.f[i + 1] - z.f[i]), z.layer_area, 1e-12 * z.layer_area) << i;
  }
  EXPECT_EQ(z.x[NormalZiggurat::kLayers], 0.0);
}

TEST(RngNormal, HistogramMatchesTheNormalDistribution) {
  const std::vector<double> x = draws(7);
  // 0.05-wide bins over [-4.4, 4.4] and one beyond each end: every bin expects 10 or more.
  constexpr double lo = -4.4, width = 0.05;
  constexpr int bins = 176;
  std::vector<double> count(bins + 2, 0.0);
  for (double v : x) {
    const double k = std::floor((v - lo) / width);
    const int b = k < 0 ? 0 : k >= bins ? bins + 1 : static_cast<int>(k) + 1;
    ++count[b];
  }
  double chi2 = 0.0;
  for (int b = 0; b < bins + 2; ++b) {
    const double a = b == 0 ? -INFINITY : lo + (b - 1) * width;
    const double c = b == bins + 1 ? INFINITY : lo + b * width;
    const double expected = static_cast<double>(x.size()) * (normal_cdf(c) - normal_cdf(a));
    ASSERT_GE(expected, 10.0) << b;
    chi2 += (count[b] - expected) * (count[b] - expected) / expected;
  }
  // 177 degrees of freedom: mean 177, standard deviation sqrt(2 * 177) = 18.8. A right generator
  // exceeds six of them once in about 5 million seeds (Wilson-Hilferty).
  EXPECT_LT(chi2, 177.0 + 6.0 * 18.8) << "chi-square";
}

TEST(RngNormal, MeanVarianceAndKurtosisAreThoseOfTheStandardNormal) {
  const std::vector<double> x = draws(11);
  const double n = static_cast<double>(x.size());
  double s1 = 0.0, s2 = 0.0, s4 = 0.0;
  for (double v : x) {
    s1 += v;
    s2 += v * v;
    s4 += v * v * v * v;
  }
  // Five standard errors each: of the mean 1/sqrt(n), of E[x^2] sqrt(2/n), of E[x^4] sqrt(96/n).
  EXPECT_NEAR(s1 / n, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(s2 / n, 1.0, 5.0 * std::sqrt(2.0 / n));
  EXPECT_NEAR(s4 / n, 3.0, 5.0 * std::sqrt(96.0 / n));
}

TEST(RngNormal, TheTailBeyondTheBaseLayerHasTheRightWeightAndShape) {
  const std::vector<double> x = draws(13);
  const double r = NormalZiggurat::kTailStart;
  double beyond = 0.0, excess = 0.0, excess2 = 0.0;
  for (double v : x) {
    if (std::abs(v) > r) {
      ++beyond;
      excess += std::abs(v) - r;
      excess2 += (std::abs(v) - r) * (std::abs(v) - r);
    }
  }
  const double p = std::erfc(r / std::numbers::sqrt2);  // both tails
  const double expected = p * static_cast<double>(x.size());
  EXPECT_NEAR(beyond, expected, 5.0 * std::sqrt(expected));
  // E[X | X > r] is the inverse Mills ratio phi(r) / Q(r).
  const double mills = std::exp(-0.5 * r * r) / std::sqrt(2.0 * std::numbers::pi) / (0.5 * p);
  const double mean = excess / beyond;
  const double sd = std::sqrt(excess2 / beyond - mean * mean);
  EXPECT_NEAR(mean, mills - r, 5.0 * sd / std::sqrt(beyond));
}

TEST(RngNormal, SuccessiveDrawsAreUncorrelated) {
  const std::vector<double> x = draws(17, 4'000'000);
  const double n = static_cast<double>(x.size() - 1);
  double c1 = 0.0, c2 = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    c1 += x[i] * x[i + 1];
    c2 += (x[i] * x[i] - 1.0) * (x[i + 1] * x[i + 1] - 1.0);
  }
  // Standard errors: 1/sqrt(n) for the products, 2/sqrt(n) for the centred squares' (var 2 each).
  EXPECT_NEAR(c1 / n, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(c2 / n, 0.0, 5.0 * 2.0 / std::sqrt(n));
}

TEST(RngNormal, ASeedGivesOneStream) {
  Rng a(5), b(5), c(6);
  int differ = 0;
  for (int i = 0; i < 1000; ++i) {
    const double va = a.normal();
    EXPECT_EQ(va, b.normal());
    differ += va != c.normal();
  }
  EXPECT_EQ(differ, 1000);
}

}  // namespace
}  // namespace mdb
