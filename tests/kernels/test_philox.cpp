// Philox4x32-10 against the Random123 known-answer vectors, and the normal deviates built on it.
#include "kernels/common/philox.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>

namespace mdb {
namespace {

void expect_block(const Philox4x32& got, std::uint32_t a, std::uint32_t b, std::uint32_t c,
                  std::uint32_t d) {
  EXPECT_EQ(got.v[0], a);
  EXPECT_EQ(got.v[1], b);
  EXPECT_EQ(got.v[2], c);
  EXPECT_EQ(got.v[3], d);
}

// Random123 kat_vectors, philox4x32 with 10 rounds.
TEST(Philox, KnownAnswerVectors) {
  expect_block(philox4x32_10({{0u, 0u, 0u, 0u}}, 0u, 0u), 0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu,
               0x9b00dbd8u);
  const std::uint32_t f = 0xffffffffu;
  expect_block(philox4x32_10({{f, f, f, f}}, f, f), 0x408f276du, 0x41c83b0eu, 0xa20bc7c6u,
               0x6d5451fdu);
  expect_block(philox4x32_10({{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, 0xa4093822u,
                             0x299f31d0u),
               0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u);
}

TEST(Philox, UniformIsOpenInterval) {
  EXPECT_GT(philox_uniform(0u, 0u), 0.0);
  EXPECT_LT(philox_uniform(0xffffffffu, 0xffffffffu), 1.0);
  EXPECT_NEAR(philox_uniform(0x80000000u, 0u), 0.5, 1e-15);
}

TEST(Philox, NormalMoments) {
  // 3 x 400,000 deviates over atoms and steps: mean 0, variance 1, skewness 0, kurtosis 3, each
  // within ~5 standard errors.
  double m1 = 0, m2 = 0, m3 = 0, m4 = 0;
  long count = 0;
  for (std::uint64_t step = 0; step < 400; ++step) {
    for (std::uint32_t atom = 0; atom < 1000; ++atom) {
      double n[3];
      philox_normal3(12345u, step, atom, n[0], n[1], n[2]);
      for (double x : n) {
        m1 += x;
        m2 += x * x;
        m3 += x * x * x;
        m4 += x * x * x * x;
        ++count;
      }
    }
  }
  const double c = static_cast<double>(count);
  const double se = 1.0 / std::sqrt(c);
  EXPECT_NEAR(m1 / c, 0.0, 5 * se);
  EXPECT_NEAR(m2 / c, 1.0, 5 * std::sqrt(2.0) * se);
  EXPECT_NEAR(m3 / c, 0.0, 5 * std::sqrt(15.0) * se);
  EXPECT_NEAR(m4 / c, 3.0, 5 * std::sqrt(96.0) * se);
}

TEST(Philox, StreamsDifferBySeedStepAndAtom) {
  std::set<double> seen;
  for (std::uint64_t seed : {1u, 2u}) {
    for (std::uint64_t step : {0ull, 1ull, (1ull << 32)}) {  // the step's high word counts too
      for (std::uint32_t atom : {0u, 1u}) {
        double a, b, c;
        philox_normal3(seed, step, atom, a, b, c);
        EXPECT_TRUE(seen.insert(a).second && seen.insert(b).second && seen.insert(c).second);
      }
    }
  }
  double a1, b1, c1, a2, b2, c2;  // a pure function of its arguments
  philox_normal3(7u, 99u, 3u, a1, b1, c1);
  philox_normal3(7u, 99u, 3u, a2, b2, c2);
  EXPECT_EQ(a1, a2);
  EXPECT_EQ(c1, c2);
}

}  // namespace
}  // namespace mdb
