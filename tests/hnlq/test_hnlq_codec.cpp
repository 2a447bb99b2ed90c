// Hierarchical encoding and decoding (kernels/hnlq/common/hnlq_bodies.hpp through the scalar
// reference): codes are a bijection onto the overload region, decode inverts encode there,
// round trips equal the nearest-point map, and overload handling follows Coset.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/reference.hpp"
#include "tests/hnlq/oracles.hpp"

namespace mdb::hnlq {
namespace {

using testing::is_lattice_point;

template <class L>
std::vector<float> decode_one(const HnlqParams& p, const std::vector<std::uint8_t>& codes,
                              std::uint8_t t) {
  std::vector<float> out(L::kDim);
  reference_decode<L>(p, codes.data(), &t, 1, out.data());
  return out;
}

/// Every one of the q^(M n) codes decodes to a distinct lattice point that encodes back to the
/// same code without overload: the codes label a complete set of coset representatives.
template <class L>
void expect_codes_are_a_bijection(int q, int levels) {
  const HnlqParams p = make_hnlq_params(q, levels, 1.0);
  const int symbols = L::kDim * levels;
  long total = 1;
  for (int s = 0; s < symbols; ++s) total *= q;
  std::set<std::vector<int>> seen;
  std::vector<std::uint8_t> codes(symbols), again(symbols);
  for (long index = 0; index < total; ++index) {
    long rest = index;
    for (int s = 0; s < symbols; ++s) {
      codes[s] = static_cast<std::uint8_t>(rest % q);
      rest /= q;
    }
    const std::vector<float> x = decode_one<L>(p, codes, 0);
    std::vector<int> y(L::kDim);
    for (int c = 0; c < L::kDim; ++c) {
      const float scaled = x[c] * L::kScale;
      ASSERT_EQ(scaled, std::round(scaled));
      y[c] = static_cast<int>(scaled);
    }
    ASSERT_TRUE(is_lattice_point(L::kDim, y.data())) << index;
    ASSERT_TRUE(seen.insert(y).second) << "two codes decode to the same point, code " << index;
    std::uint8_t t = 99;
    ASSERT_EQ(reference_encode<L>(p, x.data(), 1, again.data(), &t), 0u) << index;
    ASSERT_EQ(t, 0);
    ASSERT_EQ(again, codes) << index;
  }
}

TEST(HnlqCodec, CodesAreABijectionZ2) {
  expect_codes_are_a_bijection<Z2Lattice>(4, 2);
}
TEST(HnlqCodec, CodesAreABijectionZ2OddQ) {
  expect_codes_are_a_bijection<Z2Lattice>(5, 2);
}
TEST(HnlqCodec, CodesAreABijectionD4) {
  expect_codes_are_a_bijection<D4Lattice>(2, 2);
}
TEST(HnlqCodec, CodesAreABijectionD4OddQ) {
  expect_codes_are_a_bijection<D4Lattice>(3, 1);
}
TEST(HnlqCodec, CodesAreABijectionE8) {
  expect_codes_are_a_bijection<E8Lattice>(2, 1);
}
TEST(HnlqCodec, CodesAreABijectionE8TwoLevels) {
  expect_codes_are_a_bijection<E8Lattice>(2, 2);
}

/// Enumerates every lattice point with |y_c| <= radius (from the definition), encodes it, and
/// checks that exactly q^(M n) of them are not overloaded and that those decode to themselves.
template <class L>
void expect_region_decodes_exactly(int q, int levels, int radius) {
  const HnlqParams p = make_hnlq_params(q, levels, 1.0);
  long inside = 0;
  std::vector<int> y(L::kDim, -radius * L::kScale);
  std::vector<std::uint8_t> codes(L::kDim * levels);
  while (true) {
    if (is_lattice_point(L::kDim, y.data())) {
      std::vector<float> x(L::kDim);
      for (int c = 0; c < L::kDim; ++c) x[c] = static_cast<float>(y[c]) / L::kScale;
      std::uint8_t t = 0;
      if (reference_encode<L>(p, x.data(), 1, codes.data(), &t) == 0) {
        ++inside;
        ASSERT_EQ(decode_one<L>(p, codes, t), x);
      }
    }
    int c = 0;
    while (c < L::kDim && ++y[c] > radius * L::kScale) y[c++] = -radius * L::kScale;
    if (c == L::kDim) break;
  }
  long expected = 1;
  for (int s = 0; s < L::kDim * levels; ++s) expected *= q;
  EXPECT_EQ(inside, expected);
}

TEST(HnlqCodec, OverloadRegionDecodesExactlyZ2) {
  expect_region_decodes_exactly<Z2Lattice>(4, 2, 40);
  expect_region_decodes_exactly<Z2Lattice>(3, 3, 60);
}
TEST(HnlqCodec, OverloadRegionDecodesExactlyD4) {
  expect_region_decodes_exactly<D4Lattice>(2, 2, 8);
  expect_region_decodes_exactly<D4Lattice>(3, 1, 6);
}
TEST(HnlqCodec, OverloadRegionDecodesExactlyE8) {
  expect_region_decodes_exactly<E8Lattice>(2, 1, 2);  // 2 V(E8) lies within |y_c| <= 2
}

template <class L>
class HnlqRoundTrip : public ::testing::Test {};
using AllLattices = ::testing::Types<Z2Lattice, D4Lattice, E8Lattice>;
TYPED_TEST_SUITE(HnlqRoundTrip, AllLattices);

TYPED_TEST(HnlqRoundTrip, EqualsScaledNearestPointWhenNotOverloaded) {
  // x^ = beta Q(x / beta) exactly: the hierarchy loses nothing inside the region.
  using L = TypeParam;
  const double beta = 0.37;
  const HnlqParams p = make_hnlq_params(4, 3, beta);
  std::mt19937 rng(17);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    float x[L::kDim], out[L::kDim], scaled[L::kDim];
    for (int c = 0; c < L::kDim; ++c) {
      x[c] = normal(rng);
      scaled[c] = x[c] / p.beta;
    }
    std::uint8_t codes[kMaxLevels * L::kDim], t = 0;
    if (reference_encode<L>(p, x, 1, codes, &t) != 0) continue;
    ++checked;
    reference_decode<L>(p, codes, &t, 1, out);
    int y[L::kDim];
    L::nearest(scaled, y);
    for (int c = 0; c < L::kDim; ++c) {
      ASSERT_EQ(out[c], p.beta * (static_cast<float>(y[c]) / L::kScale)) << trial;
    }
  }
  EXPECT_GT(checked, 2900);  // sigma 3 / beta 0.37 sits well inside 64 Voronoi cells
}

TYPED_TEST(HnlqRoundTrip, OverloadIsReportedWithoutProtection) {
  using L = TypeParam;
  const HnlqParams p = make_hnlq_params(2, 2, 1.0);  // region about 4 cells across
  float x[L::kDim];
  for (float& v : x) v = 50.0f;
  std::uint8_t codes[2 * L::kDim], t = 7;
  EXPECT_EQ(reference_encode<L>(p, x, 1, codes, &t), 1u);
  EXPECT_EQ(t, 0);  // no scaling rounds without protection (Coset's default)
}

TYPED_TEST(HnlqRoundTrip, ProtectionScalesByTheFewestRounds) {
  // With protection, T is the smallest t for which x / beta / 2^(alpha t) is not overloaded,
  // and the reconstruction is beta 2^(alpha T) Q(x / beta / 2^(alpha t)).
  using L = TypeParam;
  const HnlqParams p = make_hnlq_params(2, 2, 1.0, true, 1.0, 10);
  const HnlqParams plain = make_hnlq_params(2, 2, 1.0);
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> uni(-200.0f, 200.0f);
  int scaled_any = 0;
  for (int trial = 0; trial < 500; ++trial) {
    float x[L::kDim], out[L::kDim];
    for (float& v : x) v = uni(rng);
    std::uint8_t codes[2 * L::kDim], t = 0;
    ASSERT_EQ(reference_encode<L>(p, x, 1, codes, &t), 0u);
    scaled_any += t > 0 ? 1 : 0;
    float xs[L::kDim];
    for (int c = 0; c < L::kDim; ++c) xs[c] = x[c] / p.beta;
    for (int round = 0; round < t; ++round) {
      std::uint8_t probe_codes[2 * L::kDim], probe_t = 0;
      EXPECT_EQ(reference_encode<L>(plain, xs, 1, probe_codes, &probe_t), 1u);  // still over
      for (float& v : xs) v = v / 2.0f;
    }
    reference_decode<L>(p, codes, &t, 1, out);
    int y[L::kDim];
    L::nearest(xs, y);
    for (int c = 0; c < L::kDim; ++c) {
      ASSERT_EQ(out[c], (p.beta * (static_cast<float>(y[c]) / L::kScale)) * std::ldexp(1.0f, t));
    }
  }
  EXPECT_GT(scaled_any, 400);
}

TYPED_TEST(HnlqRoundTrip, ProtectionGivesUpAfterMaxRounds) {
  using L = TypeParam;
  const HnlqParams p = make_hnlq_params(2, 1, 1.0, true, 1.0, 3);
  float x[L::kDim];
  for (float& v : x) v = 1e5f;
  std::uint8_t codes[L::kDim], t = 0;
  EXPECT_EQ(reference_encode<L>(p, x, 1, codes, &t), 1u);
  EXPECT_EQ(t, 3);
}

TEST(HnlqParams, RejectsOutOfRangeValues) {
  EXPECT_THROW(make_hnlq_params(1, 2, 1.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(257, 1, 1.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 0, 1.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 9, 1.0), std::invalid_argument);  // 4^9 > 2^16
  EXPECT_NO_THROW(make_hnlq_params(4, 8, 1.0));                      // 4^8 = 2^16
  EXPECT_THROW(make_hnlq_params(4, 2, 0.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 2, -1.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 2, std::nan("")), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 2, 1.0, true, 0.0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 2, 1.0, true, 1.0, 0), std::invalid_argument);
  EXPECT_THROW(make_hnlq_params(4, 2, 1.0, true, 1.0, 33), std::invalid_argument);
  EXPECT_DOUBLE_EQ(hnlq_bits_per_dim(make_hnlq_params(4, 2, 1.0)), 4.0);
  EXPECT_DOUBLE_EQ(hnlq_bits_per_dim(make_hnlq_params(3, 2, 1.0)), 2.0 * std::log2(3.0));
}

}  // namespace
}  // namespace mdb::hnlq
