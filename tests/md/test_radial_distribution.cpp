// RadialDistribution against g(r) worked out by hand on lattices whose neighbour shells are
// known exactly, and against the ideal gas, whose g is 1 at every r.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "md/core/random.hpp"
#include "md/core/units.hpp"
#include "md/structure/radial_distribution.hpp"

namespace mdb {
namespace {

double shell(double r0, double r1) {
  return 4.0 / 3.0 * std::numbers::pi * (r1 * r1 * r1 - r0 * r0 * r0);
}

// n^3 cubic cells of side a: species A at the corners, and (with `body`) species B at the centres
// (CsCl); A alone is simple cubic.
System cubic(double a, int n, bool body) {
  System s(Box::cube(a * n), kMetalUnits);
  const int ta = s.add_species("A", 1.0);
  const int tb = body ? s.add_species("B", 1.0) : -1;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) {
        s.add_atom(ta, a * i, a * j, a * k);
        if (body) s.add_atom(tb, a * (i + 0.5), a * (j + 0.5), a * (k + 0.5));
      }
    }
  }
  return s;
}

// Simple cubic, a = 2 A, 3 x 3 x 3 (27 atoms, V = 216 A^3, density 1/8): every atom has 6
// neighbours at 2 A and 12 at 2 sqrt2 = 2.83 A, so in bins of 0.3 A up to 3 A
// g = 6 / (rho shell[1.8, 2.1)) = 3.3418 and 12 / (rho shell[2.7, 3.0)) = 3.1323, zero elsewhere.
TEST(RadialDistribution, SimpleCubicShellsByHand) {
  const System s = cubic(2.0, 3, false);
  RadialDistribution rdf(3.0, 0.3);
  ASSERT_EQ(rdf.bins(), 10);
  rdf.add_frame(s, 0, 0);
  rdf.add_frame(s, 0, 0);  // a second identical frame changes nothing
  const auto g = rdf.g();
  const double rho = 27.0 / 216.0;
  for (int k = 0; k < rdf.bins(); ++k) {
    const double expected = k == 6   ? 6.0 / (rho * shell(1.8, 2.1))
                            : k == 9 ? 12.0 / (rho * shell(2.7, 3.0))
                                     : 0.0;
    EXPECT_NEAR(g[k], expected, 1e-12) << "bin " << k;
  }
  EXPECT_NEAR(g[6], 3.3418, 1e-4);  // the hand values quoted above
  EXPECT_NEAR(g[9], 3.1323, 1e-4);
  EXPECT_NEAR(rdf_peak_position(rdf), 1.95, 1e-12);  // the nearest shell's bin centre
  EXPECT_EQ(rdf.frames(), 2);
}

// CsCl: each A has 8 B at sqrt3 a / 2 = 1.732 A (a = 2); an unordered A-B pair counts once and
// the normalisation is n_A n_B / V, so g_AB = 8 / (rho_B shell[1.5, 1.8)) there, and the A-A
// distribution is the simple cubic one.
TEST(RadialDistribution, UnlikePairsCountOnceByHand) {
  const System s = cubic(2.0, 3, true);
  RadialDistribution ab(3.0, 0.3), ba(3.0, 0.3);
  ab.add_frame(s, 0, 1);
  ba.add_frame(s, 1, 0);
  const double rho_b = 27.0 / 216.0;
  const auto g = ab.g();
  EXPECT_NEAR(g[5], 8.0 / (rho_b * shell(1.5, 1.8)), 1e-12);
  EXPECT_NEAR(rdf_abs_difference(ab, ba), 0.0, 1e-12);
  EXPECT_NEAR(rdf_peak_position(ab), 1.65, 1e-12);
}

// The integral of |g1 - g2|: the simple cubic g against a lattice with no pair inside 3 A
// (a = 3.1 A) is the integral of the simple cubic g itself, 0.3 x (g[6] + g[9]).
TEST(RadialDistribution, AbsoluteDifferenceIsTheIntegralOfTheGap) {
  RadialDistribution sc(3.0, 0.3), sparse(3.0, 0.3);
  sc.add_frame(cubic(2.0, 3, false), 0, 0);
  sparse.add_frame(cubic(3.1, 2, false), 0, 0);
  const double rho = 27.0 / 216.0;
  const double expected = 0.3 * (6.0 / (rho * shell(1.8, 2.1)) + 12.0 / (rho * shell(2.7, 3.0)));
  EXPECT_NEAR(rdf_abs_difference(sc, sparse), expected, 1e-12);
  EXPECT_NEAR(rdf_abs_difference(sparse, sc), expected, 1e-12);
  EXPECT_EQ(rdf_abs_difference(sc, sc), 0.0);
}

// Uniform random points: g = 1 within counting noise. 500 points in a 10 A box (rho 0.5), 40
// frames: a 0.5 A bin at 3-5 A holds ~1e5 pair counts, so noise ~0.5 %; a wrong shell volume or
// density would miss by far more.
TEST(RadialDistribution, IdealGasIsOne) {
  Rng rng(2026);
  RadialDistribution rdf(5.0, 0.5);
  for (int f = 0; f < 40; ++f) {
    System s(Box::cube(10.0), kMetalUnits);
    const int t = s.add_species("X", 1.0);
    for (int i = 0; i < 500; ++i) {
      s.add_atom(t, 10.0 * rng.uniform(), 10.0 * rng.uniform(), 10.0 * rng.uniform());
    }
    rdf.add_frame(s, t, t);
  }
  const auto g = rdf.g();
  for (int k = 6; k < rdf.bins(); ++k) EXPECT_NEAR(g[k], 1.0, 0.03) << "bin " << k;
}

TEST(RadialDistribution, RefusesWhatItCannotMeasure) {
  EXPECT_THROW(RadialDistribution(3.0, 0.0), std::invalid_argument);
  EXPECT_THROW(RadialDistribution(0.1, 0.3), std::invalid_argument);
  RadialDistribution too_far(3.5, 0.5);  // a 6 A box: half is 3 A
  EXPECT_THROW(too_far.add_frame(cubic(2.0, 3, false), 0, 0), std::invalid_argument);
  RadialDistribution rdf(3.0, 0.3);
  EXPECT_THROW(rdf.add_frame(cubic(2.0, 3, false), 0, 1), std::invalid_argument);
  EXPECT_THROW(rdf_peak_position(rdf), std::invalid_argument);
  RadialDistribution other(3.0, 0.1);
  other.add_frame(cubic(2.0, 3, false), 0, 0);
  rdf.add_frame(cubic(2.0, 3, false), 0, 0);
  EXPECT_THROW(rdf_abs_difference(rdf, other), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
