// The SIMD cluster kernels against the scalar half-list loop, the reference: double precision
// equal to rounding (1e-12), mixed precision to float's accuracy, over one and two species,
// shifted or not, multi-image small boxes and larger ones, one thread or several. Each double
// test runs every double kernel the build has (1 x 4 rows, and 2 x 4 rows where it has AVX-512),
// each mixed test every float kernel (2 x 4 rows, and 4 x 4 rows where it has AVX-512), whatever
// the CPU would choose.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/cpu/double_row_choice.hpp"
#include "kernels/cpu/simd_avx512.hpp"
#include "md/engine/engine.hpp"
#include "md/engine/make_engine.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"
#include "tests/support/pair_kernels.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

System jittered_argon(int nx, int ny, int nz, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Fcc, 5.26, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, amplitude, seed);
  return s;
}

LjParams ar_kr(bool shift, LjMixing mixing) {
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}, {"Kr", 0.0141, 3.65}};
  p.cutoff = 8.5;
  p.shift = shift;
  p.mixing = mixing;
  return p;
}

double max_force(const test::Evaluation& e) {
  double m = 0.0;
  for (std::size_t i = 0; i < e.fx.size(); ++i) {
    m = std::max({m, std::abs(e.fx[i]), std::abs(e.fy[i]), std::abs(e.fz[i])});
  }
  return m;
}

// The rows a SIMD LennardJones<Real> built with `kernel` must ask for.
template <class Real>
NeighborKind expected_rows(PairKernel kernel) {
  if (std::is_same_v<Real, double>) {
    const bool two =
        simd::kHas512 && (kernel == PairKernel::Simd2x4 ||
                          (kernel == PairKernel::Simd && simd::double_rows_two_i_atoms()));
    return two ? NeighborKind::Cluster2x4 : NeighborKind::Cluster;
  }
  return simd::kHas512 && kernel == PairKernel::Simd ? NeighborKind::Cluster4x4
                                                     : NeighborKind::Cluster2x4;
}

// Forces to `tol` of the largest force, energy and virial to `tol` relative.
template <class Real>
void expect_simd_matches_scalar(const LjParams& p, const System& s, double tol,
                                ThreadTeam* team = nullptr, PairKernel kernel = PairKernel::Simd) {
  LennardJones<Real> simd(p, kernel), scalar(p, PairKernel::Scalar);
  ASSERT_EQ(simd.neighbor_kind(), expected_rows<Real>(kernel));
  ASSERT_EQ(scalar.neighbor_kind(), NeighborKind::Half);
  const test::Evaluation want = test::evaluate(scalar, s, 0.5);
  const test::Evaluation got = test::evaluate(simd, s, 0.5, team);
  const double scale = max_force(want);
  ASSERT_GT(scale, 1e-3) << "the configuration should have forces";
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(got.fx[i], want.fx[i], tol * scale) << "atom " << i;
    ASSERT_NEAR(got.fy[i], want.fy[i], tol * scale) << "atom " << i;
    ASSERT_NEAR(got.fz[i], want.fz[i], tol * scale) << "atom " << i;
  }
  EXPECT_NEAR(got.result.energy, want.result.energy, tol * std::abs(want.result.energy));
  const double w_scale = std::max({std::abs(want.result.virial[0]), std::abs(want.result.virial[1]),
                                   std::abs(want.result.virial[2])});
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(got.result.virial[k], want.result.virial[k], tol * w_scale) << "virial " << k;
  }
}

TEST(LjSimd, DoubleEqualsScalarInAMultiImageBox) {
  // 32 atoms: cutoff + skin spans two image shells.
  for (PairKernel kernel : test::double_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    expect_simd_matches_scalar<double>(LjParams::argon(), jittered_argon(2, 2, 2, 0.4, 1), 1e-12,
                                       nullptr, kernel);
  }
}

