// TorchModel's device twin (TorchForceDevice) on libtorch's CPU device, over the device engine's
// arrays in host memory: the code a GPU runs but for where the tensors live, against
// TorchModel::compute on the same coordinates (its edges come from md's CPU list, the twin's from
// the engine's image list). Two replicas of different boxes, one with atoms outside its box, for
// every convention; then inside the device engine's whole step, emulated on the host. The GPU
// itself is tested in test_torch_cuda.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "md/engine/cpu_engine.hpp"
#include "md/force/device_force.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/torch/torch_model.hpp"
#include "tests/kernels/emulated_engine.hpp"
#include "tests/model/torch/torch_test_systems.hpp"
#include "tests/model/torch/twin_check.hpp"
#include "tests/support/host_image_list.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

const std::string& kTwinModels = test::kTorchModels;

/// The device engine's arrays for `replicas` in host memory: the image list the twin reads (to
/// cutoff + skin, as the engine's lists hold more than the cutoff) and the outputs.
struct EngineArrays {
  test::HostImageList in;
  std::vector<double> fx, fy, fz, sums;
  DeviceForceOutput out;

  EngineArrays(const std::vector<System>& replicas, double range)
      : in(test::unwrapped(replicas), range),
        fx(in.x.size(), 0.0),
        fy(in.x.size(), 0.0),
        fz(in.x.size(), 0.0),
        sums(kEnergyVirialSums * replicas.size(), 0.0),
        out{fx.data(), fy.data(), fz.data(), sums.data()} {}
};

class TorchDeviceTwin : public testing::TestWithParam<test::TwinCase> {};

// Forces, energy and virial per replica equal the host model's on the same coordinates, to
// summation order in float64 (the two edge lists list pairs in different orders) and to float
// rounding in float32.
TEST_P(TorchDeviceTwin, GivesTheHostModelsForcesEnergyAndVirialPerReplica) {
  const test::TwinCase& c = GetParam();
  const std::vector<System> replicas = test::two_replicas(c.system());
  TorchModel model(kTwinModels + "/" + c.file);
  model.bind(replicas.front());
  const auto twin = model.make_host_memory_twin();
  EXPECT_EQ(twin->cutoff(), model.cutoff());
  EngineArrays e(replicas, model.cutoff() + 0.5);
  twin->reserve(e.in.view.n, e.in.view.atoms_per_replica);
  twin->compute(e.in.view, e.out, true, nullptr);
  test::expect_twin_output_is_the_models(model, replicas, e.fx, e.fy, e.fz, e.sums, c.tolerance);
}

INSTANTIATE_TEST_SUITE_P(Torch, TorchDeviceTwin, testing::ValuesIn(test::twin_cases(1e-12)),
                         test::twin_case_name);

// The per-type cutoffs drop pairs: the file differs from the plain LJ (so the twin's agreement
// above tested them).
TEST(TorchDeviceTwinCutoffs, PerTypeCutoffsChangeTheEnergy) {
  TorchModel plain(kTwinModels + "/lj.nequip.pth"), cut(kTwinModels + "/lj_pair_cut.nequip.pth");
  const double a = test::evaluate(plain, test::ar_kr()).result.energy;
  const double b = test::evaluate(cut, test::ar_kr()).result.energy;
  EXPECT_GT(std::abs(a - b), 1e-3 * std::abs(a));
}

// Without energy_virial the sums are left alone (the engine zeroes them only when it asks), and
// the forces are those of the full call (to rounding: the virial's strain enters the graph).
TEST(TorchDeviceTwinCalls, ForcesOnlyLeaveTheSumsAlone) {
  const std::vector<System> replicas = test::two_replicas(test::ar_kr());
  TorchModel model(kTwinModels + "/lj_nequip.pth");
  model.bind(replicas.front());
  const auto twin = model.make_host_memory_twin();
  EngineArrays full(replicas, model.cutoff() + 0.5), bare(replicas, model.cutoff() + 0.5);
  twin->compute(full.in.view, full.out, true, nullptr);
  bare.sums.assign(bare.sums.size(), 7.0);
  twin->compute(bare.in.view, bare.out, false, nullptr);
  for (double s : bare.sums) EXPECT_EQ(s, 7.0);
  double fmax = 0.0;
  for (double f : full.fx) fmax = std::max(fmax, std::abs(f));
  ASSERT_GT(fmax, 1e-3);
  for (std::size_t i = 0; i < full.fx.size(); ++i) {
    ASSERT_NEAR(bare.fx[i], full.fx[i], 1e-12 * fmax) << i;
    ASSERT_NEAR(bare.fy[i], full.fy[i], 1e-12 * fmax) << i;
    ASSERT_NEAR(bare.fz[i], full.fz[i], 1e-12 * fmax) << i;
  }
}

// A model without a virial output gives NaN virial sums (no pressure), and its energy.
TEST(TorchDeviceTwinCalls, NoVirialIsNaN) {
  const std::vector<System> replicas = {test::ar_kr()};
  TorchModel model(kTwinModels + "/lj_no_virial_nequip.pth");
  model.bind(replicas.front());
  const auto twin = model.make_host_memory_twin();
  EngineArrays e(replicas, model.cutoff() + 0.5);
  twin->compute(e.in.view, e.out, true, nullptr);
  EXPECT_NEAR(e.sums[0], test::evaluate(model, replicas.front()).result.energy, 1e-9);
  for (int k = 1; k < kEnergyVirialSums; ++k) EXPECT_TRUE(std::isnan(e.sums[k])) << k;
}

