// Lennard-Jones force field: forces, virial and energies against independent references.
#include "model/lennard_jones.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

System jittered_argon(int n, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Fcc, kArgonLatticeConstant, n, n, n}, {"Ar", kArgonMass},
                           kMetalUnits);
  test::jitter(s, amplitude, seed);
  return s;
}

// Two species on alternate lattice sites, so mixing is exercised.
System jittered_ar_kr(double amplitude, std::uint64_t seed) {
  return test::alternate_species(jittered_argon(3, amplitude, seed), {"Ar", 39.948},
                                 {"Kr", 83.798});
}

LjParams ar_kr_params(LjMixing mixing, bool shift) {
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}, {"Kr", 0.0141, 3.65}};
  p.cutoff = 8.5;
  p.mixing = mixing;
  p.shift = shift;
  return p;
}

// Every third atom keeps the test quick.
void expect_forces_match_gradient(ForceField& ff, const System& s, double tol) {
  EXPECT_LT(test::check_force_gradient(ff, s, 1e-5, 3).relative_error, tol);
}

TEST(LennardJones, ForcesAreMinusEnergyGradientTwoSpeciesShifted) {
  for (auto mixing : {LjMixing::Geometric, LjMixing::LorentzBerthelot}) {
    LennardJones<> lj(ar_kr_params(mixing, true));
    expect_forces_match_gradient(lj, jittered_ar_kr(0.4, 11), 1e-6);
  }
}

