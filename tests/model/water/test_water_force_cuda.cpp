// WaterModel's device twin (WaterForceDevice: the water bodies as kernels, DevicePme with cuFFT)
// against the CPU model on the same coordinates: forces, energy and virial to rounding, and
// replicas keeping their own sums; the engine refuses NPT and replicas of other boxes. Skips
// where no CUDA device can be used (the bodies are checked without one in
// test_water_device_bodies.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/cufft_r2c_3d.hpp"
#include "kernels/cuda/device_info_cuda.hpp"
#include "md/engine/make_engine.hpp"
#include "model/water/water_model.hpp"
#include "tests/kernels/nn_device_fixture.hpp"
#include "tests/model/water/water_test_systems.hpp"
#include "tests/support/cuda/device_force_harness.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

constexpr double kWaterRelTol = 1e-10;

void expect_twin_matches_cpu(const std::vector<System>& replicas) {
  WaterModel model;
  model.bind(replicas.front());
  std::unique_ptr<DeviceForce> twin = model.make_device_twin(replicas.front());
  ASSERT_NE(twin, nullptr);
  const test::HostImageList h(replicas, model.cutoff() + 0.5);
  twin->reserve(h.view.n, h.view.atoms_per_replica);
  DeviceForceHarness harness(h.view);
  const DeviceForceResult gpu = harness.run(*twin);
  for (std::size_t r = 0; r < replicas.size(); ++r) {
    WaterModel cpu_model;
    const test::Evaluation cpu = test::evaluate(cpu_model, replicas[r]);
    const std::size_t n = replicas[r].size(), first = r * n;
    double sum2 = 0.0, worst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      sum2 += cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i];
      worst = std::max({worst, std::abs(gpu.fx[first + i] - cpu.fx[i]),
                        std::abs(gpu.fy[first + i] - cpu.fy[i]),
                        std::abs(gpu.fz[first + i] - cpu.fz[i])});
    }
    const double f_rms = std::sqrt(sum2 / static_cast<double>(n));
    ASSERT_GT(f_rms, 0.1);
    // The device PME sums its grid with atomics in any order: rounding of 1e-10 of the forces.
    EXPECT_LT(worst, kWaterRelTol * 10 * f_rms) << "replica " << r;
    const double* s = gpu.sums.data() + kEnergyVirialSums * r;
    EXPECT_NEAR(s[0], cpu.result.energy, kWaterRelTol * std::abs(cpu.result.energy));
    double w_scale = 0.0;
    for (double w : cpu.result.virial) w_scale = std::max(w_scale, std::abs(w));
    for (int c = 0; c < 6; ++c) {
      EXPECT_NEAR(s[1 + c], cpu.result.virial[c], kWaterRelTol * w_scale) << "virial " << c;
    }
  }
}

TEST(WaterForceCuda, BulkWaterMatchesCpu) {
  if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  if (const std::string why = cufft_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  expect_twin_matches_cpu({test::jittered_water(64, 0.05, 41)});
}

TEST(WaterForceCuda, TwoReplicasKeepTheirOwnSums) {
  if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  if (const std::string why = cufft_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  expect_twin_matches_cpu({test::jittered_water(64, 0.05, 42), test::jittered_water(64, 0.08, 43)});
}

TEST(WaterForceCuda, EngineRefusesNptAndReplicasOfAnotherBox) {
  if (!cuda_device_available()) GTEST_SKIP() << cuda_unavailable_reason();
  if (const std::string why = cufft_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  RunSpec spec;
  spec.model = [] { return std::make_unique<WaterModel>(); };
  spec.dt = 0.0005;
  spec.ensemble.kind = Ensemble::NPT;
  spec.ensemble.thermostat = {300.0, 10.0, 1};
  spec.ensemble.barostat = {1.0, 1.0, 4.5e-5, 2};
  spec.replicas = {test::jittered_water(64, 0.05, 44)};
  EXPECT_THROW(make_engine(Backend::Cuda, spec), std::invalid_argument);
  spec.ensemble.kind = Ensemble::NVE;
  System bigger = test::jittered_water(64, 0.05, 45);
  bigger.box().scale(1.01, 1.01, 1.01);
  spec.replicas = {test::jittered_water(64, 0.05, 44), bigger};
  EXPECT_THROW(make_engine(Backend::Cuda, spec), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
