// The device engine's whole step (tests/kernels/emulated_engine.*: the CUDA step's bodies in the
// same order, run on the host) against the CPU Simulation, at the level of its arrays: NVE and
// zero-temperature Langevin trajectories with list rebuilds, replicas bitwise. What every engine
// must do (energy conservation, the bath temperature, ...) runs on it in tests/engine.
#include "tests/kernels/emulated_engine.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "md/core/thermo.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"

namespace mdb {
namespace {

constexpr double kDt = 0.002;  // ps
constexpr double kSkin = 1.0;  // Angstrom

// Argon LJ; `shift` makes the energy continuous at the cutoff (for conservation checks).
test::EmulatedForce argon_lj(bool shift = false) {
  LjParams p = LjParams::argon();
  p.shift = shift;
  LennardJones<double> lj(p);
  System probe = make_argon_fcc(1, 1, 1, 0.0);
  lj.bind(probe);
  return test::emulated_lj(lj.table(), 1);
}

test::EmulatedSettings settings(bool langevin = false, double temperature = 0.0) {
  test::EmulatedSettings s;
  s.cutoff = LjParams::argon().cutoff;
  s.policy = {kSkin, 1, true};
  s.dt = kDt;
  s.ensemble.kind = langevin ? Ensemble::NVT : Ensemble::NVE;
  s.ensemble.thermostat = {temperature, 2.0, 42};
  return s;
}

double kinetic(const test::EmulatedEngine& e, int replica) {
  double k = 0.0;
  const int first = replica * e.atoms_per_replica;
  for (int i = first; i < first + e.atoms_per_replica; ++i) {
    k += e.mass[i] * (e.vx[i] * e.vx[i] + e.vy[i] * e.vy[i] + e.vz[i] * e.vz[i]);
  }
  return 0.5 * k * kMetalUnits.mvv2e;
}

// Largest position (minimum image) and velocity difference between the engine's replica and the
// CPU system.
struct Gap {
  double position = 0.0, velocity = 0.0;
};
Gap gap(const test::EmulatedEngine& e, int replica, const System& s) {
  Gap g;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::size_t k = replica * s.size() + i;
    double dx = e.x[k] - s.x()[i], dy = e.y[k] - s.y()[i], dz = e.z[k] - s.z()[i];
    s.box().minimum_image(dx, dy, dz);
    g.position = std::max({g.position, std::abs(dx), std::abs(dy), std::abs(dz)});
    g.velocity = std::max({g.velocity, std::abs(e.vx[k] - s.vx()[i]), std::abs(e.vy[k] - s.vy()[i]),
                           std::abs(e.vz[k] - s.vz()[i])});
  }
  return g;
}

NeighborPolicy cpu_policy() {
  NeighborPolicy p;
  p.skin = kSkin;
  return p;
}

// 200 steps of 256-atom argon at 80 K. Both engines do the same arithmetic per pair but sum in a
// different order (CPU: half list with ghosts; device: full image list), so they differ by
// rounding, ~1e-16 relative per force, which the dynamics amplifies. Observed: positions within
// ~1e-14 A and velocities within ~1e-13 A/ps after 200 steps; the bounds (1e-12, 1e-11) leave
// two orders of margin, while a wrong kick, drift or rebuild would be off by more than 1e-4.
TEST(EmulatedEngine, NveTrajectoryMatchesCpuSimulation) {
  const System start = make_argon_fcc(4, 4, 4, 80.0, 7);
  Simulation cpu(start, std::make_unique<LennardJones<double>>(LjParams::argon()),
                 std::make_unique<VelocityVerlet>(kDt), cpu_policy(), false);
  test::EmulatedEngine dev({start}, argon_lj(), settings());
  EXPECT_NEAR(dev.sums[0], cpu.last_forces().energy, 1e-10 * std::abs(cpu.last_forces().energy));
  for (int block = 0; block < 4; ++block) {
    for (int s = 0; s < 50; ++s) {
      cpu.step(s == 49);
      dev.step(s == 49);
    }
    const Gap g = gap(dev, 0, cpu.system());
    std::printf("after %3d steps: |dx| %.2e A, |dv| %.2e A/ps\n", 50 * (block + 1), g.position,
                g.velocity);
    EXPECT_LT(g.position, 1e-9) << "after " << 50 * (block + 1) << " steps";
    EXPECT_LT(g.velocity, 1e-7) << "after " << 50 * (block + 1) << " steps";
    const ForceResult& r = cpu.last_forces();
    EXPECT_NEAR(dev.sums[0], r.energy, 1e-9 * std::abs(r.energy));
    for (int c = 0; c < 6; ++c) EXPECT_NEAR(dev.sums[1 + c], r.virial[c], 1e-8) << c;
  }
  EXPECT_GT(cpu.neighbor_list().builds(), 1);  // the run exercised rebuilds
  EXPECT_EQ(dev.ctl.builds, cpu.neighbor_list().builds());
  EXPECT_EQ(dev.ctl.step, 200);
}

TEST(EmulatedEngine, ZeroTemperatureLangevinMatchesCpuBaoab) {
  // At T = 0 BAOAB is deterministic (O only damps: v = c1 v), so the CPU integrator is a
  // reference for the step order B A O A, force, B.
  const System start = make_argon_fcc(4, 4, 4, 80.0, 9);
  const ThermostatSettings bath{0.0, 2.0, 1};
  Simulation cpu(start, std::make_unique<LennardJones<double>>(LjParams::argon()),
                 std::make_unique<LangevinIntegrator>(kDt, bath), cpu_policy(), false);
  test::EmulatedEngine dev({start}, argon_lj(), settings(true, 0.0));
  for (int s = 0; s < 100; ++s) {
    cpu.step();
    dev.step(false);
  }
  const Gap g = gap(dev, 0, cpu.system());
  EXPECT_LT(g.position, 1e-10);
  EXPECT_LT(g.velocity, 1e-8);
  EXPECT_LT(kinetic(dev, 0), 0.9 * 256 * 1.5 * kMetalUnits.boltzmann * 80.0);  // it damped
}

TEST(EmulatedEngine, ReplicasInABatchMatchSingleRunsBitwise) {
  // A fixed rebuild schedule (every 10 steps, no check): each replica then sees the same
  // arithmetic in the batch as alone, so the trajectories are bitwise equal, Langevin noise
  // included (replica r draws from seed + r).
  const std::vector<System> reps = {make_argon_fcc(3, 3, 3, 50.0, 11),
                                    make_argon_fcc(3, 3, 3, 90.0, 12)};
  auto s = settings(true, 70.0);
  s.policy = {kSkin, 10, false};
  test::EmulatedEngine batch(reps, argon_lj(), s);
  std::vector<test::EmulatedEngine> singles;
  for (int r = 0; r < 2; ++r) {
    auto sr = s;
    sr.ensemble.thermostat.seed = s.ensemble.thermostat.seed + r;
    singles.emplace_back(std::vector<System>{reps[r]}, argon_lj(), sr);
  }
  for (int k = 0; k < 60; ++k) {
    batch.step(k == 59);
    for (auto& e : singles) e.step(k == 59);
  }
  for (int r = 0; r < 2; ++r) {
    for (int i = 0; i < 108; ++i) {
      ASSERT_EQ(batch.x[r * 108 + i], singles[r].x[i]) << r << " " << i;
      ASSERT_EQ(batch.vz[r * 108 + i], singles[r].vz[i]) << r << " " << i;
    }
    EXPECT_NEAR(batch.sums[7 * r], singles[r].sums[0], 1e-12 * std::abs(singles[r].sums[0]));
  }
  EXPECT_NE(batch.x[5], batch.x[108 + 5]);  // the replicas really differ
}

}  // namespace
}  // namespace mdb