// W_ab = -dU/dF_ab for a homogeneous deformation x -> F x (cell too), checked on all six
// components. Off-diagonal strain makes the cell triclinic, so the energy comes from the
// general-cell brute-force sum, which is first checked against the engine at zero strain.
TEST(LennardJones, VirialMatchesStrainDerivative) {
  LennardJones<> lj(ar_kr_params(LjMixing::Geometric, false));
  const System s = jittered_ar_kr(0.3, 5);
  const auto ev = test::evaluate(lj, s);
  const auto pos = test::positions_of(s);
  const std::vector<int> type(s.species().begin(), s.species().end());
  auto phi = [&](double r2, int a, int b) { return lj.pair(a, b).energy(r2); };
  auto strained_energy = [&](int a, int b, double eps) {
    test::Cell h = test::ortho_cell(s.box());
    auto p = pos;
    for (auto& r : p) r[a] += eps * r[b];
    for (int c = 0; c < 3; ++c) h[a][c] += eps * h[b][c];
    return test::brute_force_energy(p, type, h, lj.cutoff(), phi);
  };
  ASSERT_NEAR(strained_energy(0, 0, 0.0), ev.result.energy, 1e-10 * std::abs(ev.result.energy));
  const int comp[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
  const double d = 1e-6;
  for (int k = 0; k < 6; ++k) {
    const auto [a, b] = comp[k];
    const double fd = -(strained_energy(a, b, d) - strained_energy(a, b, -d)) / (2 * d);
    EXPECT_NEAR(ev.result.virial[k], fd, 1e-6 * std::abs(ev.result.virial[0]) + 1e-9)
        << "virial component " << k;
  }
}

// Perfect fcc: energy per atom = 1/2 sum over lattice vectors R (|R| < rc) of phi(|R|), summed
// here over an explicit infinite lattice. Boxes of 1, 2 and 4 cells: the small ones are shorter
// than twice the cutoff and need several image shells.
TEST(LennardJones, PerfectFccMatchesLatticeSum) {
  const LjParams params = LjParams::argon();
  const double a = kArgonLatticeConstant, rc = params.cutoff;
  LennardJones<> lj(params);
  const auto& pair = [&] {
    System one = build_lattice({LatticeKind::Fcc, a, 1, 1, 1}, {"Ar", kArgonMass}, kMetalUnits);
    lj.bind(one);
    return lj.pair(0, 0);
  }();
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  const int k = static_cast<int>(std::ceil(rc / a)) + 1;
  double lattice_sum = 0.0;
  for (int i = -k; i <= k; ++i) {
    for (int j = -k; j <= k; ++j) {
      for (int l = -k; l <= k; ++l) {
        for (const auto& b : basis) {
          const double rx = (i + b[0]) * a, ry = (j + b[1]) * a, rz = (l + b[2]) * a;
          const double r2 = rx * rx + ry * ry + rz * rz;
          if (r2 > 0 && r2 < rc * rc) lattice_sum += 0.5 * pair.energy(r2);
        }
      }
    }
  }
  for (int cells : {1, 2, 4}) {
    System s =
        build_lattice({LatticeKind::Fcc, a, cells, cells, cells}, {"Ar", kArgonMass}, kMetalUnits);
    const auto ev = test::evaluate(lj, s);
    EXPECT_NEAR(ev.result.energy / s.size(), lattice_sum, 1e-12) << cells << " cells";
    // By symmetry every atom of a perfect crystal feels zero force.
    for (std::size_t i = 0; i < s.size(); ++i) ASSERT_NEAR(ev.fx[i], 0.0, 1e-12);
  }
}

// Known value: the infinite fcc LJ sum is E/atom = 2 eps (A12 (sigma/d)^12 - A6 (sigma/d)^6)
// with d the nearest-neighbour distance, A12 = 12.13188, A6 = 14.45392. A 6 sigma cutoff plus
// the standard uniform-density tail correction must land on it.
TEST(LennardJones, FccWithTailCorrectionMatchesInfiniteLatticeConstants) {
  LjParams p;
  p.species = {{"A", 1.0, 1.0}};
  p.cutoff = 6.0;
  LennardJones<> lj(p);
  const double d = 1.09;  // nearest-neighbour distance (sigma)
  const double a = d * std::sqrt(2.0);
  System s = build_lattice({LatticeKind::Fcc, a, 5, 5, 5}, {"A", 1.0}, kLjUnits);
  const double rho = 4.0 / (a * a * a);
  const double rc = p.cutoff;
  const double tail = 8.0 / 3.0 * M_PI * rho * (std::pow(rc, -9) / 3.0 - std::pow(rc, -3));
  const double e = test::evaluate(lj, s).result.energy / s.size() + tail;
  const double known = 2.0 * (12.13188 * std::pow(d, -12) - 14.45392 * std::pow(d, -6));
  EXPECT_NEAR(e, known, 2e-4 * std::abs(known));
}

TEST(LennardJones, ShiftMakesEnergyVanishAtCutoffAndKeepsForces) {
  LjParams p = LjParams::argon();
  const LjPair<double> unshifted = make_lj_pair<double>(0.0104, 3.405, p.cutoff, false);
  const LjPair<double> shifted = make_lj_pair<double>(0.0104, 3.405, p.cutoff, true);
  const double rc2 = p.cutoff * p.cutoff;
  EXPECT_NEAR(shifted.energy(rc2 * (1 - 1e-15)), 0.0, 1e-15);
  EXPECT_LT(unshifted.energy(rc2), 0.0);
  EXPECT_DOUBLE_EQ(shifted.f_over_r(16.0), unshifted.f_over_r(16.0));
}

TEST(LennardJones, FloatPathAgreesWithDouble) {
  LennardJones<double> ljd(LjParams::argon());
  LennardJones<float> ljf(LjParams::argon());
  const System s = jittered_argon(3, 0.3, 9);
  const auto d = test::evaluate(ljd, s), f = test::evaluate(ljf, s);
  EXPECT_NEAR(f.result.energy, d.result.energy, 1e-5 * std::abs(d.result.energy));
  double err2 = 0, norm2 = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    err2 += std::pow(f.fx[i] - d.fx[i], 2) + std::pow(f.fy[i] - d.fy[i], 2);
    norm2 += d.fx[i] * d.fx[i] + d.fy[i] * d.fy[i];
  }
  EXPECT_LT(std::sqrt(err2 / norm2), 1e-5);
  EXPECT_GT(std::sqrt(err2 / norm2), 0.0);  // it really ran in float
}

TEST(LennardJones, ExplicitPairCoefficientOverridesMixing) {
  LjParams p = ar_kr_params(LjMixing::Geometric, false);
  p.pairs = {{"Kr", "Ar", 0.02, 3.0}};
  LennardJones<> lj(p);
  System s = jittered_ar_kr(0.0, 1);
  lj.bind(s);
  const auto expected = make_lj_pair<double>(0.02, 3.0, p.cutoff, false);
  EXPECT_DOUBLE_EQ(lj.pair(0, 1).lj1, expected.lj1);
  EXPECT_DOUBLE_EQ(lj.pair(1, 0).lj4, expected.lj4);
  EXPECT_DOUBLE_EQ(lj.pair(0, 0).lj1, make_lj_pair<double>(0.0104, 3.405, 8.5, false).lj1);
}

}  // namespace
}  // namespace mdb