TEST(LjSimd, DoubleEqualsScalarInALargerBox) {
  for (PairKernel kernel : test::double_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    expect_simd_matches_scalar<double>(LjParams::argon(), jittered_argon(6, 5, 7, 0.5, 2), 1e-12,
                                       nullptr, kernel);
  }
}

TEST(LjSimd, DefaultDoubleRowsFollowTheCpuRule) {
  // Whatever this CPU is, the default asks for the rows the rule names, and computes them.
  expect_simd_matches_scalar<double>(LjParams::argon(), jittered_argon(3, 3, 3, 0.4, 5), 1e-12);
}

// The CPUID decode against the kernel's own account of this CPU (/proc/cpuinfo).
TEST(LjSimd, DoubleRowChoiceReadsThisCpuAsTheKernelDoes) {
  std::ifstream in("/proc/cpuinfo");
  std::string line, vendor;
  int family = -1;
  while (std::getline(in, line) && (vendor.empty() || family < 0)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "vendor_id") vendor = value;
    if (key == "cpu family") family = std::stoi(value);
  }
  if (vendor.empty() || family < 0) GTEST_SKIP() << "no x86 /proc/cpuinfo to compare with";
  EXPECT_EQ(
      simd::double_rows_two_i_atoms(),
      simd::kHas512 && simd::double_rows_pay_on(vendor.c_str(), static_cast<unsigned>(family)))
      << vendor << ", family " << family;
}

TEST(LjSimd, DoubleRowsPayOnlyOnTheCpusMeasuredFaster) {
  EXPECT_TRUE(simd::double_rows_pay_on("AuthenticAMD", 26));  // Zen 5: 0.71-0.78x the 1 x 4 time
  EXPECT_TRUE(simd::double_rows_pay_on("AuthenticAMD", 27));
  EXPECT_FALSE(simd::double_rows_pay_on("AuthenticAMD", 25));  // Zen 4: 512-bit ops split in two
  EXPECT_FALSE(simd::double_rows_pay_on("GenuineIntel", 6));   // Emerald Rapids: 1.34x
  EXPECT_FALSE(simd::double_rows_pay_on("HygonGenuine", 24));
}

TEST(LjSimd, DoubleEqualsScalarForTwoSpeciesShiftedOrNot) {
  const System base = jittered_argon(4, 4, 4, 0.4, 3);
  const System s = test::alternate_species(base, {"Ar", 39.948}, {"Kr", 83.798});
  for (bool shift : {false, true}) {
    for (LjMixing mixing : {LjMixing::Geometric, LjMixing::LorentzBerthelot}) {
      SCOPED_TRACE(testing::Message() << "shift " << shift << ", mixing "
                                      << (mixing == LjMixing::Geometric ? "geometric" : "LB"));
      for (PairKernel kernel : test::double_pair_kernels()) {
        SCOPED_TRACE(test::pair_kernel_rows(kernel));
        expect_simd_matches_scalar<double>(ar_kr(shift, mixing), s, 1e-12, nullptr, kernel);
      }
    }
  }
}

TEST(LjSimd, DoubleEqualsScalarWithThreads) {
  for (PairKernel kernel : test::double_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    for (int threads : {2, 3}) {
      ThreadTeam team(threads);
      expect_simd_matches_scalar<double>(LjParams::argon(), jittered_argon(5, 5, 5, 0.4, 4), 1e-12,
                                         &team, kernel);
    }
    // 8,788 atoms: past the size where the fold onto owners is split over the team too.
    ThreadTeam team(2);
    expect_simd_matches_scalar<double>(LjParams::argon(), jittered_argon(13, 13, 13, 0.4, 9), 1e-12,
                                       &team, kernel);
  }
}

