// The normalised second moment G = E|x - Q(x)|^2 / (n V^(2/n)) of each nearest-point map, by
// Monte Carlo over x uniform modulo the lattice, against the known constants (Conway & Sloane,
// SPLAG table 2.3): Z 1/12, D4 0.0766032, E8 0.0716821. 400,000 vectors put the estimate's
// standard error near 0.1%, so a 1% tolerance passes and still rejects a map that is off by one
// lattice's worth (D8 alone as an E8 quantizer has G = 0.0766, 7% too high).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "tests/hnlq/oracles.hpp"

namespace mdb::hnlq {
namespace {

constexpr int kSamples = 400000;
constexpr double kTolerance = 0.01;

/// G of `map` (float x[n] -> int Y[n], Y = scale y) for x uniform in [0, 2)^n, which is uniform
/// modulo Z2, D4 and E8 because all three contain 2 Z^n.
template <int n, class Map>
double second_moment(int scale, double volume, Map&& map, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uni(0.0f, 2.0f);
  double sum = 0.0;
  for (int s = 0; s < kSamples; ++s) {
    float x[n];
    int y[n];
    for (float& v : x) v = uni(rng);
    map(x, y);
    for (int c = 0; c < n; ++c) {
      const double e = static_cast<double>(x[c]) - static_cast<double>(y[c]) / scale;
      sum += e * e;
    }
  }
  return sum / kSamples / n / std::pow(volume, 2.0 / n);
}

template <class L>
void expect_known_second_moment() {
  const double g = second_moment<L::kDim>(
      L::kScale, L::kVolume, [](const float(&x)[L::kDim], int(&y)[L::kDim]) { L::nearest(x, y); },
      42);
  const double expected = testing::known_second_moment(L::kDim);
  EXPECT_NEAR(g, expected, kTolerance * expected) << "dimension " << L::kDim;
}

TEST(SecondMoment, Z2) {
  expect_known_second_moment<Z2Lattice>();
}
TEST(SecondMoment, D4) {
  expect_known_second_moment<D4Lattice>();
}
TEST(SecondMoment, E8) {
  expect_known_second_moment<E8Lattice>();
}

TEST(SecondMoment, ToleranceRejectsD8AsAnE8Quantizer) {
  // The D8 half of the E8 map alone: valid E8 points, but not the nearest ones.
  const double g = second_moment<8>(
      1, 2.0,  // D8 has volume 2
      [](const float(&x)[8], int(&y)[8]) {
        float e[8];
        for (int c = 0; c < 8; ++c) y[c] = round_tied(x[c], c, e[c]);
        dn_fix_parity(y, e, 1.0f);
      },
      42);
  EXPECT_GT(std::abs(g / testing::known_second_moment(8) - 1.0), 3 * kTolerance);
}

/// The whole quantizer at high rate: round trips of inputs well inside the overload region
/// (q = 16, M = 2, beta = 1) are nearest-point quantization, so G comes out again.
template <class L>
void expect_round_trip_second_moment() {
  const HnlqParams p = make_hnlq_params(16, 2, 1.0);
  const std::size_t count = kSamples;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uni(-16.0f, 16.0f);  // far inside 256 Voronoi cells
  std::vector<float> x(count * L::kDim), out(count * L::kDim);
  for (float& v : x) v = uni(rng);
  ASSERT_EQ(batched_round_trip<L>(p, x.data(), count, out.data()), 0u);
  double sum = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double e = static_cast<double>(x[k]) - static_cast<double>(out[k]);
    sum += e * e;
  }
  const double g = sum / static_cast<double>(x.size()) / std::pow(L::kVolume, 2.0 / L::kDim);
  const double expected = testing::known_second_moment(L::kDim);
  EXPECT_NEAR(g, expected, kTolerance * expected) << "dimension " << L::kDim;
}

TEST(SecondMoment, RoundTripZ2) {
  expect_round_trip_second_moment<Z2Lattice>();
}
TEST(SecondMoment, RoundTripD4) {
  expect_round_trip_second_moment<D4Lattice>();
}
TEST(SecondMoment, RoundTripE8) {
  expect_round_trip_second_moment<E8Lattice>();
}

}  // namespace
}  // namespace mdb::hnlq
