// The device engine's NPT (LangevinNpt: BAOAB + stochastic cell rescaling) on a GPU against its
// emulated twin (tests/kernels/emulated_engine.*, the same bodies run on the host): trajectory and
// box over 100 steps, graphs against plain launches, GPU memory flat, thermo's volume and
// pressure. Every test skips where no CUDA device can be used; test_kernels runs the CPU side.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "kernels/cuda/device_info_cuda.hpp"  // cuda_device_available
#include "md/engine/cuda/device_simulation.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/cuda/lj_force_device.hpp"
#include "model/lennard_jones.hpp"
#include "tests/kernels/emulated_engine.hpp"

namespace mdb {
namespace {

#define MDB_REQUIRE_GPU() \
  if (!cuda_device_available()) GTEST_SKIP() << "no usable CUDA device"

constexpr double kNptDt = 0.002;                            // ps
const BarostatSettings kBarostat{5000.0, 0.1, 3.4e-5, 43};  // bar, ps, 1/bar, seed

std::unique_ptr<DeviceForce> lj_device(const System& bound_to) {
  LennardJones<double> lj(LjParams::argon());
  lj.bind(bound_to);
  return std::make_unique<LjForceDevice>(lj.table().data(), 1, LjParams::argon().cutoff);
}

DeviceSimulationSettings npt(bool graph = false) {
  DeviceSimulationSettings s;
  s.dt = kNptDt;
  s.neighbor = {1.0, 1, true};
  s.ensemble = {Ensemble::NPT, {80.0, 2.0, 42}, kBarostat};
  s.use_graph = graph;
  return s;
}

test::EmulatedSettings emulated_npt() {
  test::EmulatedSettings s;
  s.cutoff = LjParams::argon().cutoff;
  s.policy = {1.0, 1, true};
  s.dt = kNptDt;
  s.ensemble = {Ensemble::NPT, {80.0, 2.0, 42}, kBarostat};
  return s;
}

// Largest position difference (minimum image in `s`'s box) between two states of replica 0.
double position_gap(const System& a, const std::vector<double>& x, const std::vector<double>& y,
                    const std::vector<double>& z) {
  double g = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    double dx = a.x()[i] - x[i], dy = a.y()[i] - y[i], dz = a.z()[i] - z[i];
    a.box().minimum_image(dx, dy, dz);
    g = std::max({g, std::abs(dx), std::abs(dy), std::abs(dz)});
  }
  return g;
}

// The device and its emulated twin draw the same Philox bits; they differ by rounding (FMA,
// atomic summation order of kinetic energy and virial, the device's exp/log/cos ulps), which 100
// steps of a noisy solid amplify little. Bounds: 1e-8 A and 1e-10 relative on the box, while a
// wrong step order, noise stream or scale would be off by > 1e-4.
TEST(DeviceNpt, MatchesTheEmulatedTwin) {
  MDB_REQUIRE_GPU();
  const System start = make_argon_fcc(4, 4, 4, 80.0, 51);
  DeviceSimulation dev({start}, lj_device(start), npt());
  test::EmulatedEngine twin(
      {start},
      [&] {
        LennardJones<double> lj(LjParams::argon());
        lj.bind(start);
        return test::emulated_lj(lj.table(), 1);
      }(),
      emulated_npt());
  dev.run(100);
  for (int k = 0; k < 100; ++k) twin.step(k == 99);
  System got = start;
  dev.download(0, got);
  EXPECT_LT(position_gap(got, twin.x, twin.y, twin.z), 1e-8);
  const Thermo t = dev.thermo()[0];
  const double v_twin = twin.box_len[0] * twin.box_len[1] * twin.box_len[2];
  EXPECT_NEAR(t.volume, v_twin, 1e-10 * v_twin);
  EXPECT_GT(std::abs(t.volume / start.box().volume() - 1.0), 1e-3);  // the box moved
  EXPECT_EQ(dev.builds(), twin.ctl.builds);
  EXPECT_EQ(dev.steps(), 100);
}

// Graph replay runs the same kernels; the sums the barostat reads are atomic (block order), so the
// two agree to rounding rather than bitwise.
TEST(DeviceNpt, GraphAndPlainLaunchesAgree) {
  MDB_REQUIRE_GPU();
  const System start = make_argon_fcc(4, 4, 4, 80.0, 52);
  DeviceSimulation a({start}, lj_device(start), npt(false));
  DeviceSimulation b({start}, lj_device(start), npt(true));
  for (int k = 0; k < 200; ++k) {
    a.step(k % 50 == 0);
    b.step(k % 50 == 0);
  }
  System sa = start, sb = start;
  a.download(0, sa);
  b.download(0, sb);
  std::vector<double> x(sb.x().begin(), sb.x().end()), y(sb.y().begin(), sb.y().end()),
      z(sb.z().begin(), sb.z().end());
  EXPECT_LT(position_gap(sa, x, y, z), 1e-8);
  EXPECT_NEAR(a.thermo()[0].volume, b.thermo()[0].volume, 1e-10 * a.thermo()[0].volume);
  EXPECT_EQ(a.builds(), b.builds());
  EXPECT_TRUE(b.graph_info().conditional_rebuild) << b.graph_info().conditional_error;
}

TEST(DeviceNpt, GpuMemoryStaysFlat) {
  MDB_REQUIRE_GPU();
  for (bool graph : {false, true}) {
    const System start = make_argon_fcc(6, 6, 6, 80.0, 53);
    DeviceSimulation dev({start}, lj_device(start), npt(graph));
    dev.run(10);
    const std::size_t before = DeviceSimulation::device_memory_used();
    dev.run(1000);
    EXPECT_EQ(DeviceSimulation::device_memory_used(), before) << "graph " << graph;
    EXPECT_GT(dev.builds(), 2);
  }
}

// Two replicas with their own boxes: thermo's volume is each replica's box, and its pressure
// (2 KE + tr W) / 3V over that volume.
TEST(DeviceNpt, ThermoReportsEachReplicasVolumeAndPressure) {
  MDB_REQUIRE_GPU();
  const std::vector<System> reps = {make_argon_fcc(3, 3, 3, 80.0, 54),
                                    make_argon_fcc(3, 3, 3, 40.0, 55)};
  DeviceSimulation dev(reps, lj_device(reps[0]), npt());
  dev.run(300);
  const auto t = dev.thermo();
  EXPECT_NE(t[0].volume, t[1].volume);
  for (int r = 0; r < 2; ++r) {
    EXPECT_GT(std::abs(t[r].volume / reps[r].box().volume() - 1.0), 1e-3) << r;
    const double p = (2.0 * t[r].kinetic + t[r].virial[0] + t[r].virial[1] + t[r].virial[2]) /
                     (3.0 * t[r].volume) * kMetalUnits.nktv2p;
    EXPECT_NEAR(t[r].pressure, p, 1e-9 * std::abs(p)) << r;
  }
}

TEST(DeviceNpt, RejectsBadBarostatSettings) {
  MDB_REQUIRE_GPU();
  const System start = make_argon_fcc(3, 3, 3, 80.0, 56);
  DeviceSimulationSettings s = npt();
  s.ensemble.barostat.tau = 0.0;
  EXPECT_THROW(DeviceSimulation({start}, lj_device(start), s), std::invalid_argument);
  s = npt();
  s.ensemble.barostat.compressibility = -1.0;
  EXPECT_THROW(DeviceSimulation({start}, lj_device(start), s), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