// Mixed precision: float pair arithmetic (relative rounding ~6e-8 per operation, amplified ~14x
// by r^-14 and by the cancellation in a net force) on positions rounded to float relative to the
// box centre, against the double scalar loop: measured 1.0e-6 and 1.8e-6 of the largest force
// for these two boxes. A wrong coefficient, sign or missed pair is off by percent.
TEST(LjSimd, MixedWithinFloatAccuracyOfDouble) {
  const LjParams p = LjParams::argon();
  LennardJones<double> reference(p, PairKernel::Scalar);
  for (PairKernel kernel : test::float_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    LennardJones<float> mixed(p, kernel);
    ASSERT_EQ(mixed.neighbor_kind(), expected_rows<float>(kernel));
    for (const System& s : {jittered_argon(2, 2, 2, 0.4, 5), jittered_argon(6, 6, 6, 0.4, 6)}) {
      const test::Evaluation want = test::evaluate(reference, s, 0.5);
      const test::Evaluation got = test::evaluate(mixed, s, 0.5);
      const double scale = max_force(want);
      double worst = 0.0;
      for (std::size_t i = 0; i < s.size(); ++i) {
        worst = std::max({worst, std::abs(got.fx[i] - want.fx[i]), std::abs(got.fy[i] - want.fy[i]),
                          std::abs(got.fz[i] - want.fz[i])});
      }
      EXPECT_LT(worst, 4e-6 * scale);
      EXPECT_GT(worst, 0.0) << "float arithmetic should not reproduce double exactly";
      EXPECT_NEAR(got.result.energy, want.result.energy, 1e-6 * std::abs(want.result.energy));
    }
  }
}

// The float kernel rounds positions to float relative to the box centre, so in a larger box a
// separation carries ~(L/2) 2^-24 more: 84 A here, delta = 2.5e-6 A per coordinate. A close
// jittered argon contact (r ~ 3 A) has a stiffness |dF/dr| ~ 0.8 eV/A^2, so each of an atom's
// few close pairs is off by ~0.8 * 2 delta = 4e-6 eV/A; against a largest force of ~1 eV/A that
// is ~1e-5 (measured 9.8e-6), bounded here by 2e-5. A wrong coefficient or a missed pair is off
// by percent. Threads split the rows and keep their own float j-sums; with 16,384 atoms the fold
// that sums them onto the atoms is split over the threads too.
TEST(LjSimd, MixedInALargeBoxWithinCoordinateRounding) {
  const LjParams p = LjParams::argon();
  const System s = jittered_argon(16, 16, 16, 0.4, 6);
  LennardJones<double> reference(p, PairKernel::Scalar);
  const test::Evaluation want = test::evaluate(reference, s, 0.5);
  const double scale = max_force(want);
  for (PairKernel kernel : test::float_pair_kernels()) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(testing::Message()
                   << test::pair_kernel_rows(kernel) << ", " << threads << " thread(s)");
      LennardJones<float> mixed(p, kernel);
      ThreadTeam team(threads);
      const test::Evaluation got = test::evaluate(mixed, s, 0.5, threads > 1 ? &team : nullptr);
      double worst = 0.0;
      for (std::size_t i = 0; i < s.size(); ++i) {
        worst = std::max({worst, std::abs(got.fx[i] - want.fx[i]), std::abs(got.fy[i] - want.fy[i]),
                          std::abs(got.fz[i] - want.fz[i])});
      }
      EXPECT_LT(worst, 2e-5 * scale);
      EXPECT_NEAR(got.result.energy, want.result.energy, 1e-6 * std::abs(want.result.energy));
      for (int k = 0; k < 6; ++k) {  // taken per folding thread as the forces fold
        EXPECT_NEAR(got.result.virial[k], want.result.virial[k],
                    1e-5 * std::abs(want.result.virial[0]))
            << "virial " << k;
      }
    }
  }
}

TEST(LjSimd, MixedTwoSpeciesWithThreads) {
  const System s =
      test::alternate_species(jittered_argon(6, 5, 7, 0.4, 10), {"Ar", 39.948}, {"Kr", 83.798});
  ThreadTeam team(3);
  // A 37 A box: position rounding adds ~(18 + 9.5) A x 2^-24 per coordinate to float arithmetic's
  // ~4e-6 of the largest force (MixedInALargeBoxWithinCoordinateRounding), so 8e-6.
  for (PairKernel kernel : test::float_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    expect_simd_matches_scalar<float>(ar_kr(false, LjMixing::LorentzBerthelot), s, 8e-6, &team,
                                      kernel);
  }
}

