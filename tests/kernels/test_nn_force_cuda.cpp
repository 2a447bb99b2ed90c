// NnForceDevice on the GPU against the same bodies run as emulated launches on the host and
// against NnPotential<float>; its memory, baseline, error and timing contracts. Skips where no
// CUDA device can be used.
#include "model/cuda/nn_force_device.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

#include "kernels/cuda/device_info_cuda.hpp"
#include "model/nnp/nn_device_pack.hpp"
#include "model/nnp/nn_presets.hpp"
#include "tests/kernels/nn_device_fixture.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"
#include "tests/support/cuda/device_force_harness.hpp"
#include "tests/support/nn_force_emulated.hpp"

namespace mdb {
namespace {

// As the emulated launches against NnPotential<float> (test_nn_force_emulated.cpp): the device
// differs from them by FMA contraction, CUDA's float exp/sin/cos and the order of the force
// atomics, all float rounding of the same size. Against the CPU model both deviations add up.
constexpr double kEnergyTol = 1e-6;
constexpr double kForceTol = 1e-5;
constexpr double kVirialTol = 3e-6;

class NnForceCudaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cuda_device_available()) GTEST_SKIP() << "no usable CUDA device";
  }
};

/// max |a - b| over n values relative to max |b|.
double relative_deviation(const double* a, const double* b, std::size_t n) {
  double dev = 0, scale = 0;
  for (std::size_t i = 0; i < n; ++i) {
    dev = std::max(dev, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return scale > 0 ? dev / scale : dev;
}

void expect_close(const DeviceForceResult& gpu, const std::vector<double>& fx,
                  const std::vector<double>& fy, const std::vector<double>& fz,
                  const std::vector<double>& sums, double factor, const char* what) {
  const std::size_t n = fx.size();
  EXPECT_LT(relative_deviation(gpu.fx.data(), fx.data(), n), factor * kForceTol) << what;
  EXPECT_LT(relative_deviation(gpu.fy.data(), fy.data(), n), factor * kForceTol) << what;
  EXPECT_LT(relative_deviation(gpu.fz.data(), fz.data(), n), factor * kForceTol) << what;
  for (std::size_t r = 0; r < sums.size() / 7; ++r) {
    EXPECT_NEAR(gpu.sums[7 * r], sums[7 * r], factor * kEnergyTol * std::abs(sums[7 * r]))
        << what << ", replica " << r;
    EXPECT_LT(relative_deviation(gpu.sums.data() + 7 * r + 1, sums.data() + 7 * r + 1, 6),
              factor * kVirialTol)
        << what << ", replica " << r;
  }
}

/// The device force on `systems` (one replica each) against the emulated launches and against
/// NnPotential<float> per replica.
void expect_matches(const NnSpec& spec, const std::vector<System>& systems) {
  const auto names = test::species_names(systems.front());
  const NnDevicePack pack = pack_nn_for_device(spec, names);
  const test::HostImageList h(systems, pack.cutoff + 0.5);
  NnForceDevice gpu(spec, names);
  gpu.reserve(h.view.n, h.view.atoms_per_replica);
  DeviceForceHarness harness(h.view);
  const DeviceForceResult got = harness.run(gpu);
  gpu.check_errors();

  std::vector<double> fx(h.view.n), fy(h.view.n), fz(h.view.n);
  std::vector<double> sums(7 * systems.size(), 0.0);
  NnEmulatedScratch scratch;
  nn_force_emulated<8>(h.view, pack.descriptor_view(), pack.net_view(), scratch, fx.data(),
                       fy.data(), fz.data(), sums.data());
  expect_close(got, fx, fy, fz, sums, 1.0, "against the emulated launches");

  const int apr = h.view.atoms_per_replica;
  for (std::size_t r = 0; r < systems.size(); ++r) {
    NnPotential<float> cpu(spec);
    const auto ref = test::evaluate(cpu, systems[r]);
    std::copy(ref.fx.begin(), ref.fx.end(), fx.begin() + r * apr);
    std::copy(ref.fy.begin(), ref.fy.end(), fy.begin() + r * apr);
    std::copy(ref.fz.begin(), ref.fz.end(), fz.begin() + r * apr);
    sums[7 * r] = ref.result.energy;
    std::copy(ref.result.virial.begin(), ref.result.virial.end(), sums.begin() + 7 * r + 1);
  }
  expect_close(got, fx, fy, fz, sums, 2.0, "against NnPotential<float>");
}

TEST_F(NnForceCudaTest, StudentMatchesCpu) {
  expect_matches(make_nn_preset("nn-student"), {test::jittered_silicon(2, 0.2, 21)});
}

TEST_F(NnForceCudaTest, TeacherOnSiliconMatchesCpu) {
  expect_matches(make_nn_preset("nn-teacher"), {test::jittered_silicon(2, 0.2, 22)});
}

TEST_F(NnForceCudaTest, TeacherOnTwoSpeciesMatchesCpu) {
  expect_matches(make_nn_preset("nn-teacher", {"Si", "Ge"}), {test::jittered_si_ge(2, 0.2, 23)});
}

TEST_F(NnForceCudaTest, TwoReplicaBatchMatchesCpu) {
  expect_matches(make_nn_preset("nn-student"),
                 {test::jittered_silicon(2, 0.2, 24), test::jittered_silicon(2, 0.3, 25)});
}

// The student's dense layers run as one fused launch by default; forcing the layered launches
// changes only rounding (FMA contraction in another kernel, the order of the atomics). The
// teacher is too wide to fuse, and asking for it is refused.
TEST_F(NnForceCudaTest, FusedAndLayeredNetworksAgree) {
  const std::vector<System> systems = {test::jittered_silicon(2, 0.2, 41),
                                       test::jittered_silicon(2, 0.3, 42)};
  const NnSpec spec = make_nn_preset("nn-student");
  const test::HostImageList h(systems, 6.0);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(spec, {"Si"});
  gpu.reserve(h.view.n, h.view.atoms_per_replica);
  EXPECT_TRUE(gpu.fused_network());
  const DeviceForceResult fused = harness.run(gpu);
  gpu.set_fused_network(false);
  const DeviceForceResult layered = harness.run(gpu);
  const auto n = static_cast<std::size_t>(h.view.n);
  EXPECT_LT(relative_deviation(fused.fx.data(), layered.fx.data(), n), 0.1 * kForceTol);
  EXPECT_LT(relative_deviation(fused.fy.data(), layered.fy.data(), n), 0.1 * kForceTol);
  EXPECT_LT(relative_deviation(fused.fz.data(), layered.fz.data(), n), 0.1 * kForceTol);
  for (std::size_t r = 0; r < systems.size(); ++r) {
    // Float rounding of each ~0.02 eV atomic energy, summed (the totals mostly cancel).
    EXPECT_NEAR(fused.sums[7 * r], layered.sums[7 * r], 1e-8 * static_cast<double>(n));
  }
  gpu.check_errors();

  NnForceDevice teacher(make_nn_preset("nn-teacher"), {"Si"});
  EXPECT_FALSE(teacher.fused_network());
  EXPECT_THROW(teacher.set_fused_network(true), std::invalid_argument);
}

// A baseline overwrites the forces and the network adds to them: the network as its own
// baseline doubles everything.
TEST_F(NnForceCudaTest, BaselineForcesAndSumsAreAdded) {
  const System s = test::jittered_silicon(2, 0.2, 26);
  const NnSpec spec = make_nn_preset("nn-student");
  const test::HostImageList h({s}, 6.0);
  DeviceForceHarness harness(h.view);
  NnForceDevice alone(spec, {"Si"});
  NnForceDevice both(spec, {"Si"},
                     std::make_unique<NnForceDevice>(spec, std::vector<std::string>{"Si"}));
  alone.reserve(h.view.n, h.view.n);
  both.reserve(h.view.n, h.view.n);  // reserves the baseline too: compute() would throw
  const DeviceForceResult a = harness.run(alone), b = harness.run(both);
  for (int i = 0; i < h.view.n; ++i) {
    EXPECT_NEAR(b.fx[i], 2 * a.fx[i], 1e-12);
    EXPECT_NEAR(b.fz[i], 2 * a.fz[i], 1e-12);
  }
  for (int c = 0; c < 7; ++c) EXPECT_NEAR(b.sums[c], 2 * a.sums[c], 1e-9 * std::abs(a.sums[c]));
}

// reserve() sizes everything: a thousand calls neither allocate device memory nor change the
// forces beyond the order of the force atomics.
TEST_F(NnForceCudaTest, RepeatedCallsLeaveDeviceMemoryFlat) {
  const System s = test::jittered_si_ge(2, 0.2, 27);
  const NnSpec spec = make_nn_preset("nn-teacher", {"Si", "Ge"});
  const test::HostImageList h({s}, 5.7);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(spec, test::species_names(s));
  gpu.reserve(h.view.n, h.view.n);
  const DeviceForceResult first = harness.run(gpu);
  const std::size_t free_before = cuda_free_device_memory();
  for (int k = 0; k < 1000; ++k) harness.compute(gpu, k % 2 == 0);
  EXPECT_EQ(cuda_free_device_memory(), free_before);
  const DeviceForceResult last = harness.run(gpu);
  EXPECT_LT(relative_deviation(last.fx.data(), first.fx.data(), first.fx.size()), 1e-12);
  EXPECT_NEAR(last.sums[0], first.sums[0], 1e-12 * std::abs(first.sums[0]));
}

TEST_F(NnForceCudaTest, EnergyAndVirialOnlyWhenAsked) {
  const System s = test::jittered_silicon(1, 0.2, 28);
  const test::HostImageList h({s}, 5.7);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(make_nn_preset("nn-student"), {"Si"});
  gpu.reserve(h.view.n, h.view.n);
  const DeviceForceResult without = harness.run(gpu, false), with = harness.run(gpu, true);
  for (double v : without.sums) EXPECT_EQ(v, 0.0);
  EXPECT_NE(with.sums[0], 0.0);
  // The same forces, up to the order of the double atomics.
  EXPECT_LT(relative_deviation(without.fx.data(), with.fx.data(), with.fx.size()), 1e-12);
}

TEST_F(NnForceCudaTest, ComputeBeyondReserveThrows) {
  const System s = test::jittered_silicon(1, 0.2, 29);
  const test::HostImageList h({s}, 5.7);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(make_nn_preset("nn-student"), {"Si"});
  EXPECT_THROW(harness.compute(gpu), std::logic_error);
  gpu.reserve(h.view.n / 2, h.view.n / 2);
  EXPECT_THROW(harness.compute(gpu), std::logic_error);
}

TEST_F(NnForceCudaTest, AngularOverflowThrowsFromCheckErrors) {
  System s(Box({0, 0, 0}, {30, 30, 30}), kMetalUnits);
  s.add_species("Si", test::kSiMass);
  for (int k = 0; k < kNnMaxAngularNeighbors + 2; ++k) {
    s.add_atom(0, 15 + 1.2 * std::cos(0.7 * k), 15 + 1.2 * std::sin(0.7 * k), 14 + 0.03 * k);
  }
  const test::HostImageList h({s}, 5.2);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(make_nn_preset("nn-student"), {"Si"});
  gpu.reserve(h.view.n, h.view.n);
  harness.compute(gpu);
  EXPECT_THROW(gpu.check_errors(), std::runtime_error);
  EXPECT_NO_THROW(gpu.check_errors());  // cleared
}

TEST_F(NnForceCudaTest, StageTimingIsOffByDefaultAndSplitsTheCall) {
  const System s = test::jittered_silicon(2, 0.2, 30);
  const test::HostImageList h({s}, 5.7);
  DeviceForceHarness harness(h.view);
  NnForceDevice gpu(make_nn_preset("nn-teacher"), {"Si"});
  gpu.reserve(h.view.n, h.view.n);
  harness.compute(gpu);
  EXPECT_EQ(gpu.stage_times().calls, 0);
  gpu.set_stage_timing(true);
  for (int k = 0; k < 3; ++k) harness.compute(gpu);
  const StageClocks t = gpu.stage_times();
  EXPECT_EQ(t.calls, 3);
  EXPECT_GT(t.seconds(StageRole::Descriptor), 0.0);
  EXPECT_GT(t.seconds(StageRole::NetworkForward), 0.0);
  EXPECT_GT(t.seconds(StageRole::DescriptorBackward), 0.0);
  gpu.reset_stage_times();
  EXPECT_EQ(gpu.stage_times().calls, 0);
}

}  // namespace
}  // namespace mdb
