// ANI descriptor: values against a hand computation, and the invariances a descriptor must have.
#include <gtest/gtest.h>

#include <cmath>

#include "md/neighbor/neighbor_list.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"

namespace mdb {
namespace {

// A spec whose networks are irrelevant here: only its AEV parameters matter.
NnPotential<double> student(const std::vector<std::string>& species = {"Si"}) {
  return NnPotential<double>(make_nn_preset("nn-student", species));
}

std::vector<double> aev_of(NnPotential<double>& nn, System s, int atom) {
  test::evaluate(nn, s);
  const double* g = nn.aev_of(atom);
  return std::vector<double>(g, g + nn.aev_length());
}

System triangle() {
  System s(Box({0, 0, 0}, {30, 30, 30}), kMetalUnits);
  s.add_species("Si", test::kSiMass);
  s.add_atom(0, 10, 10, 10);
  s.add_atom(0, 12, 10, 10);
  s.add_atom(0, 10, 11.5, 10);
  return s;
}

TEST(AniAev, StudentLayoutHasEightRadialAndEightAngularTerms) {
  auto nn = student();
  EXPECT_EQ(nn.aev_length(), 16);
  const AevParams teacher = make_nn_preset("nn-teacher").aev;
  EXPECT_EQ(teacher.length(1), 16 + 32);
  EXPECT_EQ(teacher.length(4), 4 * 16 + 10 * 32);  // ANI-2x's H, C, N, O part: 384
  EXPECT_NEAR(teacher.radial_shifts[1] - teacher.radial_shifts[0], 0.26875, 1e-15);
}

// Three atoms (r01 = 2, r02 = 1.5, r12 = 2.5 A) in a box far larger than the cutoffs. The
// expected values were computed separately with Python's math module from TorchANI's formulas
// (radial 0.25 exp(-eta (r - Rs)^2) fc(r); angular 2 ((1 + cos(theta - theta_s)) / 2)^zeta
// exp(-eta ((r1 + r2) / 2 - Ra)^2) fc(r1) fc(r2) with theta = acos(0.95 cos theta_true)).
TEST(AniAev, TriangleMatchesHandComputedValues) {
  auto nn = student();
  const auto g0 = aev_of(nn, triangle(), 0);
  EXPECT_NEAR(g0[0], 0.00063680836075386623, 1e-15);
  EXPECT_NEAR(g0[1], 0.19091763641199877, 1e-13);
  EXPECT_NEAR(g0[2], 0.17310769682256991, 1e-13);
  EXPECT_NEAR(g0[3], 0.0025328105023059004, 1e-15);
  EXPECT_NEAR(g0[4], 3.6963066259414227e-09, 1e-20);
  EXPECT_NEAR(g0[9], 0.00042405777061065481, 1e-15);
  EXPECT_NEAR(g0[13], 0.027170027033359259, 1e-14);
  EXPECT_NEAR(g0[15], 6.9747136328301963e-07, 1e-18);
  const auto g1 = aev_of(nn, triangle(), 1);
  EXPECT_NEAR(g1[3], 0.13474915305853755, 1e-13);
  EXPECT_NEAR(g1[12], 0.064721428235415532, 1e-14);
  EXPECT_NEAR(g1[13], 0.023991090229018529, 1e-14);
  const auto g2 = aev_of(nn, triangle(), 2);
  EXPECT_NEAR(g2[12], 0.011805945643466938, 1e-14);
  EXPECT_NEAR(g2[13], 0.11585131804474388, 1e-13);
}

// Two species: radial terms land in the neighbour's species block, angular terms in the block
// of the unordered species pair (Si-Si, Si-Ge, Ge-Ge).
TEST(AniAev, TwoSpeciesTermsLandInTheirBlocks) {
  auto nn = student({"Si", "Ge"});
  ASSERT_EQ(nn.aev_length(), 2 * 8 + 3 * 8);
  System s(Box({0, 0, 0}, {30, 30, 30}), kMetalUnits);
  s.add_species("Si", test::kSiMass);
  s.add_species("Ge", 72.63);
  s.add_atom(0, 10, 10, 10);
  s.add_atom(1, 12, 10, 10);
  s.add_atom(1, 10, 11.5, 10);
  const auto g = aev_of(nn, s, 0);
  auto sum = [&](int from, int to) {
    double t = 0;
    for (int k = from; k < to; ++k) t += g[k];
    return t;
  };
  auto single = student();
  const auto ref = aev_of(single, triangle(), 0);
  EXPECT_EQ(sum(0, 8), 0.0);                                              // no Si neighbour
  for (int k = 0; k < 8; ++k) EXPECT_NEAR(g[8 + k], ref[k], 1e-15);       // Ge radial block
  EXPECT_EQ(sum(16, 24), 0.0);                                            // Si-Si pair
  EXPECT_EQ(sum(24, 32), 0.0);                                            // Si-Ge pair
  for (int k = 0; k < 8; ++k) EXPECT_NEAR(g[32 + k], ref[8 + k], 1e-15);  // Ge-Ge pair
}

double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0;
  for (std::size_t k = 0; k < a.size(); ++k) m = std::max(m, std::abs(a[k] - b[k]));
  return m;
}

TEST(AniAev, InvariantUnderTranslationAndPeriodicWrap) {
  auto nn = student();
  System s = test::jittered_silicon(2, 0.15, 3);
  const auto ref = aev_of(nn, s, 5);
  for (std::size_t i = 0; i < s.size(); ++i) {
    s.x()[i] += 3.7;  // some atoms leave the box and are wrapped back
    s.y()[i] -= 1.1;
    s.z()[i] += 12.0;
  }
  EXPECT_LT(max_abs_diff(aev_of(nn, s, 5), ref), 1e-12);
}

TEST(AniAev, InvariantUnderRotationAndPermutation) {
  auto nn = student();
  // A compact cluster (cut from jittered diamond) in a large box: rotation is then exact.
  const System bulk = test::jittered_silicon(2, 0.15, 9);
  System s(Box({0, 0, 0}, {40, 40, 40}), kMetalUnits), r = s, p = s;
  for (System* t : {&s, &r, &p}) t->add_species("Si", test::kSiMass);
  const double c = std::cos(0.7), sn = std::sin(0.7), c2 = std::cos(-0.4), s2 = std::sin(-0.4);
  std::vector<std::array<double, 3>> pos;
  for (std::size_t i = 0; i < bulk.size(); ++i) {
    pos.push_back({bulk.x()[i] - 5.4, bulk.y()[i] - 5.4, bulk.z()[i] - 5.4});
  }
  for (const auto& q : pos) {
    s.add_atom(0, 20 + q[0], 20 + q[1], 20 + q[2]);
    // Rotation about z by 0.7 rad, then about x by -0.4 rad.
    const double x1 = c * q[0] - sn * q[1], y1 = sn * q[0] + c * q[1], z1 = q[2];
    r.add_atom(0, 20 + x1, 20 + c2 * y1 - s2 * z1, 20 + s2 * y1 + c2 * z1);
  }
  for (std::size_t i = pos.size(); i-- > 0;)
    p.add_atom(0, 20 + pos[i][0], 20 + pos[i][1], 20 + pos[i][2]);
  const int n = static_cast<int>(pos.size());
  for (int atom : {0, 17, n - 1}) {
    const auto ref = aev_of(nn, s, atom);
    EXPECT_LT(max_abs_diff(aev_of(nn, r, atom), ref), 1e-12) << "rotation, atom " << atom;
    EXPECT_LT(max_abs_diff(aev_of(nn, p, n - 1 - atom), ref), 1e-14) << "permutation, " << atom;
  }
}

}  // namespace
}  // namespace mdb
