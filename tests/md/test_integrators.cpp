// Integrators against conservation laws and ensemble averages.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "md/core/random.hpp"
#include "md/core/thread_team.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/integrate_ops.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/npt_langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"

namespace mdb {
namespace {

struct Series {
  std::vector<double> t, v;
};

// Least-squares slope of v(t).
double slope(const Series& s) {
  const double n = static_cast<double>(s.t.size());
  double st = 0, sv = 0, stt = 0, stv = 0;
  for (std::size_t k = 0; k < s.t.size(); ++k) {
    st += s.t[k];
    sv += s.v[k];
    stt += s.t[k] * s.t[k];
    stv += s.t[k] * s.v[k];
  }
  return (n * stv - st * sv) / (n * stt - st * st);
}

// Mean and its standard error from `blocks` block averages (handles time correlation).
struct MeanError {
  double mean, error;
};
MeanError block_average(const std::vector<double>& v, int blocks) {
  const std::size_t per = v.size() / blocks;
  std::vector<double> means(blocks, 0.0);
  for (int b = 0; b < blocks; ++b) {
    for (std::size_t k = 0; k < per; ++k) means[b] += v[b * per + k];
    means[b] /= per;
  }
  double m = 0, var = 0;
  for (double x : means) m += x / blocks;
  for (double x : means) var += (x - m) * (x - m) / (blocks - 1);
  return {m, std::sqrt(var / blocks)};
}

std::unique_ptr<ForceField> lj(bool shift) {
  LjParams p = LjParams::lj_melt();
  p.shift = shift;
  return std::make_unique<LennardJones<>>(p);
}

NeighborPolicy checked_list() {
  return {kLjMeltSkin, 1, true, 10};
}

// NVE, LJ melt (864 atoms), 5000 steps of 0.005 tau. Drift = slope of a linear fit of total
// energy per atom over time. With the unshifted cutoff the energy jumps by phi(rc) = -0.0163 eps
// whenever a pair crosses rc; while the lattice melts (the first tau) the number of pairs inside
// rc changes once and for all, a one-off step of ~0.01 eps/atom that is not drift, so the run
// melts for 1 tau (200 steps) before the 5000 fitted steps. LAMMPS's in.lj drifts about 3.6e-6
// eps/tau per atom with neighbour checks on; docs/PERFORMANCE.md ("Physics checks") records what
// we measure. Shifted and unshifted LJ have the same forces, hence the same trajectory: the
// shifted energy is what the integrator conserves (tight bound), while the unshifted one also
// moves with phi(rc) times the slowly relaxing number of pairs inside rc (looser bound). Total
// momentum must stay zero throughout.
void run_nve(bool shift, double max_drift) {
  Simulation sim(make_lj_melt(6, 6, 6), lj(shift), std::make_unique<VelocityVerlet>(0.005),
                 checked_list());
  sim.run(200);
  const double n = static_cast<double>(sim.system().size());
  Series e;
  double max_p = 0;
  for (int k = 0; k <= 5000; k += 10) {
    if (k > 0) sim.run(10);
    const Thermo t = sim.thermo();
    e.t.push_back(t.time);
    e.v.push_back(t.total / n);
    for (double p : t.momentum) max_p = std::max(max_p, std::abs(p));
  }
  const double drift = slope(e);
  ::testing::Test::RecordProperty("drift_eps_per_tau_per_atom", std::to_string(drift));
  std::printf("NVE %s: drift %.3e eps/tau/atom\n", shift ? "shifted" : "unshifted", drift);
  EXPECT_LT(std::abs(drift), max_drift);
  EXPECT_LT(max_p, 1e-10);
  EXPECT_GT(sim.neighbor_list().builds(), 10);  // the run really rebuilt its list
}

// The per-atom updates split over a team (large systems) are the serial ones, bit for bit: each
// atom gets the same arithmetic, whichever thread does it, and every atom is updated once.
TEST(IntegrateOps, SplitOverATeamIsTheSerialUpdateBitForBit) {
  System a = build_lattice({LatticeKind::Fcc, 1.6796, 13, 13, 13}, {"LJ", 1.0}, kLjUnits);
  ASSERT_GE(a.size(), kTeamSplitAtoms) << "large enough to be split";
  Rng rng(11);
  auto fill = [&](std::span<double> v) {
    for (double& q : v) q = rng.uniform() - 0.5;
  };
  for (auto v : {a.vx(), a.vy(), a.vz(), a.fx(), a.fy(), a.fz()}) fill(v);
  System b = a;
  std::vector<double> half_dt_over_m(a.size());
  fill(half_dt_over_m);
  ThreadTeam team(3);
  ASSERT_EQ(team_for_atoms(&team, a.size()), &team);

  kick_drift(a, half_dt_over_m, 0.005, &team);
  drift(a, 0.0025, &team);
  kick(a, half_dt_over_m, &team);
  kick(b, half_dt_over_m);
  drift(b, 0.005);
  drift(b, 0.0025);
  kick(b, half_dt_over_m);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a.x()[i], b.x()[i]) << "atom " << i;
    ASSERT_EQ(a.y()[i], b.y()[i]) << "atom " << i;
    ASSERT_EQ(a.z()[i], b.z()[i]) << "atom " << i;
    ASSERT_EQ(a.vx()[i], b.vx()[i]) << "atom " << i;
    ASSERT_EQ(a.vy()[i], b.vy()[i]) << "atom " << i;
    ASSERT_EQ(a.vz()[i], b.vz()[i]) << "atom " << i;
  }
}

