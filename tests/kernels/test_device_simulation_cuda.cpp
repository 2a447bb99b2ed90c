// What only the device engine (DeviceSimulation) has, on a GPU: multi-image small boxes with two
// species over replicas against the CPU, the image list against the brute-force reference,
// batched Langevin replicas against single runs bitwise (its Philox stream per replica), CUDA
// graphs (conditional build node) against plain launches, GPU memory flat over many steps. What
// every engine must do (forces, NVE against the CPU engine, energy conservation, the bath
// temperature, bad input) is the Engine conformance suite (tests/engine/). Every test skips where
// no CUDA device can be used.
#include "md/engine/cuda/device_simulation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "kernels/cuda/device_info_cuda.hpp"  // cuda_device_available
#include "md/engine/simulation.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/cuda/lj_force_device.hpp"
#include "model/lennard_jones.hpp"
#include "tests/support/image_list_reference.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

#define MDB_REQUIRE_GPU() \
  if (!cuda_device_available()) GTEST_SKIP() << "no usable CUDA device"

constexpr double kSimulationRelTol = 1e-10;
constexpr double kDt = 0.002;  // ps

System argon(int nx, int ny, int nz, std::uint64_t seed, double a = 5.26) {
  System s = build_lattice({LatticeKind::Fcc, a, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.3, seed);
  return s;
}

std::unique_ptr<DeviceForce> lj_device(const LjParams& params, const System& bound_to) {
  LennardJones<double> lj(params);
  lj.bind(bound_to);
  const int ns = static_cast<int>(bound_to.species_table().size());
  return std::make_unique<LjForceDevice>(lj.table().data(), ns, params.cutoff);
}

DeviceSimulationSettings nve(double skin = 1.0) {
  DeviceSimulationSettings s;
  s.dt = kDt;
  s.neighbor = {skin, 1, true};
  return s;
}

void expect_matches_cpu(DeviceSimulation& dev, const std::vector<System>& reps,
                        ForceField& cpu_ff) {
  const auto thermo = dev.thermo();
  for (std::size_t r = 0; r < reps.size(); ++r) {
    const test::Evaluation cpu = test::evaluate(cpu_ff, reps[r]);
    System got = reps[r];
    dev.download(static_cast<int>(r), got);
    double sum2 = 0.0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      sum2 += cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i];
    }
    const double f_rms = std::sqrt(sum2 / static_cast<double>(got.size()));
    ASSERT_GT(f_rms, 1e-3);
    for (std::size_t i = 0; i < got.size(); ++i) {
      const double norm =
          std::sqrt(cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i]);
      const double tol = kSimulationRelTol * std::max(norm, f_rms);
      EXPECT_NEAR(got.fx()[i], cpu.fx[i], tol) << "replica " << r << " atom " << i;
      EXPECT_NEAR(got.fy()[i], cpu.fy[i], tol) << "replica " << r << " atom " << i;
      EXPECT_NEAR(got.fz()[i], cpu.fz[i], tol) << "replica " << r << " atom " << i;
    }
    EXPECT_NEAR(thermo[r].potential, cpu.result.energy,
                kSimulationRelTol * std::abs(cpu.result.energy));
    double w = 0.0;
    for (double c : cpu.result.virial) w = std::max(w, std::abs(c));
    for (int c = 0; c < 6; ++c) {
      EXPECT_NEAR(thermo[r].virial[c], cpu.result.virial[c], kSimulationRelTol * w) << c;
    }
  }
}

TEST(DeviceSimulation, LjSmallBoxTwoSpeciesAndReplicasMatchCpu) {
  MDB_REQUIRE_GPU();
  LjParams p = LjParams::argon();
  p.species.push_back({"Kr", 0.0141, 3.65});
  LennardJones<double> lj(p);
  // 2 x 2 x 2 cells (10.52 A, several image shells) in three replicas of different boxes.
  const std::vector<System> reps = {
      test::alternate_species(argon(2, 2, 2, 2), {"Ar", 39.948}, {"Kr", 83.798}),
      test::alternate_species(argon(2, 2, 2, 3, 5.6), {"Ar", 39.948}, {"Kr", 83.798}),
      test::alternate_species(argon(2, 2, 2, 4, 5.1), {"Ar", 39.948}, {"Kr", 83.798})};
  DeviceSimulation dev(reps, lj_device(p, reps[0]), nve());
  expect_matches_cpu(dev, reps, lj);
}

TEST(DeviceSimulation, NeighborListMatchesReference) {
  MDB_REQUIRE_GPU();
  const std::vector<System> reps = {argon(2, 2, 2, 8), argon(2, 2, 2, 9, 5.5), argon(1, 1, 8, 10)};
  DeviceSimulation dev(reps, lj_device(LjParams::argon(), reps[0]), nve());
  ImageListStorage got;
  dev.download_list(got.offsets, got.neighbors, got.images);
  // The reference from the device's (wrapped) positions.
  std::vector<double> x, y, z, len;
  for (std::size_t r = 0; r < reps.size(); ++r) {
    System s = reps[r];
    dev.download(static_cast<int>(r), s);
    x.insert(x.end(), s.x().begin(), s.x().end());
    y.insert(y.end(), s.y().begin(), s.y().end());
    z.insert(z.end(), s.z().begin(), s.z().end());
    len.insert(len.end(), s.box().lengths().begin(), s.box().lengths().end());
  }
  ImageNeighborView v;
  v.n = static_cast<int>(x.size());
  v.atoms_per_replica = 32;
  v.x = x.data();
  v.y = y.data();
  v.z = z.data();
  v.box_len = len.data();
  ImageListStorage ref;
  build_image_list_reference(v, LjParams::argon().cutoff + 1.0, ref);
  ASSERT_EQ(got.offsets.back(), static_cast<std::int64_t>(ref.neighbors.size()));
  for (int i = 0; i < v.n; ++i) {
    std::set<std::tuple<int, ImageCode>> a, b;
    for (auto k = got.offsets[i]; k < got.offsets[i + 1]; ++k) {
      a.insert({got.neighbors[k], got.images[k]});
    }
    for (auto k = ref.offsets[i]; k < ref.offsets[i + 1]; ++k) {
      b.insert({ref.neighbors[k], ref.images[k]});
    }
    EXPECT_EQ(a, b) << "atom " << i;
  }
}

