// The engine's CUDA LJ kernel (LjForceDevice: the image list, one thread per atom) against the
// CPU half-list loop with ghost forces folded back: the two must agree to rounding. Skips where
// no CUDA device can be used.
#include "kernels/cuda/device_info_cuda.hpp"
#include "model/cuda/lj_force_device.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "md/core/random.hpp"
#include "md/core/units.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "tests/kernels/nn_device_fixture.hpp"
#include "tests/support/cuda/device_force_harness.hpp"

namespace mdb {
namespace {

constexpr double kRelTol = 1e-10;
constexpr double kArgonFccA = 5.26;  // Angstrom, solid argon near 0 K
constexpr double kJitter = 0.3;      // Angstrom: large enough that no force cancels by symmetry

LjParams argon_krypton() {
  LjParams p = LjParams::argon();
  p.species.push_back({"Kr", 0.0141, 3.65});
  return p;
}

/// Argon fcc with every coordinate moved by a uniform amount in [-kJitter, kJitter]. With
/// `mixed`, each atom is Ar or Kr at random, so unlike pairs use the mixed table entries.
System jittered_fcc(int cells, std::uint64_t seed, bool mixed) {
  const System lattice = build_lattice({LatticeKind::Fcc, kArgonFccA, cells, cells, cells},
                                       Species{"Ar", 39.948}, kMetalUnits);
  Rng rng(seed);
  auto jitter = [&rng] { return kJitter * (2.0 * rng.uniform() - 1.0); };
  System sys(lattice.box(), kMetalUnits);
  const int ar = sys.add_species("Ar", 39.948);
  const int kr = mixed ? sys.add_species("Kr", 83.798) : ar;
  sys.reserve(lattice.size());
  for (std::size_t i = 0; i < lattice.size(); ++i) {
    const int s = rng.uniform() < 0.5 ? ar : kr;
    // Wrapped into the box, as the engine's atoms are when its list is built.
    auto wrapped = [&](double v, int a) {
      const double lo = lattice.box().lo()[static_cast<std::size_t>(a)];
      const double len = lattice.box().length(a);
      return lo + std::fmod(v - lo + len, len);
    };
    const double x = wrapped(lattice.x()[i] + jitter(), 0);
    const double y = wrapped(lattice.y()[i] + jitter(), 1);
    const double z = wrapped(lattice.z()[i] + jitter(), 2);
    sys.add_atom(s, x, y, z);
  }
  return sys;
}

NeighborList list_of(const LjParams& params, NeighborKind kind) {
  return NeighborList(params.cutoff, kind, NeighborPolicy{0.5});
}

struct Forces {
  std::vector<double> fx, fy, fz;
  double energy = 0.0;
  std::array<double, 6> virial{};
};

// `sys` by value: building a list wraps positions and compute() overwrites forces.
Forces cpu_forces(System sys, const LjParams& params) {
  LennardJones<double> lj(params);
  lj.bind(sys);
  NeighborList half = list_of(params, NeighborKind::Half);
  half.build(sys);
  const ForceResult r = lj.compute(sys, half, ComputeFlags{true, true});
  Forces f;
  f.fx.assign(sys.fx().begin(), sys.fx().end());
  f.fy.assign(sys.fy().begin(), sys.fy().end());
  f.fz.assign(sys.fz().begin(), sys.fz().end());
  f.energy = r.energy;
  f.virial = r.virial;
  return f;
}

// The engine's own LJ kernel (LjForceDevice, as md_bench's cuda rows run it) on the host-built
// image list of `sys`, through the DeviceForceHarness.
Forces gpu_forces(LjForceDevice* gpu, System sys, const LjParams& params) {
  LennardJones<double> lj(params);
  lj.bind(sys);
  const test::HostImageList h({sys}, params.cutoff + 0.5);
  std::unique_ptr<LjForceDevice> own;
  if (gpu == nullptr) {
    own = std::make_unique<LjForceDevice>(
        lj.table().data(), static_cast<int>(sys.species_table().size()), params.cutoff);
    gpu = own.get();
  }
  // Otherwise the comparison would not cover neighbours through periodic images.
  EXPECT_TRUE(std::any_of(h.list.images.begin(), h.list.images.end(),
                          [](ImageCode c) { return c != kImageSelf; }));
  gpu->reserve(h.view.n, h.view.atoms_per_replica);
  DeviceForceHarness harness(h.view);
  const DeviceForceResult r = harness.run(*gpu);
  Forces f;
  f.fx = r.fx;
  f.fy = r.fy;
  f.fz = r.fz;
  f.energy = r.sums[0];
  std::copy(r.sums.begin() + 1, r.sums.begin() + 7, f.virial.begin());
  return f;
}

void expect_close(const Forces& gpu, const Forces& cpu) {
  ASSERT_EQ(gpu.fx.size(), cpu.fx.size());
  double sum2 = 0.0;
  for (std::size_t i = 0; i < cpu.fx.size(); ++i) {
    sum2 += cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i];
  }
  const double f_rms = std::sqrt(sum2 / static_cast<double>(cpu.fx.size()));
  ASSERT_GT(f_rms, 1e-3);  // eV/A; a test on zero forces would prove nothing
  for (std::size_t i = 0; i < cpu.fx.size(); ++i) {
    const double norm =
        std::sqrt(cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i]);
    // Relative to the atom's own force, floored at the rms so that an atom whose neighbours
    // happen to cancel is not held to a tolerance below the rounding of its partial sums.
    const double tol = kRelTol * std::max(norm, f_rms);
    EXPECT_NEAR(gpu.fx[i], cpu.fx[i], tol) << "atom " << i;
    EXPECT_NEAR(gpu.fy[i], cpu.fy[i], tol) << "atom " << i;
    EXPECT_NEAR(gpu.fz[i], cpu.fz[i], tol) << "atom " << i;
  }
  ASSERT_LT(cpu.energy, 0.0);  // a bound solid
  EXPECT_NEAR(gpu.energy, cpu.energy, kRelTol * std::abs(cpu.energy));
  const double w_scale =
      std::max({std::abs(cpu.virial[0]), std::abs(cpu.virial[1]), std::abs(cpu.virial[2])});
  for (int c = 0; c < 6; ++c) {
    EXPECT_NEAR(gpu.virial[c], cpu.virial[c], kRelTol * w_scale) << "virial component " << c;
  }
}

class LjForceDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cuda_device_available()) GTEST_SKIP() << "no usable CUDA device";
  }
};

TEST_F(LjForceDeviceTest, SingleSpeciesMatchesCpuHalfList) {
  const LjParams params = LjParams::argon();
  const System sys = jittered_fcc(3, 12345, false);
  expect_close(gpu_forces(nullptr, sys, params), cpu_forces(sys, params));
}

TEST_F(LjForceDeviceTest, MixedSpeciesMatchesCpuHalfList) {
  const LjParams params = argon_krypton();
  const System sys = jittered_fcc(3, 777, true);
  expect_close(gpu_forces(nullptr, sys, params), cpu_forces(sys, params));
}

// Forces need no atomics, so they are bit-identical across calls, also with a larger system's
// call in between.
TEST_F(LjForceDeviceTest, RepeatedCallsGiveIdenticalForces) {
  const LjParams params = argon_krypton();
  const System small = jittered_fcc(3, 99, true);
  const System large = jittered_fcc(4, 100, true);
  LennardJones<double> lj(params);
  lj.bind(small);
  LjForceDevice gpu(lj.table().data(), 2, params.cutoff);
  const Forces first = gpu_forces(&gpu, small, params);
  const Forces again = gpu_forces(&gpu, small, params);
  const Forces other = gpu_forces(&gpu, large, params);
  const Forces after_other = gpu_forces(&gpu, small, params);
  EXPECT_EQ(other.fx.size(), large.size());
  for (const Forces* f : {&again, &after_other}) {
    EXPECT_EQ(f->fx, first.fx);
    EXPECT_EQ(f->fy, first.fy);
    EXPECT_EQ(f->fz, first.fz);
    // Energy and virial end in per-block double atomics, whose order may vary: equal to rounding.
    EXPECT_NEAR(f->energy, first.energy, 1e-13 * std::abs(first.energy));
  }
  expect_close(other, cpu_forces(large, params));
}

// The constructor checks its input before any CUDA call, so these need no device.
TEST(LjForceDeviceInput, RejectsAMissingTableOrCutoff) {
  const auto pair = make_lj_pair<double>(1.0, 1.0, 2.5, false);
  EXPECT_THROW(LjForceDevice(nullptr, 1, 2.5), std::invalid_argument);
  EXPECT_THROW(LjForceDevice(&pair, 0, 2.5), std::invalid_argument);
  EXPECT_THROW(LjForceDevice(&pair, 1, 0.0), std::invalid_argument);
  EXPECT_THROW(LjForceDevice(&pair, 1, std::nan("")), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
