// The NN device force's bodies (kernels/common/nn_*_body.hpp) run as emulated launches on the
// host (tests/support/nn_force_emulated.hpp) against NnPotential: the same float arithmetic over a
// different neighbour order, so energies, forces and virials agree to float rounding. Needs no
// GPU and no CUDA toolkit.
#include "tests/support/nn_force_emulated.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

#include "md/structure/replicate.hpp"
#include "model/distill/carbon_structures.hpp"
#include "model/nnp/nn_device_pack.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/nnp/nn_weights_json.hpp"
#include "tests/kernels/nn_device_fixture.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"

namespace mdb {
namespace {

constexpr int kTile = 8;
// Measured (2026-11, g++ 12 -O3, x86-64-v3) against NnPotential<float>, relative to the largest
// value: energy 2e-7, forces 1.6e-6 (component-wise, of the largest component), virial 7e-7,
// over the student, the teacher on one and two species and a 2-replica batch. Both sides are
// float descriptors and networks with double sums; what differs is the neighbour order (image
// list vs ghost list), the summation order of the matrix products (sequential vs Eigen's
// blocked FMA kernels), libmvec vs scalar exp/sin/cos, and the virial (per term here, sum x.f on
// the CPU). The bounds sit 4-6x above that; the CPU's float-vs-double agreement is 1e-4.
constexpr double kEnergyTol = 1e-6;
constexpr double kForceTol = 1e-5;
constexpr double kVirialTol = 3e-6;

/// Forces and per-replica sums of one emulated call.
struct Emulated {
  std::vector<double> fx, fy, fz, sums;
  int error = 0;
};

/// fused_threads > 0: the dense layers as the fused kernel runs them (nn_network_fused.hpp).
template <int A = kTile>
Emulated emulate(const NnDevicePack& pack, const test::HostImageList& h, int fused_threads = 0) {
  Emulated e;
  const int n = h.view.n;
  e.fx.resize(n);
  e.fy.resize(n);
  e.fz.resize(n);
  e.sums.assign(7 * (n / h.view.atoms_per_replica), 0.0);
  NnEmulatedScratch s;
  nn_force_emulated<A>(h.view, pack.descriptor_view(), pack.net_view(), s, e.fx.data(), e.fy.data(),
                       e.fz.data(), e.sums.data(), fused_threads);
  e.error = s.error;
  return e;
}

/// The deviations of replica r of an emulated call from a CPU evaluation of that replica.
struct Deviation {
  double energy = 0, energy_scale = 0;  // eV
  double force = 0, force_scale = 0;    // eV/A, largest component
  double virial = 0, virial_scale = 0;  // eV
};
Deviation deviation(const Emulated& e, int r, int apr, const test::Evaluation& ref) {
  Deviation d;
  d.energy = std::abs(e.sums[7 * r] - ref.result.energy);
  d.energy_scale = std::abs(ref.result.energy);
  const auto f = test::force_deviation(ref, e.fx.data() + r * apr, e.fy.data() + r * apr,
                                       e.fz.data() + r * apr);
  d.force = f.max_abs;
  d.force_scale = f.max_ref;
  for (int c = 0; c < 6; ++c) {
    d.virial = std::max(d.virial, std::abs(e.sums[7 * r + 1 + c] - ref.result.virial[c]));
    d.virial_scale = std::max(d.virial_scale, std::abs(ref.result.virial[c]));
  }
  std::printf("  energy %.3g of %.3g eV, force %.3g of %.3g eV/A, virial %.3g of %.3g eV\n",
              d.energy, d.energy_scale, d.force, d.force_scale, d.virial, d.virial_scale);
  return d;
}

/// The emulated device pipeline against NnPotential<float> on `systems` (one replica each).
void expect_matches_cpu(const NnSpec& spec, const std::vector<System>& systems) {
  const NnDevicePack pack = pack_nn_for_device(spec, test::species_names(systems.front()));
  // The list's extra range is the engine's skin: entries beyond the cutoffs must be skipped.
  const test::HostImageList h(systems, pack.cutoff + 0.5);
  const Emulated e = emulate(pack, h);
  EXPECT_EQ(e.error, 0);
  for (std::size_t r = 0; r < systems.size(); ++r) {
    NnPotential<float> cpu(spec);
    const auto ref = test::evaluate(cpu, systems[r]);
    const Deviation d = deviation(e, static_cast<int>(r), h.view.atoms_per_replica, ref);
    EXPECT_LT(d.energy, kEnergyTol * d.energy_scale) << "replica " << r;
    EXPECT_LT(d.force, kForceTol * d.force_scale) << "replica " << r;
    EXPECT_LT(d.virial, kVirialTol * d.virial_scale) << "replica " << r;
    // The generated weights make atomic energies ~0.02 eV, so forces ~1e-3 eV/A: still far
    // above the deviations, which are what is compared.
    EXPECT_GT(d.force_scale, 1e-4);
  }
}

TEST(NnForceEmulated, StudentMatchesNnPotentialFloat) {
  expect_matches_cpu(make_nn_preset("nn-student"), {test::jittered_silicon(2, 0.2, 11)});
}

// The largest angular descriptor AevParams allows (32 angle x 16 radial shifts) fills the
// bodies' fixed per-triplet factor arrays; one more of either is refused.
TEST(NnForceEmulated, LargestAngularDescriptorMatchesNnPotentialFloat) {
  NnSpec spec;
  spec.name = "widest-angular";
  spec.species = {"Si"};
  spec.aev = AevParams::ani_like(4, kAniMaxAngleShifts, kAniMaxAngularRadialShifts, 5.2, 3.5);
  const int in = spec.aev.length(1), hidden = 3;
  DenseLayerSpec first{in, hidden, {}, {0.01, -0.02, 0.03}},
      last{hidden, 1, {0.02, -0.03, 0.01}, {0.0}};
  for (int k = 0; k < in * hidden; ++k) first.weights.push_back(0.05 * std::sin(0.7 * k + 1.0));
  spec.networks = {{first, last}};
  spec.energy_shifts = {-4.0};
  spec.validate("test");
  expect_matches_cpu(spec, {test::jittered_silicon(1, 0.2, 13)});
  for (auto [angles, radial] :
       {std::pair{kAniMaxAngleShifts + 1, 2}, std::pair{2, kAniMaxAngularRadialShifts + 1}}) {
    EXPECT_THROW(AevParams::ani_like(4, angles, radial, 5.2, 3.5).validate("test"),
                 std::invalid_argument)
        << angles << " x " << radial;
  }
}

// The distilled carbon student (issue 20) on the cell md_bench runs: 64 atoms of AB graphite in
// a 4.93 A-wide box, so the list reaches through two images of every atom in x.
TEST(NnForceEmulated, CarbonStudentOnTheBenchmarkedGraphiteCell) {
  System s = replicate(graphite_cell(), {2, 2, 2});
  for (std::size_t i = 0; i < s.size(); ++i) {  // off the lattice: thermal-sized displacements
    s.x()[i] += 0.06 * std::sin(1.3 * i + 0.2);
    s.y()[i] += 0.06 * std::cos(0.7 * i);
    s.z()[i] += 0.04 * std::sin(2.1 * i - 1.0);
  }
  expect_matches_cpu(read_nn_weights(MDB_CARBON_STUDENT_JSON), {s});
}

TEST(NnForceEmulated, TeacherOnSiliconMatchesNnPotentialFloat) {
  expect_matches_cpu(make_nn_preset("nn-teacher"), {test::jittered_silicon(2, 0.2, 12)});
}

// Alternating species: every tile of the dense bodies is mixed, so each atom runs alone.
TEST(NnForceEmulated, TeacherOnTwoSpeciesMatchesNnPotentialFloat) {
  expect_matches_cpu(make_nn_preset("nn-teacher", {"Si", "Ge"}),
                     {test::jittered_si_ge(2, 0.2, 13)});
}

TEST(NnForceEmulated, TwoReplicaBatchMatchesEachReplica) {
  expect_matches_cpu(make_nn_preset("nn-student"),
                     {test::jittered_silicon(2, 0.2, 14), test::jittered_silicon(2, 0.3, 15)});
}

// Float against the double model: the CPU's own float path meets 1e-4 (tests/model/nnp), and so
// must the device arithmetic.
TEST(NnForceEmulated, StudentAgreesWithNnPotentialDouble) {
  const System s = test::jittered_silicon(2, 0.2, 16);
  const NnSpec spec = make_nn_preset("nn-student");
  const NnDevicePack pack = pack_nn_for_device(spec, test::species_names(s));
  const test::HostImageList h({s}, pack.cutoff);
  const Emulated e = emulate(pack, h);
  NnPotential<double> cpu(spec);
  const auto ref = test::evaluate(cpu, s);
  double err2 = 0, norm2 = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    err2 += std::pow(e.fx[i] - ref.fx[i], 2) + std::pow(e.fy[i] - ref.fy[i], 2) +
            std::pow(e.fz[i] - ref.fz[i], 2);
    norm2 += ref.fx[i] * ref.fx[i] + ref.fy[i] * ref.fy[i] + ref.fz[i] * ref.fz[i];
  }
  EXPECT_LT(std::sqrt(err2 / norm2), 1e-4);
  EXPECT_NEAR(e.sums[0], ref.result.energy, 1e-5 * s.size());
}

// Every atom's sums run over its inputs in order whatever the tile, so the tile changes only what
// the compiler contracts into FMAs (bit-identical without contraction; here A = 8 vectorises):
// mixed tiles (alternating species) and uniform ones alike.
TEST(NnForceEmulated, TileSizeChangesOnlyRounding) {
  for (const bool mixed : {false, true}) {
    const System s = mixed ? test::jittered_si_ge(2, 0.2, 17) : test::jittered_silicon(2, 0.2, 17);
    const NnDevicePack pack =
        pack_nn_for_device(make_nn_preset("nn-teacher", {"Si", "Ge"}), test::species_names(s));
    const test::HostImageList h({s}, pack.cutoff);
    const Emulated one = emulate<1>(pack, h);
    for (const Emulated& e : {emulate<3>(pack, h), emulate<kTile>(pack, h)}) {
      double dev = 0, scale = 0;
      for (std::size_t i = 0; i < s.size(); ++i) {
        dev = std::max({dev, std::abs(e.fx[i] - one.fx[i]), std::abs(e.fy[i] - one.fy[i]),
                        std::abs(e.fz[i] - one.fz[i])});
        scale = std::max({scale, std::abs(one.fx[i]), std::abs(one.fy[i]), std::abs(one.fz[i])});
      }
      EXPECT_LT(dev, 1e-6 * scale) << (mixed ? "mixed" : "uniform");
      // The total (~1e-3 eV) is a sum of ~0.02 eV atomic energies that mostly cancel, so the
      // bound is float rounding of each atomic energy (2^-24 x |E_atom| < 1e-8 eV), summed.
      EXPECT_NEAR(e.sums[0], one.sums[0], 1e-8 * static_cast<double>(s.size()));
    }
  }
}

// The fused network runs the layered bodies tile by tile between barriers: the same arithmetic,
// so the same bits, whatever the block size (64 on the device; 8, the least the output phase
// allows, and 24, which splits the student's 64-wide layer unevenly). Student (fused on the
// device), the teacher on two species (mixed tiles; layered on the device, fused here only to test
// the phases over four layers), and a 2-replica batch whose tiles straddle nothing.
TEST(NnForceEmulated, FusedNetworkEqualsLayeredBitwise) {
  struct Case {
    NnSpec spec;
    std::vector<System> systems;
  };
  std::vector<Case> cases;
  cases.push_back({make_nn_preset("nn-student"), {test::jittered_silicon(2, 0.2, 31)}});
  cases.push_back({make_nn_preset("nn-teacher", {"Si", "Ge"}), {test::jittered_si_ge(2, 0.2, 32)}});
  cases.push_back({make_nn_preset("nn-student"),
                   {test::jittered_silicon(2, 0.2, 33), test::jittered_silicon(2, 0.3, 34)}});
  for (const Case& c : cases) {
    const NnDevicePack pack = pack_nn_for_device(c.spec, test::species_names(c.systems.front()));
    const test::HostImageList h(c.systems, pack.cutoff + 0.5);
    const Emulated layered = emulate(pack, h);
    for (const int threads : {kTile, 24, 64}) {
      const Emulated fused = emulate(pack, h, threads);
      EXPECT_EQ(fused.fx, layered.fx) << threads << " threads";
      EXPECT_EQ(fused.fy, layered.fy) << threads << " threads";
      EXPECT_EQ(fused.fz, layered.fz) << threads << " threads";
      EXPECT_EQ(fused.sums, layered.sums) << threads << " threads";
    }
  }
}

// The device fuses the student (16-64-32-1) and not the teacher (1280-wide AEV).
TEST(NnForceEmulated, OnlySmallNetworksAreFused) {
  const System s = test::jittered_silicon(2, 0.2, 35);
  const NnDevicePack student = pack_nn_for_device(make_nn_preset("nn-student"), {"Si"});
  const NnDevicePack teacher = pack_nn_for_device(make_nn_preset("nn-teacher"), {"Si"});
  EXPECT_TRUE(nn_network_fusable(student.n_layers, student.stride.data()));
  EXPECT_FALSE(nn_network_fusable(teacher.n_layers, teacher.stride.data()));
  const int too_deep[kNnFusedMaxLevels + 1] = {16, 16, 16, 16, 16, 16, 16, 16, 1};
  EXPECT_FALSE(nn_network_fusable(kNnFusedMaxLevels, too_deep));
  EXPECT_TRUE(nn_network_fusable(kNnFusedMaxLevels - 1, too_deep));
}

// Atom i's force is summed in double from the same float terms its neighbours receive with the
// opposite sign, so the total force vanishes to double rounding.
TEST(NnForceEmulated, TotalForceVanishes) {
  const System s = test::jittered_si_ge(2, 0.2, 18);
  const NnDevicePack pack =
      pack_nn_for_device(make_nn_preset("nn-teacher", {"Si", "Ge"}), test::species_names(s));
  const test::HostImageList h({s}, pack.cutoff);
  const Emulated e = emulate(pack, h);
  double sx = 0, sy = 0, sz = 0, scale = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    sx += e.fx[i];
    sy += e.fy[i];
    sz += e.fz[i];
    scale += std::abs(e.fx[i]) + std::abs(e.fy[i]) + std::abs(e.fz[i]);
  }
  EXPECT_GT(scale, 0.0);
  EXPECT_LT(std::abs(sx) + std::abs(sy) + std::abs(sz), 1e-12 * scale);
}

