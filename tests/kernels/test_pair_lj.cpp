// The shared MDB_HD LJ evaluator (the same code the CUDA kernel runs) against calculus.
#include "kernels/common/pair_lj.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace mdb {
namespace {

double phi(double eps, double sigma, double r) {
  return 4 * eps * (std::pow(sigma / r, 12) - std::pow(sigma / r, 6));
}

TEST(LjPair, EnergyMatchesClosedForm) {
  const auto p = make_lj_pair<double>(0.0104, 3.405, 8.5, false);
  for (double r : {3.0, 3.405, 3.82, 5.0, 8.4}) {
    EXPECT_NEAR(p.energy(r * r), phi(0.0104, 3.405, r), 1e-15) << r;
  }
  EXPECT_NEAR(p.energy(3.405 * 3.405), 0.0, 1e-16);  // phi(sigma) = 0
}

TEST(LjPair, ForceIsMinusDerivativeOverR) {
  const auto p = make_lj_pair<double>(1.0, 1.0, 2.5, true);
  for (double r : {0.9, 1.0, 1.12, 1.5, 2.4}) {
    const double h = 1e-6;
    const double dphi = (p.energy((r + h) * (r + h)) - p.energy((r - h) * (r - h))) / (2 * h);
    EXPECT_NEAR(p.f_over_r(r * r), -dphi / r, 1e-7 * std::abs(dphi / r) + 1e-9) << r;
  }
}

TEST(LjPair, ForceVanishesAtPotentialMinimum) {
  const auto p = make_lj_pair<double>(0.0104, 3.405, 8.5, false);
  const double rmin = std::pow(2.0, 1.0 / 6.0) * 3.405;
  EXPECT_NEAR(p.f_over_r(rmin * rmin), 0.0, 1e-15);
  EXPECT_NEAR(p.energy(rmin * rmin), -0.0104, 1e-15);
  EXPECT_GT(p.f_over_r(0.95 * rmin * 0.95 * rmin), 0.0);  // repulsive inside
  EXPECT_LT(p.f_over_r(1.05 * rmin * 1.05 * rmin), 0.0);  // attractive outside
}

TEST(LjPair, FloatInstantiationTracksDouble) {
  const auto d = make_lj_pair<double>(1.0, 1.0, 2.5, false);
  const auto f = make_lj_pair<float>(1.0, 1.0, 2.5, false);
  for (double r : {0.95, 1.2, 2.0}) {
    EXPECT_NEAR(f.f_over_r(static_cast<float>(r * r)), d.f_over_r(r * r),
                1e-5 * std::abs(d.f_over_r(r * r)));
  }
}

}  // namespace
}  // namespace mdb
