// The CUDA LJ kernel (full list, one thread per atom) against the CPU half-list loop with ghost
// forces folded back: the two must agree to rounding. Skips where no CUDA device can be used.
#include "kernels/cuda/device_info_cuda.hpp"
#include "tests/support/cuda/lj_force_cuda.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "md/lattice.hpp"
#include "md/neighbor_list.hpp"
#include "md/random.hpp"
#include "md/units.hpp"
#include "model/lennard_jones.hpp"

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
    const double x = lattice.x()[i] + jitter();
    const double y = lattice.y()[i] + jitter();
    const double z = lattice.z()[i] + jitter();
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

Forces gpu_forces(LjForceCuda& gpu, System sys, const LjParams& params) {
  LennardJones<double> lj(params);
  lj.bind(sys);
  NeighborList full = list_of(params, NeighborKind::Full);
  full.build(sys);
  const NeighborView v = full.view();
  // Otherwise the comparison would not cover ghost neighbours.
  EXPECT_GT(v.n_ghost, 0);
  Forces f;
  f.fx.resize(static_cast<std::size_t>(v.n_local));
  f.fy.resize(f.fx.size());
  f.fz.resize(f.fx.size());
  const PairSums s = gpu.compute(v, lj.table().data(), static_cast<int>(sys.species_table().size()),
                                 f.fx.data(), f.fy.data(), f.fz.data());
  f.energy = s.energy;
  std::copy(std::begin(s.virial), std::end(s.virial), f.virial.begin());
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

class LjForceCudaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cuda_device_available()) GTEST_SKIP() << "no usable CUDA device";
  }
};

TEST_F(LjForceCudaTest, SingleSpeciesMatchesCpuHalfList) {
  const LjParams params = LjParams::argon();
  const System sys = jittered_fcc(3, 12345, false);
  LjForceCuda gpu;
  expect_close(gpu_forces(gpu, sys, params), cpu_forces(sys, params));
}

TEST_F(LjForceCudaTest, MixedSpeciesMatchesCpuHalfList) {
  const LjParams params = argon_krypton();
  const System sys = jittered_fcc(3, 777, true);
  LjForceCuda gpu;
  expect_close(gpu_forces(gpu, sys, params), cpu_forces(sys, params));
}

// Forces need no atomics, so they must be bit-identical across calls, also after the buffers
// were regrown for a larger system in between.
TEST_F(LjForceCudaTest, RepeatedCallsGiveIdenticalForces) {
  const LjParams params = argon_krypton();
  const System small = jittered_fcc(3, 99, true);
  const System large = jittered_fcc(4, 100, true);
  LjForceCuda gpu;
  const Forces first = gpu_forces(gpu, small, params);
  const Forces again = gpu_forces(gpu, small, params);
  const Forces other = gpu_forces(gpu, large, params);
  const Forces after_growth = gpu_forces(gpu, small, params);
  EXPECT_EQ(other.fx.size(), large.size());
  for (const Forces* f : {&again, &after_growth}) {
    EXPECT_EQ(f->fx, first.fx);
    EXPECT_EQ(f->fy, first.fy);
    EXPECT_EQ(f->fz, first.fz);
    // Energy and virial end in per-block double atomics, whose order may vary: equal to rounding.
    EXPECT_NEAR(f->energy, first.energy, 1e-13 * std::abs(first.energy));
  }
  expect_close(other, cpu_forces(large, params));
}

// Input checks run on the host before any CUDA call, so these need no device.
TEST(LjForceCudaInput, RejectsOutOfRangeIndices) {
  const std::vector<std::int64_t> offsets{0, 1, 2};
  const std::vector<double> pos{0.0, 1.0};
  std::vector<int> neighbors{1, 0};
  std::vector<int> species{0, 0};
  const auto pair = make_lj_pair<double>(1.0, 1.0, 2.5, false);
  NeighborView v;
  v.n_local = 2;
  v.offsets = offsets.data();
  v.neighbors = neighbors.data();
  v.x = v.y = v.z = pos.data();
  v.species = species.data();
  std::vector<double> fx(2), fy(2), fz(2);
  LjForceCuda gpu;

  neighbors[1] = 2;  // past the extended array: there are no ghosts
  EXPECT_THROW(gpu.compute(v, &pair, 1, fx.data(), fy.data(), fz.data()), std::invalid_argument);
  neighbors[1] = 0;
  species[1] = 1;  // only one species in the table
  EXPECT_THROW(gpu.compute(v, &pair, 1, fx.data(), fy.data(), fz.data()), std::invalid_argument);
  species[1] = 0;
  EXPECT_THROW(gpu.compute(v, nullptr, 1, fx.data(), fy.data(), fz.data()), std::invalid_argument);
  EXPECT_THROW(gpu.compute(v, &pair, 1, nullptr, fy.data(), fz.data()), std::invalid_argument);
  EXPECT_THROW(gpu.compute(v, &pair, 0, fx.data(), fy.data(), fz.data()), std::invalid_argument);
}

TEST(LjForceCudaInput, EmptyListGivesZeroSums) {
  const auto pair = make_lj_pair<double>(1.0, 1.0, 2.5, false);
  LjForceCuda gpu;
  const PairSums s = gpu.compute(NeighborView{}, &pair, 1, nullptr, nullptr, nullptr);
  EXPECT_EQ(s.energy, 0.0);
  for (double w : s.virial) EXPECT_EQ(w, 0.0);
}

}  // namespace
}  // namespace mdb
