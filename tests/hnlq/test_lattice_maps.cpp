// The nearest-point maps and the coordinate maps of Z2, D4 and E8 against the lattices'
// definitions and brute force (tests/hnlq/oracles.hpp).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "kernels/hnlq/common/hnlq_bodies.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/common/tie_direction.hpp"
#include "tests/hnlq/oracles.hpp"

namespace mdb::hnlq {
namespace {

using testing::brute_force_min_distance;
using testing::brute_force_nearest_of_quotient;
using testing::is_lattice_point;
using testing::squared_distance;

template <class L>
class LatticeMaps : public ::testing::Test {};
using AllLattices = ::testing::Types<Z2Lattice, D4Lattice, E8Lattice>;
TYPED_TEST_SUITE(LatticeMaps, AllLattices);

/// A random lattice point with coordinates of about `range`, built from the definition: random
/// integers (E8: or half-integers), then the last coordinate fixes the parity.
template <class L>
std::vector<int> random_lattice_point(std::mt19937& rng, int range) {
  std::uniform_int_distribution<int> coord(-range, range);
  std::vector<int> y(L::kDim);
  const int half = L::kScale == 2 ? static_cast<int>(rng() % 2) : 0;
  for (int& v : y) v = L::kScale * coord(rng) + half;
  while (!is_lattice_point(L::kDim, y.data())) y[L::kDim - 1] += L::kScale;
  return y;
}

TEST(TieDirection, MatchesCosetsDefinition) {
  const auto u = testing::tie_dither_direction();
  for (int c = 0; c < 8; ++c) {
    EXPECT_NEAR(tie_direction(c), u[c], 1e-7) << c;
    EXPECT_EQ(tie_rounds_up(c), u[c] > 0) << c;
    for (int k = 0; k < 8; ++k) {
      // tie_rank orders |u| as the definition does.
      EXPECT_EQ(tie_rank(c) < tie_rank(k), std::abs(u[c]) < std::abs(u[k])) << c << " " << k;
    }
  }
}

TEST(TieDirection, IntegerWeightsDecideE8TiesAsTheDefinitionDoes) {
  // In an exact E8 tie the two candidates differ by v = y1 - y0 with 2v odd and |2v_c| <= 3
  // (both lie within 1 of x per coordinate). E8Lattice picks by the sign of the integer
  // sum w.(2v); for each of these 4^8 vectors it must be nonzero and have the sign of u.v.
  const int values[4] = {-3, -1, 1, 3};
  const auto u = testing::tie_dither_direction();
  for (int c = 0; c < 8; ++c) EXPECT_NEAR(tie_weight(c), std::ldexp(u[c], 24), 0.5) << c;
  for (int code = 0; code < (1 << 16); ++code) {
    double exact = 0;
    long weighted = 0;
    for (int c = 0; c < 8; ++c) {
      const int v = values[(code >> (2 * c)) & 3];
      exact += u[c] * v;
      weighted += static_cast<long>(tie_weight(c)) * v;
    }
    ASSERT_NE(weighted, 0) << code;
    ASSERT_EQ(weighted > 0, exact > 0) << code;
  }
}

TYPED_TEST(LatticeMaps, CoordinatesInvertThePoint) {
  using L = TypeParam;
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> code(-300, 300);
  for (int trial = 0; trial < 2000; ++trial) {
    int b[L::kDim], y[L::kDim], back[L::kDim];
    for (int& v : b) v = code(rng);
    L::point(b, y);
    ASSERT_TRUE(is_lattice_point(L::kDim, y));  // G b is in the lattice
    L::coordinates(y, back);
    for (int c = 0; c < L::kDim; ++c) ASSERT_EQ(back[c], b[c]);
  }
  for (int trial = 0; trial < 2000; ++trial) {  // and every lattice point has integer b
    const std::vector<int> p = random_lattice_point<L>(rng, 200);
    int y[L::kDim], b[L::kDim], again[L::kDim];
    for (int c = 0; c < L::kDim; ++c) y[c] = p[c];
    L::coordinates(y, b);
    L::point(b, again);
    for (int c = 0; c < L::kDim; ++c) ASSERT_EQ(again[c], y[c]);
  }
}

TYPED_TEST(LatticeMaps, FloatMapIsNearestLatticePoint) {
  using L = TypeParam;
  std::mt19937 rng(5);
  const int trials = L::kDim == 8 ? 150 : 3000;
  for (int trial = 0; trial < trials; ++trial) {
    const float scale = trial % 3 == 0 ? 0.6f : (trial % 3 == 1 ? 4.0f : 300.0f);
    std::uniform_real_distribution<float> uni(-scale, scale);
    float x[L::kDim];
    std::vector<double> xd(L::kDim);
    for (int c = 0; c < L::kDim; ++c) xd[c] = x[c] = uni(rng);
    int y[L::kDim];
    L::nearest(x, y);
    ASSERT_TRUE(is_lattice_point(L::kDim, y));
    const double mine = squared_distance(xd, std::vector<int>(y, y + L::kDim), L::kScale);
    // Float rounding of the distance comparisons only.
    ASSERT_LE(mine, brute_force_min_distance(L::kDim, xd) + 1e-4) << trial;
  }
}

TYPED_TEST(LatticeMaps, FloatMapOnExactTiesIsALatticePointAtMinimumDistance) {
  using L = TypeParam;
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> half_steps(-12, 12);
  for (int trial = 0; trial < (L::kDim == 8 ? 150 : 2000); ++trial) {
    float x[L::kDim];  // multiples of 1/4: half-integers and Voronoi faces galore
    std::vector<double> xd(L::kDim);
    for (int c = 0; c < L::kDim; ++c) xd[c] = x[c] = 0.25f * static_cast<float>(half_steps(rng));
    int y[L::kDim];
    L::nearest(x, y);
    ASSERT_TRUE(is_lattice_point(L::kDim, y));
    const double mine = squared_distance(xd, std::vector<int>(y, y + L::kDim), L::kScale);
    ASSERT_EQ(mine, brute_force_min_distance(L::kDim, xd)) << trial;  // exact in binary
  }
}

TYPED_TEST(LatticeMaps, QuotientMapMatchesBruteForceIncludingTies) {
  using L = TypeParam;
  std::mt19937 rng(3);
  for (int q : {2, 3, 4, 5, 16}) {
    for (int trial = 0; trial < (L::kDim == 8 ? 60 : 800); ++trial) {
      const std::vector<int> p = random_lattice_point<L>(rng, 3 * q);
      int pa[L::kDim], y[L::kDim];
      for (int c = 0; c < L::kDim; ++c) pa[c] = p[c];
      L::nearest_of_quotient(pa, q, y);
      const std::vector<int> expect = brute_force_nearest_of_quotient(L::kDim, p, q);
      ASSERT_EQ(std::vector<int>(y, y + L::kDim), expect) << "q=" << q << " trial " << trial;
    }
  }
}

TYPED_TEST(LatticeMaps, QuotientMapCommutesWithLatticeTranslations) {
  // Q(p/q + l) = Q(p/q) + l for every lattice point l: the property that lets the decoder
  // reproduce the encoder's coset representatives, ties included.
  using L = TypeParam;
  std::mt19937 rng(9);
  for (int q : {2, 3, 4, 8}) {
    for (int trial = 0; trial < 2000; ++trial) {
      const std::vector<int> p = random_lattice_point<L>(rng, 2 * q);
      const std::vector<int> shift = random_lattice_point<L>(rng, 50);
      int pa[L::kDim], moved[L::kDim], y[L::kDim], y_moved[L::kDim];
      for (int c = 0; c < L::kDim; ++c) {
        pa[c] = p[c];
        moved[c] = p[c] + q * shift[c];
      }
      L::nearest_of_quotient(pa, q, y);
      L::nearest_of_quotient(moved, q, y_moved);
      for (int c = 0; c < L::kDim; ++c) ASSERT_EQ(y_moved[c], y[c] + shift[c]) << trial;
    }
  }
}

TYPED_TEST(LatticeMaps, FloatMapAgreesWithQuotientMapOnExactInputs) {
  // p / q is exact in float for q a power of two: both maps must then pick the same point.
  using L = TypeParam;
  std::mt19937 rng(13);
  for (int q : {2, 4, 8}) {
    for (int trial = 0; trial < 2000; ++trial) {
      const std::vector<int> p = random_lattice_point<L>(rng, 5 * q);
      int pa[L::kDim], y_exact[L::kDim], y_float[L::kDim];
      float x[L::kDim];
      for (int c = 0; c < L::kDim; ++c) {
        pa[c] = p[c];
        x[c] = static_cast<float>(p[c]) / static_cast<float>(L::kScale * q);
      }
      L::nearest_of_quotient(pa, q, y_exact);
      L::nearest(x, y_float);
      for (int c = 0; c < L::kDim; ++c) ASSERT_EQ(y_float[c], y_exact[c]) << trial;
    }
  }
}

TYPED_TEST(LatticeMaps, VoronoiCellTestAgreesWithTheQuotientMap) {
  // locate_quotient decides from the cell's inequalities alone; is_overloaded falls back to the
  // quotient map only on the boundary. Points near the cell q V(0), where all three cases occur:
  // strictly outside must mean Q(p / q) != 0, strictly inside Q(p / q) = 0, and on the boundary
  // either can hold (the tie rule decides). A subset is also checked against brute force.
  using L = TypeParam;
  std::mt19937 rng(29);
  int boundary_count = 0, boundary_zero = 0;
  for (int q : {2, 3, 4, 8}) {
    int inside = 0, outside_count = 0;
    for (int trial = 0; trial < 20000; ++trial) {
      // Ranges from 1 to 2q: E8 with q = 2 has a single point strictly inside (the origin).
      const std::vector<int> p = random_lattice_point<L>(rng, 1 + trial % (2 * q));
      int pa[L::kDim], y[L::kDim];
      for (int c = 0; c < L::kDim; ++c) pa[c] = p[c];
      L::nearest_of_quotient(pa, q, y);
      bool zero = true;
      for (int c = 0; c < L::kDim; ++c) zero = zero && y[c] == 0;
      if (trial % 50 == 0) {
        ASSERT_EQ(std::vector<int>(y, y + L::kDim), brute_force_nearest_of_quotient(L::kDim, p, q));
      }
      bool outside = false, boundary = false;
      L::locate_quotient(pa, q, outside, boundary);
      ASSERT_EQ(is_overloaded<L>(pa, q), !zero) << "q=" << q << " trial " << trial;
      if (outside) {
        ASSERT_FALSE(zero) << "strictly outside, yet Q(p/q) = 0: q=" << q << " trial " << trial;
        ++outside_count;
      } else if (boundary) {
        ++boundary_count;
        boundary_zero += zero ? 1 : 0;
      } else {
        ASSERT_TRUE(zero) << "strictly inside, yet Q(p/q) != 0: q=" << q << " trial " << trial;
        ++inside;
      }
    }
    EXPECT_GT(inside, 0) << q;
    EXPECT_GT(outside_count, 1000) << q;
  }
  // The sample reaches the boundary, and there the tie rule goes both ways.
  EXPECT_GT(boundary_count, 100);
  EXPECT_GT(boundary_zero, 10);
  EXPECT_GT(boundary_count - boundary_zero, 10);
}

TYPED_TEST(LatticeMaps, NonFiniteAndHugeInputsSaturate) {
  using L = TypeParam;
  for (float v : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                  -std::numeric_limits<float>::infinity(), 1e30f, -1e30f}) {
    float x[L::kDim];
    for (float& c : x) c = v;
    int y[L::kDim];
    L::nearest(x, y);
    EXPECT_TRUE(is_lattice_point(L::kDim, y)) << v;
    for (int c = 0; c < L::kDim; ++c) {
      EXPECT_LE(std::abs(y[c]), L::kScale * (static_cast<int>(kClampLimit) + 1)) << v;
    }
  }
}

}  // namespace
}  // namespace mdb::hnlq