// More neighbours inside the angular cutoff than a thread keeps: the error bit is raised (the
// host turns it into an exception), not silently wrong forces.
TEST(NnForceEmulated, AngularOverflowRaisesTheErrorBit) {
  System s(Box({0, 0, 0}, {30, 30, 30}), kMetalUnits);
  s.add_species("Si", test::kSiMass);
  const int n = kNnMaxAngularNeighbors + 2;  // a dense ball: every atom sees all the others
  for (int k = 0; k < n; ++k) {
    s.add_atom(0, 15 + 1.2 * std::cos(0.7 * k), 15 + 1.2 * std::sin(0.7 * k), 14 + 0.03 * k);
  }
  const NnDevicePack pack = pack_nn_for_device(make_nn_preset("nn-student"), {"Si"});
  const test::HostImageList h({s}, pack.cutoff);
  EXPECT_EQ(emulate(pack, h).error & kNnErrorAngularOverflow, kNnErrorAngularOverflow);
  EXPECT_EQ(
      emulate(pack, test::HostImageList({test::jittered_silicon(1, 0.1, 1)}, pack.cutoff)).error,
      0);
}

TEST(NnForceEmulated, UnmappedSpeciesRaisesTheErrorBit) {
  const System s = test::jittered_si_ge(1, 0.1, 19);  // types 0 and 1
  const NnDevicePack pack = pack_nn_for_device(make_nn_preset("nn-student"), {"Si"});
  const test::HostImageList h({s}, pack.cutoff);
  EXPECT_EQ(emulate(pack, h).error & kNnErrorBadSpecies, kNnErrorBadSpecies);
}

}  // namespace
}  // namespace mdb