// Atoms out of each other's range: the engine's list is empty (no storage behind it), and the
// model gets no edges: no force, and the energy of lone atoms.
TEST(TorchDeviceTwinCalls, AnEmptyListGivesNoForces) {
  System s(Box::cube(40.0), kMetalUnits);
  s.add_species("Ar", 39.948);
  s.add_atom(0, 1.0, 1.0, 1.0);
  s.add_atom(0, 20.0, 20.0, 20.0);
  const std::vector<System> replicas = {s};
  TorchModel model(kTwinModels + "/lj_nequip.pth");
  model.bind(s);
  const auto twin = model.make_host_memory_twin();
  EngineArrays e(replicas, model.cutoff() + 0.5);
  ASSERT_EQ(e.in.list.offsets.back(), 0);
  twin->compute(e.in.view, e.out, true, nullptr);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(e.fx[i], 0.0);
    EXPECT_EQ(e.fz[i], 0.0);
  }
  EXPECT_EQ(e.sums[0], test::evaluate(model, s).result.energy);
}

TEST(TorchDeviceTwinCalls, StageClocksCountOneCallPerReplica) {
  const std::vector<System> replicas = test::two_replicas(test::ar_kr());
  TorchModel model(kTwinModels + "/lj_nequip.pth");
  model.bind(replicas.front());
  const auto twin = model.make_host_memory_twin();
  EngineArrays e(replicas, model.cutoff() + 0.5);
  EXPECT_TRUE(twin->set_stage_timing(true));
  twin->compute(e.in.view, e.out, true, nullptr);
  const StageClocks c = twin->stage_times();
  EXPECT_EQ(c.calls, 2);
  EXPECT_GT(c.seconds(StageRole::NetworkForward), 0.0);
  twin->reset_stage_times();
  EXPECT_EQ(twin->stage_times().calls, 0);
}

TEST(TorchDeviceTwinCalls, RefusesPartReplicasAndAnUnboundModel) {
  TorchModel model(kTwinModels + "/lj_nequip.pth");
  EXPECT_THROW(model.make_host_memory_twin(), std::logic_error);
  model.bind(test::ar_kr());
  const auto twin = model.make_host_memory_twin();
  EXPECT_THROW(twin->reserve(10, 4), std::invalid_argument);
  EXPECT_NO_THROW(twin->reserve(8, 4));
}

// The largest difference between two copies of the same atoms, each axis taken to its nearest
// image (an engine may wrap positions, another keep them unwrapped).
double max_position_difference(const std::vector<double>& a, std::span<const double> b,
                               double box_length) {
  double worst = 0.0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double d = a[i] - b[i];
    worst = std::max(worst, std::abs(d - box_length * std::nearbyint(d / box_length)));
  }
  return worst;
}

// The twin inside the device engine's whole step, run on the host (the emulated engine: the CUDA
// step's bodies in the same order, tests/kernels/emulated_engine.hpp): NVE over list rebuilds
// follows the CPU engine with the model on the CPU, to rounding carried for 300 steps.
TEST(TorchDeviceTwinInTheEngine, NveTrajectoryIsTheCpuEngines) {
  const System start = make_argon_fcc(4, 4, 4, 40.0, 100);  // 256 atoms, 21 A box
  const std::string file = kTwinModels + "/lj_nequip.pth";
  TorchModel model(file);
  model.bind(start);
  std::shared_ptr<DeviceForce> twin = model.make_host_memory_twin();
  test::EmulatedSettings settings;
  settings.cutoff = model.cutoff();
  settings.policy.skin = 0.2;  // thin, so the run crosses list rebuilds
  settings.dt = 0.002;         // ps
  settings.ensemble.kind = Ensemble::NVE;
  test::EmulatedEngine device(
      {start},
      [twin](const ImageNeighborView& list, double* fx, double* fy, double* fz, double* sums,
             bool energy_virial) {
        twin->compute(list, {fx, fy, fz, sums}, energy_virial, nullptr);
      },
      settings);
  RunSpec spec;
  spec.replicas = {start};
  spec.model = [file] { return std::make_unique<TorchModel>(file); };
  spec.ensemble.kind = Ensemble::NVE;
  spec.neighbor.skin = settings.policy.skin;
  spec.dt = settings.dt;
  CpuEngine cpu(spec);
  for (int step = 0; step < 300; ++step) device.step(step % 50 == 0);
  cpu.run(300);
  System b = start;
  cpu.copy_state(0, b);
  const auto& len = start.box().lengths();
  EXPECT_LE(max_position_difference(device.x, b.x(), len[0]), 1e-8);  // Angstrom
  EXPECT_LE(max_position_difference(device.y, b.y(), len[1]), 1e-8);
  EXPECT_LE(max_position_difference(device.z, b.z(), len[2]), 1e-8);
  EXPECT_LE(test::max_abs_difference(device.vx, b.vx()), 1e-8);
  EXPECT_GT(cpu.list_builds(), 1);  // the run crossed list rebuilds
}

// Where this libtorch has no CUDA (Debian's), the model says so and makes no GPU twin; md_bench
// then plans no cuda rows for it.
TEST(TorchDeviceTwinCalls, NoGpuTwinWithoutACudaLibtorch) {
  TorchModel model(kTwinModels + "/lj_nequip.pth");
  model.bind(test::ar_kr());
  EXPECT_FALSE(model.device_twin_capturable());
  if (model.supports(Backend::Cuda)) GTEST_SKIP() << "this libtorch has CUDA and sees a GPU";
  EXPECT_EQ(model.make_device_twin(test::ar_kr()), nullptr);
}

}  // namespace
}  // namespace mdb
