// The Ewald pair terms, the self energy and the choice of beta (kernels/common/ewald_terms.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "kernels/common/ewald_terms.hpp"
#include "kernels/common/pair_lj_coul_long.hpp"
#include "md/core/units.hpp"

namespace mdb {
namespace {

constexpr double kKe = kCoulombMetal;

/// Central difference of an energy function of r.
template <class E>
double central_difference(E energy, double r, double h) {
  return (energy(r + h) - energy(r - h)) / (2.0 * h);
}

TEST(EwaldTerms, RealPairIsErfcCoulombAndItsForce) {
  const double beta = 0.31, keqq = kKe * 0.41 * -0.82;
  for (double r : {0.9, 1.6, 3.1, 7.5, 9.9}) {
    const EwaldPairTerm t = ewald_real_pair(keqq, beta, r * r);
    EXPECT_NEAR(t.energy, keqq * std::erfc(beta * r) / r, 1e-15 * std::abs(t.energy));
    auto e = [&](double s) { return ewald_real_pair(keqq, beta, s * s).energy; };
    const double f_fd = -central_difference(e, r, 1e-5 * r);
    EXPECT_NEAR(t.f_over_r * r, f_fd, 1e-8 * std::abs(f_fd)) << "r " << r;
  }
}

TEST(EwaldTerms, ExcludedPairCorrectionIsMinusTheBarePairInsideTheCutoff) {
  // What an excluded pair needs added: the reciprocal sum's share removed (ewald_excluded_pair)
  // and, inside rc, the pair term the real-space loop added taken back. excluded() writes the
  // sum as minus the bare pair; the two terms it stands for are the oracle. With LJ (O-O) and
  // without (O-H), near and far; beyond rc only the reciprocal share is removed.
  const double beta = 0.3123, rc = 10.0;
  const LjCoulLongPair oo =
      make_lj_coul_long_pair(0.0067345, 3.165492, kKe * 0.82 * 0.82, beta, rc);
  const LjCoulLongPair oh = make_lj_coul_long_pair(0.0, 0.0, kKe * -0.82 * 0.41, beta, rc);
  for (const LjCoulLongPair& p : {oo, oh}) {
    for (double r : {0.2, 1.0, 1.63, 3.1, 9.9}) {
      const double r2 = r * r;
      const EwaldPairTerm got = p.excluded(r2);
      const EwaldPairTerm recip = ewald_excluded_pair(p.qq, beta, r2);
      const double want_e = recip.energy - p.energy(r2);
      const double want_f = recip.f_over_r - p.f_over_r(r2);
      // The oracle subtracts terms of the bare pair's size: compare at that scale.
      const double scale_e = std::abs(p.qq) / r + std::abs(want_e);
      const double scale_f = std::abs(p.qq) / (r * r2) + std::abs(want_f);
      EXPECT_NEAR(got.energy, want_e, 1e-14 * scale_e) << "r " << r;
      EXPECT_NEAR(got.f_over_r, want_f, 1e-14 * scale_f) << "r " << r;
      auto e = [&](double s) { return p.excluded(s * s).energy; };
      const double f_fd = -central_difference(e, r, 1e-5 * r);
      EXPECT_NEAR(got.f_over_r * r, f_fd, 1e-7 * std::abs(f_fd)) << "r " << r;
    }
    const double far2 = 10.5 * 10.5;
    EXPECT_EQ(p.excluded(far2).energy, ewald_excluded_pair(p.qq, beta, far2).energy);
    EXPECT_EQ(p.excluded(far2).f_over_r, ewald_excluded_pair(p.qq, beta, far2).f_over_r);
  }
}

TEST(EwaldTerms, RealAndExcludedPairsAddUpToTheBareCoulombPair) {
  // erfc + erf = 1: what the real-space sum keeps plus what the correction removes from the
  // reciprocal sum is the whole 1/r pair, with the opposite sign.
  const double beta = 0.35, keqq = kKe * 0.41 * 0.41;
  for (double r : {0.15, 0.5, 1.0, 1.63, 4.0}) {
    const EwaldPairTerm real = ewald_real_pair(keqq, beta, r * r);
    const EwaldPairTerm excl = ewald_excluded_pair(keqq, beta, r * r);
    EXPECT_NEAR(real.energy - excl.energy, keqq / r, 1e-14 * keqq / r) << "r " << r;
    EXPECT_NEAR(real.f_over_r - excl.f_over_r, keqq / (r * r * r), 1e-12 * keqq / (r * r * r))
        << "r " << r;
  }
}

TEST(EwaldTerms, ExcludedPairForceIsMinusTheEnergyDerivativeOnBothSidesOfTheSeries) {
  const double beta = 0.33, keqq = kKe * -0.82 * 0.41;
  auto e = [&](double s) { return ewald_excluded_pair(keqq, beta, s * s).energy; };
  // beta r from 0.03 to 3, across the series threshold 0.1 (r = 0.303 Angstrom).
  for (double r : {0.1, 0.25, 0.30, 0.31, 0.35, 1.0, 1.63, 9.0}) {
    const double f_fd = -central_difference(e, r, 1e-4 * r);
    const double f = ewald_excluded_pair(keqq, beta, r * r).f_over_r * r;
    EXPECT_NEAR(f, f_fd, 1e-7 * std::abs(f_fd) + 1e-12) << "r " << r;
  }
}

TEST(EwaldTerms, ExcludedPairIsContinuousAtTheSeriesThreshold) {
  const double beta = 0.4, keqq = kKe;
  const double r0 = kEwaldExcludedSeriesBelow / beta;
  const EwaldPairTerm below = ewald_excluded_pair(keqq, beta, r0 * r0 * (1.0 - 1e-12));
  const EwaldPairTerm above = ewald_excluded_pair(keqq, beta, r0 * r0 * (1.0 + 1e-12));
  EXPECT_NEAR(below.energy, above.energy, 1e-14 * std::abs(above.energy));
  // The closed form loses ~ (beta r)^-2 * 1e-16 here, 1e-14 relative.
  EXPECT_NEAR(below.f_over_r, above.f_over_r, 5e-14 * std::abs(above.f_over_r));
}

TEST(EwaldTerms, ExcludedPairAtZeroDistanceHasItsLimits) {
  const double beta = 0.3, keqq = 2.5;
  const EwaldPairTerm t = ewald_excluded_pair(keqq, beta, 0.0);
  EXPECT_DOUBLE_EQ(t.energy, -keqq * 2.0 * beta / std::sqrt(std::numbers::pi));
  EXPECT_DOUBLE_EQ(t.f_over_r,
                   -keqq * 4.0 * beta * beta * beta / (3.0 * std::sqrt(std::numbers::pi)));
}

TEST(EwaldTerms, SelfEnergyIsHalfTheZeroDistanceCorrection) {
  // A charge's Gaussian screening cloud acting on itself: -ke beta/sqrt(pi) q^2, which is half of
  // the erf(beta r)/r pair term at r = 0 (the self pair counted once, not twice).
  const double beta = 0.3123, q = -0.82;
  EXPECT_DOUBLE_EQ(ewald_self_energy(kKe, beta, q),
                   0.5 * ewald_excluded_pair(kKe * q * q, beta, 0.0).energy);
  EXPECT_NEAR(ewald_self_energy(kKe, beta, q), -kKe * beta / std::sqrt(std::numbers::pi) * q * q,
              1e-15);
}

TEST(EwaldTerms, BetaSolvesTheRtolRule) {
  for (double rc : {7.0, 9.0, 10.0, 12.0}) {
    for (double rtol : {1e-3, 1e-5, 1e-6, 1e-10}) {
      const double beta = ewald_beta_for_rtol(rc, rtol);
      EXPECT_NEAR(std::erfc(beta * rc), rtol, 1e-13 * rtol) << rc << " " << rtol;
    }
  }
}

TEST(EwaldTerms, BetaMatchesGromacsLoggedGaussianWidths) {
  // GROMACS's md.log prints "Using a Gaussian width (1/beta) of W nm for Ewald" with 6 digits:
  // 0.320163 nm for rcoulomb 1.0 nm, 0.384195 nm for 1.2 nm (ewald-rtol 1e-5).
  EXPECT_NEAR(1.0 / ewald_beta_for_rtol(10.0, 1e-5), 3.20163, 5e-6);
  EXPECT_NEAR(1.0 / ewald_beta_for_rtol(12.0, 1e-5), 3.84195, 5e-6);
}

TEST(EwaldTerms, BetaOfBadInputIsNaN) {
  EXPECT_TRUE(std::isnan(ewald_beta_for_rtol(0.0, 1e-5)));
  EXPECT_TRUE(std::isnan(ewald_beta_for_rtol(10.0, 0.0)));
  EXPECT_TRUE(std::isnan(ewald_beta_for_rtol(10.0, 1.0)));
  EXPECT_TRUE(std::isnan(ewald_beta_for_rtol(NAN, 1e-5)));
  EXPECT_TRUE(std::isnan(ewald_beta_for_rtol(INFINITY, 1e-5)));
}

}  // namespace
}  // namespace mdb