// One float model and one list over a run of calls: atoms move (the list's rebuild comes due),
// the box shrinks like a barostat's, threads split the rows. Each call must match a fresh double
// evaluation of the same positions, so state left from an earlier call (unzeroed float j-sums,
// positions packed only at a build, buffers outgrown by a rebuild) is caught: a stale position
// off by the 0.03 A move gives forces off by ~1e-2 of the largest. The bound, 1e-5 of the largest
// force, is float arithmetic (measured up to ~5e-6 on these moves) plus position rounding in a
// 26 A box ((13 + 9.5) A x 2^-24 per coordinate).
TEST(LjSimd, MixedFollowsMovesRebuildsAndTheBox) {
  const LjParams p = ar_kr(true, LjMixing::LorentzBerthelot);
  for (PairKernel kernel : test::float_pair_kernels()) {
    for (int threads : {1, 3}) {
      SCOPED_TRACE(testing::Message()
                   << test::pair_kernel_rows(kernel) << ", " << threads << " thread(s)");
      System s =
          test::alternate_species(jittered_argon(4, 5, 4, 0.4, 11), {"Ar", 39.948}, {"Kr", 83.798});
      LennardJones<float> mixed(p, kernel);
      LennardJones<double> reference(p, PairKernel::Scalar);
      ThreadTeam team(threads);
      ThreadTeam* t = threads > 1 ? &team : nullptr;
      NeighborPolicy policy;
      policy.skin = 0.5;
      NeighborList list(mixed.cutoff(), mixed.neighbor_kind(), policy);
      list.use_threads(t);
      mixed.bind(s);
      ASSERT_TRUE(mixed.use_threads(t));
      list.build(s);
      const long builds = list.builds();
      for (int call = 0; call < 12; ++call) {
        if (call > 0) {
          // A smooth field periodic in the box: atoms drift (up to 0.33 A over the run, past half
          // the skin) without crowding each other.
          auto x = s.x(), y = s.y(), z = s.z();
          const auto& lo = s.box().lo();
          const auto& len = s.box().lengths();
          const double k = 2.0 * std::acos(-1.0);
          for (std::size_t i = 0; i < s.size(); ++i) {
            const double u = k * (x[i] - lo[0]) / len[0], v = k * (y[i] - lo[1]) / len[1];
            const double w = k * (z[i] - lo[2]) / len[2];
            x[i] += 0.03 * std::sin(w);
            y[i] += 0.03 * std::cos(u);
            z[i] -= 0.02 * std::sin(v);
          }
          if (call == 7) s.box().scale(0.998, 0.999, 0.997);
          list.update(s);
        }
        const ForceResult got = mixed.compute(s, list, {true, true});
        const test::Evaluation want = test::evaluate(reference, s, 0.5);
        const double scale = max_force(want);
        for (std::size_t i = 0; i < s.size(); ++i) {
          ASSERT_NEAR(s.fx()[i], want.fx[i], 1e-5 * scale) << "call " << call << ", atom " << i;
          ASSERT_NEAR(s.fy()[i], want.fy[i], 1e-5 * scale) << "call " << call << ", atom " << i;
          ASSERT_NEAR(s.fz()[i], want.fz[i], 1e-5 * scale) << "call " << call << ", atom " << i;
        }
        // The total is a small difference of large pair terms: bound it per atom (~40 listed pairs
        // of |e| <= ~0.05 eV, each to float's ~1e-7), not relative to the total.
        EXPECT_NEAR(got.energy, want.result.energy, 1e-7 * static_cast<double>(s.size()));
      }
      EXPECT_GT(list.builds(), builds) << "the moves should have brought a rebuild";
    }
  }
}

