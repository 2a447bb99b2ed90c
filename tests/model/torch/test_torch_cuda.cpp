// A TorchScript model on the GPU (TorchModel's device twin over a CUDA libtorch), reached as
// md_bench reaches it: through the module libmdb_torch.so (MDB_TORCH_MODULE names one built
// against the GPU machine's libtorch, ci/gpu_session.sh). Against the same model on the CPU on
// the same coordinates, the CPU engine's trajectory, and graphs refused with a reason. Skips
// where no GPU can be used or the module's libtorch has no CUDA; the twin's code is tested on
// the host in test_torch_device_twin.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/engine/cpu_engine.hpp"
#include "md/engine/engine.hpp"
#include "md/engine/make_engine.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/torch/torch_module.hpp"
#include "tests/model/torch/torch_test_systems.hpp"
#include "tests/model/torch/twin_check.hpp"
#include "tests/support/cuda/device_force_harness.hpp"
#include "tests/support/host_image_list.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

std::unique_ptr<ForceField> load(const std::string& file) {
  return torch_module().load(test::kTorchModels + "/" + file);
}

// Whether this process can run the model on a GPU; the reason it cannot otherwise.
std::string why_no_gpu_twin(const ForceField& model) {
  if (!cuda_device_usable()) return "no usable CUDA device: " + cuda_unusable_reason();
  if (!model.supports(Backend::Cuda)) {
    return "the TorchScript module's libtorch has no CUDA or sees no GPU (point MDB_TORCH_MODULE "
           "at a module built against a CUDA libtorch)";
  }
  return {};
}

class TorchOnTheGpu : public testing::TestWithParam<test::TwinCase> {
 protected:
  /// The case's twin on two replicas (unwrapped, as the engine keeps them) against the model on
  /// the CPU, called plainly or on a late stream (DeviceForceHarness::run_on_a_late_stream).
  void expect_twin_is_the_model(bool late_stream) {
    const test::TwinCase& c = GetParam();
    const std::vector<System> replicas = test::two_replicas(c.system());
    std::unique_ptr<ForceField> model = load(c.file);
    if (const std::string why = why_no_gpu_twin(*model); !why.empty()) GTEST_SKIP() << why;
    model->bind(replicas.front());
    std::unique_ptr<DeviceForce> twin = model->make_device_twin(replicas.front());
    ASSERT_NE(twin, nullptr);
    const test::HostImageList h(test::unwrapped(replicas), model->cutoff() + 0.5);
    twin->reserve(h.view.n, h.view.atoms_per_replica);
    DeviceForceHarness harness(h.view);
    const DeviceForceResult gpu =
        late_stream ? harness.run_on_a_late_stream(*twin) : harness.run(*twin);
    test::expect_twin_output_is_the_models(*model, replicas, gpu.fx, gpu.fy, gpu.fz, gpu.sums,
                                           c.tolerance);
  }
};

// Forces, energy and virial per replica equal the model's on the CPU: to the GPU's summation
// order in float64, to float rounding in float32.
TEST_P(TorchOnTheGpu, GivesTheCpuModelsForcesEnergyAndVirialPerReplica) {
  expect_twin_is_the_model(false);
}

// Called as the engine calls it, on a non-blocking stream whose positions are written late and
// whose results are read back at once: libtorch's work waits for the stream and the stream for
// it (torch_stream_order.cpp), or the atoms sit at the origin or the forces come back NaN.
TEST_P(TorchOnTheGpu, KeepsTheEnginesStreamOrder) {
  expect_twin_is_the_model(true);
}

INSTANTIATE_TEST_SUITE_P(Torch, TorchOnTheGpu, testing::ValuesIn(test::twin_cases(1e-10)),
                         test::twin_case_name);

// 256 argon atoms at 40 K under the torch LJ (float64), as the engine conformance suite runs its
// native LJ.
RunSpec argon_nve() {
  RunSpec spec;
  spec.replicas.push_back(make_argon_fcc(4, 4, 4, 40.0, 100));
  spec.model = [] { return load("lj_nequip.pth"); };
  spec.ensemble.kind = Ensemble::NVE;
  spec.neighbor.skin = 0.2;  // thin, so the run crosses list rebuilds
  spec.dt = 0.002;           // ps
  return spec;
}

// The device engine with the model on the GPU follows the CPU engine with it on the CPU, over
// list rebuilds, to rounding carried for 300 steps; and conserves energy.
TEST(TorchOnTheGpuEngine, NveTrajectoryIsTheCpuEnginesAndConservesEnergy) {
  RunSpec spec = argon_nve();
  if (const std::string why = why_no_gpu_twin(*spec.model()); !why.empty()) GTEST_SKIP() << why;
  auto gpu = make_engine(Backend::Cuda, spec);
  CpuEngine cpu(spec);
  std::vector<Thermo> th;
  gpu->thermo(th);
  const double e0 = th[0].total, ke0 = th[0].kinetic;
  double worst = 0.0;
  for (int chunk = 0; chunk < 6; ++chunk) {
    gpu->run(50);
    gpu->thermo(th);
    worst = std::max(worst, std::abs(th[0].total - e0));
  }
  cpu.run(300);
  System a = spec.replicas.front(), b = a;
  gpu->copy_state(0, a);
  cpu.copy_state(0, b);
  EXPECT_LE(test::max_abs_difference(a.x(), b.x()), 1e-8);  // Angstrom
  EXPECT_LE(test::max_abs_difference(a.z(), b.z()), 1e-8);
  EXPECT_LE(test::max_abs_difference(a.vy(), b.vy()), 1e-8);
  EXPECT_EQ(gpu->list_builds(), cpu.list_builds());
  EXPECT_GT(cpu.list_builds(), 1);
  EXPECT_LT(worst, 1e-3 * ke0);
}

TEST(TorchOnTheGpuEngine, GraphsAreRefusedWithTheReason) {
  RunSpec spec = argon_nve();
  if (const std::string why = why_no_gpu_twin(*spec.model()); !why.empty()) GTEST_SKIP() << why;
  spec.use_graph = true;
  try {
    make_engine(Backend::Cuda, spec);
    FAIL() << "a TorchScript model ran in a CUDA graph";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("cannot run in a CUDA graph"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mdb