// 200 steps of 256-atom argon at 80 K against the CPU Simulation. The engines differ by rounding
// (summation order, and FMA contraction on the GPU), ~1e-16 relative per force, which 0.4 ps of
// a solid amplifies little: the emulated engine (same order, no FMA) stays within ~1e-14 A and
// ~1e-13 A/ps of the CPU; the bounds here (1e-10 A, 1e-9 A/ps) allow FMA rounding four orders of
// growth, while a wrong kick, drift or rebuild would be off by more than 1e-4.
std::vector<double> positions(DeviceSimulation& dev, int replica, const System& like) {
  System s = like;
  dev.download(replica, s);
  std::vector<double> out(s.x().begin(), s.x().end());
  out.insert(out.end(), s.vz().begin(), s.vz().end());
  return out;
}

TEST(DeviceSimulation, BatchedReplicasMatchSingleRunsBitwise) {
  MDB_REQUIRE_GPU();
  // A fixed rebuild schedule, so each replica sees the same arithmetic alone as in the batch;
  // LJ forces are summed without atomics, so the trajectories are bitwise equal.
  const std::vector<System> reps = {make_argon_fcc(4, 4, 4, 50.0, 11),
                                    make_argon_fcc(4, 4, 4, 90.0, 12),
                                    make_argon_fcc(4, 4, 4, 70.0, 13)};
  DeviceSimulationSettings s = nve();
  s.neighbor = {1.0, 10, false};
  s.ensemble = {Ensemble::NVT, {70.0, 2.0, 100}, {}};
  DeviceSimulation batch(reps, lj_device(LjParams::argon(), reps[0]), s);
  batch.run(300);
  for (int r = 0; r < 3; ++r) {
    DeviceSimulationSettings sr = s;
    sr.ensemble.thermostat.seed = s.ensemble.thermostat.seed + r;
    DeviceSimulation single({reps[r]}, lj_device(LjParams::argon(), reps[0]), sr);
    single.run(300);
    EXPECT_EQ(positions(batch, r, reps[r]), positions(single, 0, reps[r])) << "replica " << r;
  }
}

TEST(DeviceSimulation, GraphAndPlainLaunchesAgree) {
  MDB_REQUIRE_GPU();
  const System start = make_argon_fcc(5, 5, 5, 80.0, 14);
  DeviceSimulationSettings plain = nve(), graph = nve();
  graph.use_graph = true;
  DeviceSimulation a({start}, lj_device(LjParams::argon(), start), plain);
  DeviceSimulation b({start}, lj_device(LjParams::argon(), start), graph);
  for (int k = 0; k < 300; ++k) {
    a.step(k % 50 == 0);
    b.step(k % 50 == 0);
  }
  EXPECT_EQ(positions(a, 0, start), positions(b, 0, start));
  EXPECT_EQ(a.builds(), b.builds());
  EXPECT_GT(a.builds(), 1);
  // The graph skips the build through its conditional node (CUDA >= 12.4 drivers, which every
  // H100/H200 driver is): head, decide, IF [build], force, tail.
  const DeviceGraphInfo g = b.graph_info();
  EXPECT_TRUE(g.conditional_rebuild) << g.conditional_error;
  EXPECT_EQ(g.step_nodes, 5);
  EXPECT_GE(g.rebuild_nodes, 7);
  EXPECT_FALSE(a.graph_info().conditional_rebuild);
  EXPECT_EQ(a.graph_info().step_nodes, 0);
  // Energies are block sums added atomically, in any order: equal to rounding.
  const double ea = a.thermo()[0].potential, eb = b.thermo()[0].potential;
  EXPECT_NEAR(ea, eb, 1e-12 * std::abs(ea));
}

TEST(DeviceSimulation, GpuMemoryStaysFlat) {
  MDB_REQUIRE_GPU();
  for (bool use_graph : {false, true}) {
    const System start = make_argon_fcc(6, 6, 6, 80.0, 15);
    DeviceSimulationSettings s = nve();
    s.use_graph = use_graph;
    DeviceSimulation dev({start}, lj_device(LjParams::argon(), start), s);
    dev.run(10);  // graphs captured, storage sized
    const std::size_t before = DeviceSimulation::device_memory_used();
    dev.run(1000);
    EXPECT_EQ(DeviceSimulation::device_memory_used(), before) << "graph " << use_graph;
    EXPECT_GT(dev.builds(), 2);
  }
}

}  // namespace
}  // namespace mdb
