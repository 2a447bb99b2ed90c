// Pme against the plain Ewald sum (ewald_reference.hpp): the errors fall at the rates the
// interpolation theory gives, converged settings agree with it, and the total energy is the
// Madelung energy of rock salt and independent of beta.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernels/common/ewald_terms.hpp"
#include "model/pme/pme.hpp"
#include "tests/model/pme/ewald_reference.hpp"
#include "tests/model/pme/pme_test_support.hpp"

namespace mdb::testing {
namespace {

constexpr double kKe = kCoulombMetal;

/// Least-squares slope of log(err) against log(h).
double log_log_slope(const std::vector<double>& h, const std::vector<double>& err) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(h.size());
  for (std::size_t k = 0; k < h.size(); ++k) {
    const double x = std::log(h[k]), y = std::log(err[k]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

struct Rates {
  double energy, force;
};

/// The rates at which PME's reciprocal energy and forces approach the Ewald sum's as the grid
/// spacing h = L/K shrinks, for one order over the grids `ks`: the slopes of log(error) against
/// log(h), the errors (energy: |dE|, forces: rms |dF|) summed over three random configurations
/// so that one configuration's chance cancellations do not tilt the slope.
Rates convergence_rates(int order, const std::vector<int>& ks) {
  const double l = 16.0, beta = 0.35;
  std::vector<Charges> configs;
  std::vector<EwaldPart> refs;
  for (unsigned seed : {11u, 12u, 13u}) {
    configs.push_back(random_neutral_charges(40, {l, l, l}, seed));
    refs.push_back(ewald_reciprocal_sum(ortho_cell(l, l, l), configs.back(), beta, kKe));
  }
  std::vector<double> h, de, df;
  for (int k : ks) {
    Pme pme(pme_params(beta, k, order));
    double e = 0.0, f = 0.0;
    for (std::size_t s = 0; s < configs.size(); ++s) {
      const EwaldPart r = run_pme(pme, Box::cube(l), configs[s]);
      e += std::abs(r.energy - refs[s].energy);
      f += force_difference(r, refs[s]).rms_difference;
    }
    h.push_back(l / k);
    de.push_back(e);
    df.push_back(f);
  }
  return {log_log_slope(h, de), log_log_slope(h, df)};
}

// Order p splines interpolate exp(2 pi i m u/K) with aliases at m + jK of relative size
// (x/(x + j))^p, x = m/K, so the energy is off by O(h^p). The forces are the exact gradient of
// that energy (test_pme.cpp), and the aliases oscillate with the grid's period h, so their
// gradient carries 1/h: O(h^(p-1)).
// Spacings h = L/K from 0.25 down to 0.125 Angstrom at beta 0.35 /Angstrom: fine enough for
// every order to be past its pre-asymptotic slopes (order 8 falls as h^8.5 on 2-4 points per
// Angstrom), with errors from 1e-4 down to 1e-13, far above the reference's 1e-16.
const std::vector<int> kRateGrids = {64, 80, 96, 128};

TEST(PmeAccuracy, EvenOrdersErrorsFallAsTheTheorySays) {
  for (int p : {4, 6, 8}) {
    const Rates r = convergence_rates(p, kRateGrids);
    EXPECT_NEAR(r.energy, p, 0.4) << "order " << p;
    EXPECT_NEAR(r.force, p - 1, 0.4) << "order " << p;
  }
}

// For odd p the systematic (position-averaged) energy error of the two nearest aliases cancels to
// leading order: x^p [(1 + x)^-p + (-1)^p (1 - x)^-p] = -2 p x^(p+1) for odd p (2 x^p for even p),
// x = m/K; the energy falls as h^(p+1), less regularly (what is left depends on where the charges
// sit on the grid). The forces keep h^(p-1).
TEST(PmeAccuracy, OddOrdersErrorsFallAsTheTheorySays) {
  for (int p : {3, 5, 7}) {
    const Rates r = convergence_rates(p, kRateGrids);
    EXPECT_NEAR(r.energy, p + 1, 0.5) << "order " << p;
    EXPECT_NEAR(r.force, p - 1, 0.4) << "order " << p;
  }
}

TEST(PmeAccuracy, HigherOrdersAreMoreAccurateOnGromacsDefaultGrid) {
  // rc 10 Angstrom, ewald_rtol 1e-5, spacing 1.2 Angstrom on a 20 Angstrom box (grid 20, where
  // the Nyquist planes still count): each order's forces closer to the Ewald sum than the
  // order's below. Odd orders divide by zero at m = K/2 unless that modulus is mended.
  PmeSettings s;
  s.cutoff = 10.0;
  const double l = 20.0;
  const Charges c = random_neutral_charges(60, {l, l, l}, 19);
  double previous = 1.0;
  for (int p = kPmeMinOrder; p <= kPmeMaxOrder; ++p) {
    s.order = p;
    PmeParams params = pme_params_from_settings(s, Box::cube(l));
    params.fft_planning = FftPlanning::Estimate;
    const EwaldPart ref = ewald_reciprocal_sum(ortho_cell(l, l, l), c, params.beta, kKe);
    const double err = force_difference(run_pme(params, Box::cube(l), c), ref).relative();
    EXPECT_LT(err, previous) << "order " << p;
    previous = err;
  }
}

TEST(PmeAccuracy, ConvergedSettingsAgreeWithTheEwaldSum) {
  const std::array<double, 3> len{15.0, 16.5, 18.0};
  const Charges c = random_neutral_charges(30, len, 4);
  const double beta = 0.32;
  const EwaldPart ref = ewald_reciprocal_sum(ortho_cell(len[0], len[1], len[2]), c, beta, kKe);
  PmeParams p = pme_params(beta, 0, 8);
  p.grid = {60, 64, 72};
  const EwaldPart pme = run_pme(p, Box({0, 0, 0}, len), c);
  EXPECT_NEAR(pme.energy, ref.energy, 1e-10 * std::abs(ref.energy));
  EXPECT_LT(force_difference(pme, ref).relative(), 1e-9);
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(pme.virial[k], ref.virial[k], 1e-10 * std::abs(ref.energy)) << k;
  }
}

TEST(PmeAccuracy, RockSaltTotalIsTheMadelungEnergy) {
  const double a = 5.64, beta = 0.7;
  const Charges c = rock_salt(a, 2);
  const Box box = Box::cube(2 * a);
  const EwaldPart rec = run_pme(pme_params(beta, 48, 8), box, c);
  const double e = ewald_real_sum(ortho_cell(2 * a, 2 * a, 2 * a), c, beta, kKe).energy +
                   rec.energy + ewald_self_sum(c, beta, kKe);
  const double expected = -32.0 * 1.747564594633182190636 * kKe / (0.5 * a);
  EXPECT_NEAR(e / expected, 1.0, 1e-10);
  // Every ion sits at a centre of inversion of the crystal and of the grid: no force.
  for (std::size_t i = 0; i < c.size(); ++i) EXPECT_NEAR(rec.fx[i], 0.0, 1e-10) << i;
}

TEST(PmeAccuracy, TotalEnergyDoesNotDependOnBeta) {
  // real(beta) + reciprocal(beta) + self(beta) is the one Coulomb energy of the periodic system.
  const std::array<double, 3> len{14.0, 15.0, 16.0};
  const Charges c = random_neutral_charges(24, len, 21);
  const Cell cell = ortho_cell(len[0], len[1], len[2]);
  PmeParams p = pme_params(0.0, 0, 8);
  p.grid = {64, 64, 72};
  double total[2];
  const double betas[2] = {0.3, 0.45};
  for (int k = 0; k < 2; ++k) {
    p.beta = betas[k];
    total[k] = ewald_real_sum(cell, c, betas[k], kKe).energy +
               run_pme(p, Box({0, 0, 0}, len), c).energy + ewald_self_sum(c, betas[k], kKe);
  }
  EXPECT_NEAR(total[0], total[1], 1e-9 * std::abs(total[0]));
}

}  // namespace
}  // namespace mdb::testing