TEST(VelocityVerlet, LjMeltConservesEnergyUnshifted) {
  run_nve(false, 2.5e-4);
}
TEST(VelocityVerlet, LjMeltConservesEnergyShifted) {
  run_nve(true, 1e-5);
}

TEST(VelocityVerlet, EnergyErrorScalesAsTimestepSquared) {
  // RMS fluctuation of the total energy over a short run: halving dt divides it by ~4.
  auto rms = [](double dt) {
    Simulation sim(make_lj_melt(4, 4, 4), lj(true), std::make_unique<VelocityVerlet>(dt),
                   checked_list());
    sim.run(static_cast<long>(0.5 / dt));  // past the first violent 0.5 tau
    std::vector<double> e;
    const long steps = static_cast<long>(1.0 / dt);
    for (long k = 0; k < steps; ++k) {
      sim.step(true);
      e.push_back(sim.thermo().total);
    }
    double m = 0, v = 0;
    for (double x : e) m += x / e.size();
    for (double x : e) v += (x - m) * (x - m) / e.size();
    return std::sqrt(v);
  };
  const double ratio = rms(0.004) / rms(0.002);
  EXPECT_GT(ratio, 3.0);
  EXPECT_LT(ratio, 5.0);
}

// NVT: mean kinetic temperature within 2 % of the bath after equilibration.
TEST(LangevinIntegrator, HoldsTheBathTemperature) {
  const ThermostatSettings bath{1.2, 2.0, 99};
  Simulation sim(make_lj_melt(5, 5, 5), lj(false),
                 std::make_unique<LangevinIntegrator>(0.005, bath), checked_list());
  sim.run(2000);
  std::vector<double> temps;
  for (int k = 0; k < 4000; ++k) {
    sim.run(5);
    temps.push_back(sim.thermo().temperature);
  }
  const MeanError t = block_average(temps, 20);
  std::printf("NVT: <T> = %.4f +- %.4f (target 1.2)\n", t.mean, t.error);
  EXPECT_NEAR(t.mean, 1.2, 0.02 * 1.2);
  EXPECT_EQ(sim.dof(), 3.0 * sim.system().size());  // momentum is not conserved
}

TEST(LangevinIntegrator, SameSeedSameTrajectory) {
  auto run = [](std::uint64_t seed) {
    Simulation sim(make_lj_melt(3, 3, 3), lj(false),
                   std::make_unique<LangevinIntegrator>(0.005, ThermostatSettings{1.0, 1.0, seed}),
                   checked_list());
    sim.run(200);
    return sim.system().x()[10];
  };
  EXPECT_EQ(run(5), run(5));
  EXPECT_NE(run(5), run(6));
}

// NPT: mean instantaneous pressure equals the target within statistical error, and the volume
// fluctuates rather than freezing (as Berendsen's would nearly do).
TEST(NptLangevinIntegrator, SamplesTargetPressureWithFluctuatingVolume) {
  const double p0 = 1.0, temp = 1.5;
  const ThermostatSettings bath{temp, 2.0, 3};
  BarostatSettings bs{p0, 0.5, 0.1, 4};
  Simulation sim(make_lj_melt(5, 5, 5), lj(false),
                 std::make_unique<NptLangevinIntegrator>(0.005, bath, bs), checked_list());
  sim.run(6000);
  std::vector<double> p, v;
  for (int k = 0; k < 8000; ++k) {
    sim.run(5);
    const Thermo t = sim.thermo();
    p.push_back(t.pressure);
    v.push_back(t.volume);
  }
  const MeanError mp = block_average(p, 20), mv = block_average(v, 20);
  double var_v = 0;
  for (double x : v) var_v += (x - mv.mean) * (x - mv.mean) / v.size();
  const double rel_sd_v = std::sqrt(var_v) / mv.mean;
  std::printf("NPT: <P> = %.4f +- %.4f (target %.2f), <V> = %.1f, sd(V)/V = %.4f\n", mp.mean,
              mp.error, p0, mv.mean, rel_sd_v);
  EXPECT_NEAR(mp.mean, p0, 4 * mp.error + temp / mv.mean);
  EXPECT_LT(mp.error, 0.1);  // the run was long enough to mean something
  EXPECT_GT(rel_sd_v, 3e-3);
  EXPECT_LT(rel_sd_v, 0.1);
}

}  // namespace
}  // namespace mdb
