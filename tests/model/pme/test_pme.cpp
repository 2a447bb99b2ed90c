// The Pme class (model/pme/pme.hpp): forces and virial are derivatives of its own energy, the
// box, the grid and the threads change what they should and nothing else, and bad input is
// refused with a message. Accuracy against the Ewald sum is test_pme_accuracy.cpp's.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "md/core/thread_team.hpp"
#include "model/pme/pme.hpp"
#include "tests/model/pme/ewald_reference.hpp"
#include "tests/model/pme/pme_test_support.hpp"

namespace mdb::testing {
namespace {

const std::array<double, 3> kLengths{12.0, 13.0, 14.5};

Box test_box() {
  return Box({0, 0, 0}, kLengths);
}

/// Checks F = -dE/dx by central differences for every third atom.
void expect_forces_are_energy_gradient(Pme& pme, const Box& box, const Charges& c) {
  const EwaldPart at = run_pme(pme, box, c);
  const double h = 1e-5;
  for (std::size_t i = 0; i < c.size(); i += 3) {
    for (int axis = 0; axis < 3; ++axis) {
      Charges plus = c, minus = c;
      std::vector<double>& cp = axis == 0 ? plus.x : axis == 1 ? plus.y : plus.z;
      std::vector<double>& cm = axis == 0 ? minus.x : axis == 1 ? minus.y : minus.z;
      cp[i] += h;
      cm[i] -= h;
      const double fd =
          -(run_pme(pme, box, plus).energy - run_pme(pme, box, minus).energy) / (2 * h);
      const double f = axis == 0 ? at.fx[i] : axis == 1 ? at.fy[i] : at.fz[i];
      EXPECT_NEAR(f, fd, 1e-7 * std::abs(fd) + 1e-8)
          << "order " << pme.params().order << " atom " << i << " axis " << axis;
    }
  }
}

TEST(Pme, ForcesAreMinusTheEnergyGradient) {
  const Charges c = random_neutral_charges(16, kLengths, 7);
  for (int order : {3, 4, 5, 8}) {
    Pme pme(pme_params(0.35, 20, order));
    expect_forces_are_energy_gradient(pme, test_box(), c);
  }
}

TEST(Pme, ForcesAreMinusTheEnergyGradientOnACoarseGrid) {
  // Grid 8 on 6-7 Angstrom at beta 0.9: the Nyquist planes (m = 4/L) still carry exp(-4) of the
  // Gaussian, so the energy's count of the half-complex planes is checked against the forces,
  // which never count them.
  const std::array<double, 3> len{6.0, 6.5, 7.0};
  const Charges c = random_neutral_charges(9, len, 17);
  for (int order : {3, 4}) {
    PmeParams p = pme_params(0.9, 8, order);
    Pme pme(p);
    expect_forces_are_energy_gradient(pme, Box({0, 0, 0}, len), c);
  }
}

TEST(Pme, VirialIsMinusTheStrainDerivative) {
  // W_aa = -dE/d(eps_aa) with the box and the atoms stretched along a: on a fixed grid the
  // charges keep their grid coordinates and only the influence function feels the strain.
  const Charges c = random_neutral_charges(20, kLengths, 9);
  Pme pme(pme_params(0.33, 24, 4));
  const EwaldPart at = run_pme(pme, test_box(), c);
  const double h = 1e-6;
  for (int axis = 0; axis < 3; ++axis) {
    auto strained = [&](double eps) {
      std::array<double, 3> len = kLengths;
      len[axis] *= 1.0 + eps;
      Charges s = c;
      std::vector<double>& coord = axis == 0 ? s.x : axis == 1 ? s.y : s.z;
      for (double& v : coord) v *= 1.0 + eps;
      return run_pme(pme, Box({0, 0, 0}, len), s).energy;
    };
    const double w = -(strained(h) - strained(-h)) / (2 * h);
    EXPECT_NEAR(at.virial[axis], w, 1e-8 * std::abs(at.energy)) << "axis " << axis;
  }
}

TEST(Pme, PositionsOutsideTheBoxAndItsOriginDoNotMatter) {
  const Charges c = random_neutral_charges(30, kLengths, 2);
  Pme pme(pme_params(0.35, 20, 5));
  const EwaldPart base = run_pme(pme, test_box(), c);
  // Whole box lengths added to some atoms, and the box moved with the atoms.
  Charges far = c;
  for (std::size_t i = 0; i < far.size(); i += 2) {
    far.x[i] += 3 * kLengths[0];
    far.y[i] -= kLengths[1];
    far.z[i] -= 7 * kLengths[2];
  }
  const EwaldPart wrapped = run_pme(pme, test_box(), far);
  const std::array<double, 3> lo{-5.0, 2.5, 100.0};
  Charges moved = c;
  for (std::size_t i = 0; i < moved.size(); ++i) {
    moved.x[i] += lo[0];
    moved.y[i] += lo[1];
    moved.z[i] += lo[2];
  }
  const EwaldPart shifted = run_pme(pme, Box(lo, kLengths), moved);
  for (const EwaldPart* other : {&wrapped, &shifted}) {
    EXPECT_NEAR(other->energy, base.energy, 1e-12 * std::abs(base.energy));
    EXPECT_LT(force_difference(*other, base).relative(), 1e-12);
  }
}

TEST(Pme, AddsIntoTheForcesAndComputesOnlyWhatIsAsked) {
  const Charges c = random_neutral_charges(12, kLengths, 3);
  Pme pme(pme_params(0.35, 16, 4));
  const EwaldPart full = run_pme(pme, test_box(), c);
  std::vector<double> fx(c.size(), 1.0), fy(c.size(), -2.0), fz(c.size(), 0.5);
  const ForceResult none = pme.compute(test_box(), c.x.data(), c.y.data(), c.z.data(), c.q.data(),
                                       c.size(), fx.data(), fy.data(), fz.data(), {false, false});
  EXPECT_EQ(none.energy, 0.0);
  for (double w : none.virial) EXPECT_EQ(w, 0.0);
  for (std::size_t i = 0; i < c.size(); ++i) {
    EXPECT_DOUBLE_EQ(fx[i], 1.0 + full.fx[i]);
    EXPECT_DOUBLE_EQ(fy[i], -2.0 + full.fy[i]);
    EXPECT_DOUBLE_EQ(fz[i], 0.5 + full.fz[i]);
  }
  const EwaldPart energy_only = run_pme(pme, test_box(), c, {true, false});
  EXPECT_DOUBLE_EQ(energy_only.energy, full.energy);
  for (double w : energy_only.virial) EXPECT_EQ(w, 0.0);
}

TEST(Pme, UnchargedAtomsAreLeftAlone) {
  const Charges c = random_neutral_charges(10, kLengths, 4);
  Charges with = c;
  with.x.push_back(3.0);
  with.y.push_back(4.0);
  with.z.push_back(5.0);
  with.q.push_back(0.0);  // a TIP4P oxygen, say
  Pme pme(pme_params(0.35, 16, 4));
  const EwaldPart a = run_pme(pme, test_box(), c);
  const EwaldPart b = run_pme(pme, test_box(), with);
  EXPECT_DOUBLE_EQ(a.energy, b.energy);
  EXPECT_EQ(b.fx.back(), 0.0);
  EXPECT_EQ(b.fy.back(), 0.0);
  EXPECT_EQ(b.fz.back(), 0.0);
}

TEST(Pme, TheBoxMayChangeWhileTheGridStays) {
  const Charges c = random_neutral_charges(25, kLengths, 5);
  const Box other({0, 0, 0}, {12.3, 12.9, 14.0});
  Pme reused(pme_params(0.35, 20, 4));
  run_pme(reused, test_box(), c);
  const EwaldPart after = run_pme(reused, other, c);
  Pme fresh(pme_params(0.35, 20, 4));
  const EwaldPart direct = run_pme(fresh, other, c);
  EXPECT_EQ(after.energy, direct.energy);
  EXPECT_EQ(after.virial, direct.virial);
  EXPECT_EQ(after.fx, direct.fx);
}

TEST(Pme, SetGridReplansOnlyForANewGrid) {
  const Charges c = random_neutral_charges(25, kLengths, 6);
  Pme pme(pme_params(0.35, 20, 4));
  EXPECT_FALSE(pme.set_grid({20, 20, 20}));
  EXPECT_TRUE(pme.set_grid({24, 25, 28}));
  EXPECT_EQ(pme.params().grid, (std::array<int, 3>{24, 25, 28}));
  PmeParams p = pme_params(0.35, 0, 4);
  p.grid = {24, 25, 28};
  const EwaldPart fresh = run_pme(p, test_box(), c);
  const EwaldPart regridded = run_pme(pme, test_box(), c);
  EXPECT_EQ(regridded.energy, fresh.energy);
  EXPECT_EQ(regridded.fy, fresh.fy);
  // A grid too small for the order is refused and the old one kept.
  EXPECT_THROW(pme.set_grid({4, 25, 28}), std::invalid_argument);
  EXPECT_EQ(pme.params().grid, (std::array<int, 3>{24, 25, 28}));
  EXPECT_EQ(run_pme(pme, test_box(), c).energy, fresh.energy);
}

TEST(Pme, ThreadsGiveTheSameResultToRounding) {
  const int n = 3000;  // past kPmeTeamMinAtoms
  ASSERT_GE(static_cast<std::size_t>(n), Pme::kPmeTeamMinAtoms);
  const std::array<double, 3> len{30.0, 31.0, 32.0};
  const Charges c = random_neutral_charges(n, len, 12);
  PmeParams p = pme_params(0.31, 0, 4);
  p.grid = {25, 28, 28};
  Pme one(p), two(p);
  ThreadTeam team(2);
  two.use_threads(&team);
  const Box box({0, 0, 0}, len);
  const EwaldPart a = run_pme(one, box, c);
  const EwaldPart b = run_pme(two, box, c);
  EXPECT_NEAR(b.energy, a.energy, 1e-12 * std::abs(a.energy));
  EXPECT_LT(force_difference(b, a).relative(), 1e-12);
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(b.virial[k], a.virial[k], 1e-12 * std::abs(a.energy));
}

TEST(Pme, MeasuredAndEstimatedPlansAgree) {
  const Charges c = random_neutral_charges(40, kLengths, 13);
  PmeParams p = pme_params(0.35, 0, 4);
  p.grid = {20, 24, 25};
  const EwaldPart estimated = run_pme(p, test_box(), c);
  p.fft_planning = FftPlanning::Measure;
  const EwaldPart measured = run_pme(p, test_box(), c);
  EXPECT_NEAR(measured.energy, estimated.energy, 1e-13 * std::abs(estimated.energy));
  EXPECT_LT(force_difference(measured, estimated).relative(), 1e-13);
}

TEST(Pme, StageClocksCountEveryStage) {
  const Charges c = random_neutral_charges(40, kLengths, 14);
  Pme pme(pme_params(0.35, 24, 4));
  for (int k = 0; k < 3; ++k) run_pme(pme, test_box(), c);
  const StageClocks s = pme.stage_times();
  ASSERT_EQ(s.count, 5);
  const char* names[5] = {"pme_spread", "pme_fft_forward", "pme_solve", "pme_fft_backward",
                          "pme_gather"};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(s.stages[k].name, names[k]);
    EXPECT_GE(s.stages[k].seconds, 0.0);
  }
  EXPECT_GT(s.total_seconds(), 0.0);
  EXPECT_EQ(s.calls, 3);
  pme.reset_stage_times();
  EXPECT_EQ(pme.stage_times().total_seconds(), 0.0);
  EXPECT_EQ(pme.stage_times().calls, 0);
}

TEST(Pme, MovesKeepTheirGrid) {
  const Charges c = random_neutral_charges(20, kLengths, 15);
  Pme a(pme_params(0.35, 16, 4));
  const double e = run_pme(a, test_box(), c).energy;
  Pme b = std::move(a);
  EXPECT_EQ(run_pme(b, test_box(), c).energy, e);
}

/// The message of the std::invalid_argument that f throws ("" if none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(Pme, BadInputIsRefusedWithAMessage) {
  Pme pme(pme_params(0.35, 16, 4));
  Charges c = random_neutral_charges(8, kLengths, 16);
  // Charges that round to neutral pass; a net charge does not.
  c.q[0] += 5e-7;
  EXPECT_EQ(error_of([&] { run_pme(pme, test_box(), c); }), "");
  c.q[0] += 0.1;
  EXPECT_NE(error_of([&] { run_pme(pme, test_box(), c); }).find("sum to 0.1"), std::string::npos);
  c.q[0] -= 0.1;
  Charges bad_x = c;
  bad_x.y[3] = NAN;
  EXPECT_NE(
      error_of([&] { run_pme(pme, test_box(), bad_x); }).find("atom 3 has a non-finite position"),
      std::string::npos);
  Charges bad_q = c;
  bad_q.q[5] = INFINITY;
  EXPECT_NE(
      error_of([&] { run_pme(pme, test_box(), bad_q); }).find("atom 5 has a non-finite charge"),
      std::string::npos);
  EXPECT_NE(error_of([] { Pme p(pme_params(0.35, 16, 9)); }).find("order"), std::string::npos);
  EXPECT_NE(error_of([] { Pme p(pme_params(-1.0, 16, 4)); }).find("beta"), std::string::npos);
  PmeSettings coarse;
  coarse.cutoff = 10.0;
  coarse.fourier_spacing = 3.0;
  EXPECT_NE(error_of([&] { Pme::from_settings(coarse, Box::cube(30.0)); }).find("too coarse"),
            std::string::npos);
}

}  // namespace
}  // namespace mdb::testing