// Under ci/sanitize.sh (GCC 12, -fsanitize=undefined) this test once failed by percent with no
// sanitizer report: GCC miscompiled pair_lanes' `(l < 4 ? tj_lo : tj_hi)[l % 4]` under the shift
// and signed-overflow checks (lanes 4-5 read the low cluster's species; reduced to a 20-line
// probe on 2026-11-25). pair_lanes now fills the two halves in two loops.
TEST(LjSimd, MixedTwoSpeciesMatchesScalarFloat) {
  const System s =
      test::alternate_species(jittered_argon(4, 4, 4, 0.4, 7), {"Ar", 39.948}, {"Kr", 83.798});
  for (PairKernel kernel : test::float_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    expect_simd_matches_scalar<float>(ar_kr(true, LjMixing::Geometric), s, 4e-6, nullptr, kernel);
  }
}

// Over a trajectory: the list's refresh between builds, rebuilds whose cluster counts change,
// ghosts that follow a barostat's box. NPT Langevin from the same state and seeds with either
// kernel stays on the same trajectory to rounding (1e-12 per step, grown by 500 steps of a 40 K
// solid's mild chaos to far below 1e-7 A; a dropped or doubled pair is off by ~1e-3 A at once).
TEST(LjSimd, NptTrajectoryFollowsTheScalarKernel) {
  auto run = [](PairKernel kernel) {
    RunSpec spec;
    spec.replicas.push_back(make_argon_fcc(3, 3, 3, 40.0, 5));
    spec.model = [kernel] {
      return std::make_unique<LennardJones<double>>(LjParams::argon(), kernel);
    };
    spec.ensemble.kind = Ensemble::NPT;
    spec.ensemble.thermostat = {40.0, 5.0, 7};
    spec.ensemble.barostat = {1000.0, 0.5, 2e-4, 8};  // 1 kbar: the box shrinks as it runs
    spec.neighbor.skin = 0.5;
    spec.dt = 0.004;
    auto engine = make_engine(Backend::Cpu, spec);
    engine->run(500);
    System out = spec.replicas.front();
    engine->copy_state(0, out);
    return std::pair{out, engine->list_builds()};
  };
  const auto [scalar, scalar_builds] = run(PairKernel::Scalar);
  for (PairKernel kernel : test::double_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    const auto [simd, simd_builds] = run(kernel);
    EXPECT_GT(simd_builds, 5) << "the run should rebuild its list several times";
    EXPECT_EQ(simd_builds, scalar_builds);
    EXPECT_NE(simd.box().volume(), make_argon_fcc(3, 3, 3, 40.0, 5).box().volume());
    EXPECT_NEAR(simd.box().volume(), scalar.box().volume(), 1e-9 * scalar.box().volume());
    for (std::size_t i = 0; i < simd.size(); ++i) {
      ASSERT_NEAR(simd.x()[i], scalar.x()[i], 1e-7) << "atom " << i;
      ASSERT_NEAR(simd.y()[i], scalar.y()[i], 1e-7) << "atom " << i;
      ASSERT_NEAR(simd.z()[i], scalar.z()[i], 1e-7) << "atom " << i;
    }
  }
}

TEST(LjSimd, ForcesMatchFiniteDifferences) {
  const System s =
      test::alternate_species(jittered_argon(3, 3, 3, 0.4, 8), {"Ar", 39.948}, {"Kr", 83.798});
  for (PairKernel kernel : test::double_pair_kernels()) {
    SCOPED_TRACE(test::pair_kernel_rows(kernel));
    LennardJones<double> lj(ar_kr(false, LjMixing::Geometric), kernel);
    const test::GradientCheck g = test::check_force_gradient(lj, s, 1e-5, 3);
    EXPECT_GT(g.force_norm2, 1e-6);
    EXPECT_LT(g.relative_error, 1e-6);
  }
}

}  // namespace
}  // namespace mdb
