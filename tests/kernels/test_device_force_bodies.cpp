// The device force bodies (lj_image_list.hpp, sw_image_list.hpp) on the device engine's image list,
// run as an emulated launch, against the CPU force fields (half or full list with ghost atoms):
// forces, energy and virial per replica agree to rounding.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "md/core/units.hpp"
#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/kernels/emulated_engine.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

constexpr double kRelTol = 1e-10;

System argon(int nx, int ny, int nz, std::uint64_t seed, double a = 5.26) {
  System s = build_lattice({LatticeKind::Fcc, a, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.3, seed);
  return s;
}

System silicon(int n, std::uint64_t seed, double a = 5.431) {
  System s = build_lattice({LatticeKind::Diamond, a, n, n, n}, {"Si", 28.0855}, kMetalUnits);
  test::jitter(s, 0.15, seed);
  return s;
}

/// Forces and sums of the emulated device force on the engine's list of `reps`.
test::EmulatedEngine device(const std::vector<System>& reps, test::EmulatedForce force,
                            double cutoff) {
  test::EmulatedSettings s;
  s.cutoff = cutoff;
  s.policy.skin = 0.7;
  s.dt = 0.001;
  return test::EmulatedEngine(reps, std::move(force), s);
}

void expect_forces_close(const test::EmulatedEngine& e, int replica, const test::Evaluation& cpu) {
  const std::size_t n = cpu.fx.size(), first = replica * n;
  double sum2 = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    sum2 += cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i];
  }
  const double f_rms = std::sqrt(sum2 / static_cast<double>(n));
  ASSERT_GT(f_rms, 1e-3);  // eV/A: a test on zero forces would prove nothing
  for (std::size_t i = 0; i < n; ++i) {
    const double norm =
        std::sqrt(cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i]);
    const double tol = kRelTol * std::max(norm, f_rms);
    EXPECT_NEAR(e.fx[first + i], cpu.fx[i], tol) << "replica " << replica << " atom " << i;
    EXPECT_NEAR(e.fy[first + i], cpu.fy[i], tol) << "replica " << replica << " atom " << i;
    EXPECT_NEAR(e.fz[first + i], cpu.fz[i], tol) << "replica " << replica << " atom " << i;
  }
  const double* s = e.sums.data() + 7 * replica;
  EXPECT_NEAR(s[0], cpu.result.energy, kRelTol * std::abs(cpu.result.energy));
  double w_scale = 0.0;
  for (double w : cpu.result.virial) w_scale = std::max(w_scale, std::abs(w));
  ASSERT_GT(w_scale, 1e-3);
  for (int c = 0; c < 6; ++c) {
    EXPECT_NEAR(s[1 + c], cpu.result.virial[c], kRelTol * w_scale) << "virial " << c;
  }
}

void check_lj(const std::vector<System>& reps, const LjParams& params) {
  LennardJones<double> lj(params);
  lj.bind(reps[0]);
  const auto e =
      device(reps, test::emulated_lj(lj.table(), static_cast<int>(std::sqrt(lj.table().size()))),
             params.cutoff);
  for (std::size_t r = 0; r < reps.size(); ++r) {
    expect_forces_close(e, static_cast<int>(r), test::evaluate(lj, reps[r]));
  }
}

TEST(LjImageList, PerturbedArgonMatchesCpu) {
  check_lj({argon(4, 4, 4, 1)}, LjParams::argon());
}

TEST(LjImageList, SmallBoxWithSeveralImageShells) {
  check_lj({argon(2, 2, 2, 2)}, LjParams::argon());  // 10.52 A box, range 9.2 A
  check_lj({argon(1, 1, 4, 3)}, LjParams::argon());  // 5.26 A across: two shells
}

TEST(LjImageList, TwoSpeciesMatchesCpu) {
  LjParams p = LjParams::argon();
  p.species.push_back({"Kr", 0.0141, 3.65});
  p.shift = true;
  check_lj({test::alternate_species(argon(3, 3, 3, 4), {"Ar", 39.948}, {"Kr", 83.798})}, p);
}

TEST(LjImageList, ReplicasWithDifferentBoxesMatchCpu) {
  check_lj({argon(3, 3, 3, 5), argon(3, 3, 3, 6, 5.5), argon(3, 3, 3, 7, 5.1)}, LjParams::argon());
}

test::EmulatedForce sw_force(const StillingerWeber& sw) {
  const int ns = sw.n_species();
  std::vector<SwPairCoeffs> pairs;
  std::vector<SwTripletCoeffs> triplets;
  for (int a = 0; a < ns; ++a) {
    for (int b = 0; b < ns; ++b) {
      pairs.push_back(sw.pair(a, b));
      for (int c = 0; c < ns; ++c) triplets.push_back(sw.triplet(a, b, c));
    }
  }
  return test::emulated_sw(pairs, triplets, ns);
}

void check_sw(const std::vector<System>& reps, const SwParams& params) {
  StillingerWeber sw(params);
  sw.bind(reps[0]);
  const auto e = device(reps, sw_force(sw), sw.cutoff());
  for (std::size_t r = 0; r < reps.size(); ++r) {
    expect_forces_close(e, static_cast<int>(r), test::evaluate(sw, reps[r]));
  }
}

TEST(SwImageList, PerturbedSiliconMatchesCpu) {
  check_sw({silicon(3, 21)}, SwParams::silicon());
}

TEST(SwImageList, SmallBoxWithImagesOfItself) {
  // One diamond cell (5.431 A) with range 4.47 A: every atom sees images of itself and of the
  // others through several shells.
  check_sw({silicon(1, 22)}, SwParams::silicon());
}

TEST(SwImageList, TwoReplicasMatchCpu) {
  check_sw({silicon(2, 23), silicon(2, 24, 5.3)}, SwParams::silicon());
}

}  // namespace
}  // namespace mdb
