// Force loops and list search split over a ThreadTeam give what one thread gives: the same list,
// and forces, energy and virial equal up to the order of summation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

System jittered(LatticeKind kind, double a, int n, const Species& sp, double amplitude,
                std::uint64_t seed) {
  System s = build_lattice({kind, a, n, n, n}, sp, kMetalUnits);
  test::jitter(s, amplitude, seed);
  return s;
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

// Forces agree to 1e-12 of the largest force, energy and virial to 1e-12 relative: the only
// difference allowed is the order in which the threads' partial sums are added.
void expect_same_as_one_thread(ForceField& ff, const System& s) {
  const test::Evaluation one = test::evaluate(ff, s);
  ASSERT_GT(max_abs(one.fx), 1e-3) << "the configuration should have forces";
  for (int threads : {2, 3}) {
    ThreadTeam team(threads);
    const test::Evaluation many = test::evaluate(ff, s, 0.5, &team);
    const double scale = std::max({max_abs(one.fx), max_abs(one.fy), max_abs(one.fz)});
    for (std::size_t i = 0; i < s.size(); ++i) {
      ASSERT_NEAR(many.fx[i], one.fx[i], 1e-12 * scale) << threads << " threads, atom " << i;
      ASSERT_NEAR(many.fy[i], one.fy[i], 1e-12 * scale) << threads << " threads, atom " << i;
      ASSERT_NEAR(many.fz[i], one.fz[i], 1e-12 * scale) << threads << " threads, atom " << i;
    }
    EXPECT_NEAR(many.result.energy, one.result.energy, 1e-12 * std::abs(one.result.energy));
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(many.result.virial[k], one.result.virial[k],
                  1e-12 * std::abs(one.result.virial[0]) + 1e-14)
          << "virial " << k;
    }
  }
}

TEST(ThreadedForces, NeighbourListIsTheSameWithThreads) {
  const System base = jittered(LatticeKind::Fcc, 5.26, 4, {"Ar", 39.948}, 0.3, 5);
  for (NeighborKind kind : {NeighborKind::Half, NeighborKind::Full}) {
    const NeighborPolicy policy{1.0};
    System s1 = base, s2 = base;
    NeighborList one(8.5, kind, policy), many(8.5, kind, policy);
    ThreadTeam team(3);
    many.use_threads(&team);
    one.build(s1);
    many.build(s2);
    ASSERT_EQ(one.num_pairs(), many.num_pairs());
    const NeighborView a = one.view(), b = many.view();
    ASSERT_EQ(a.n_local, b.n_local);
    for (int i = 0; i <= a.n_local; ++i) ASSERT_EQ(a.offsets[i], b.offsets[i]) << i;
    for (std::size_t k = 0; k < one.num_pairs(); ++k) ASSERT_EQ(a.neighbors[k], b.neighbors[k]);
  }
}

TEST(ThreadedForces, LennardJonesArgon) {
  LennardJones<> lj(LjParams::argon());
  expect_same_as_one_thread(lj, jittered(LatticeKind::Fcc, 5.26, 4, {"Ar", 39.948}, 0.4, 9));
}

TEST(ThreadedForces, LennardJonesTwoSpeciesSmallBox) {
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}, {"Kr", 0.0141, 3.65}};
  p.cutoff = 8.5;
  LennardJones<> lj(p);
  // 2 x 2 x 2 fcc cells (10.5 A): several image shells.
  const System s = test::alternate_species(
      jittered(LatticeKind::Fcc, 5.26, 2, {"Ar", 39.948}, 0.4, 4), {"Ar", 39.948}, {"Kr", 83.798});
  expect_same_as_one_thread(lj, s);
}

TEST(ThreadedForces, LennardJonesFloat) {
  LennardJones<float> lj(LjParams::argon());
  const System s = jittered(LatticeKind::Fcc, 5.26, 3, {"Ar", 39.948}, 0.4, 2);
  const test::Evaluation one = test::evaluate(lj, s);
  ThreadTeam team(2);
  const test::Evaluation two = test::evaluate(lj, s, 0.5, &team);
  // Partial sums are float: each thread sums its rows' i-forces and its own j-force partial sums
  // in float, and the threads' sums are added in double afterwards, so the order differs.
  for (std::size_t i = 0; i < s.size(); ++i) ASSERT_NEAR(two.fx[i], one.fx[i], 1e-5);
}

TEST(ThreadedForces, StillingerWeberSilicon) {
  StillingerWeber sw(SwParams::silicon());
  expect_same_as_one_thread(sw, jittered(LatticeKind::Diamond, 5.431, 3, {"Si", 28.0855}, 0.2, 3));
}

TEST(ThreadedForces, StillingerWeberSmallBox) {
  StillingerWeber sw(SwParams::silicon());
  expect_same_as_one_thread(sw, jittered(LatticeKind::Diamond, 5.431, 1, {"Si", 28.0855}, 0.2, 8));
}

TEST(ThreadedForces, ThreadedTrajectoryFollowsTheSerialOne) {
  // Rounding differs from the first step on and grows chaotically, so a short run: 50 steps of
  // SW silicon stay within 1e-9 A of the serial trajectory.
  auto make = [](int threads) {
    System s = jittered(LatticeKind::Diamond, 5.431, 3, {"Si", 28.0855}, 0.1, 6);
    return std::make_unique<Simulation>(
        std::move(s), std::make_unique<StillingerWeber>(SwParams::silicon()),
        std::make_unique<VelocityVerlet>(0.001), NeighborPolicy{0.5, 1, true, 10}, true, threads);
  };
  auto one = make(1);
  auto two = make(2);
  EXPECT_EQ(two->threads(), 2);
  one->run(50);
  two->run(50);
  for (std::size_t i = 0; i < one->system().size(); ++i) {
    ASSERT_NEAR(two->system().x()[i], one->system().x()[i], 1e-9) << i;
  }
  EXPECT_NEAR(two->thermo().potential, one->thermo().potential, 1e-9);
}

// Each thread zeroes and folds only the clusters its rows write (ThreadClusterBlocks), marks
// taken again at each list build: after rebuilds that moved atoms between clusters, a threaded
// run's forces are still those of one thread over a fresh list at the same positions.
template <class Real>
void expect_threaded_cluster_forces_after_rebuilds(double tolerance) {
  System s = jittered(LatticeKind::Fcc, 5.26, 5, {"Ar", 39.948}, 0.25, 11);
  Simulation sim(std::move(s), std::make_unique<LennardJones<Real>>(LjParams::argon()),
                 std::make_unique<VelocityVerlet>(0.004), NeighborPolicy{0.3, 1, true, 10}, true,
                 2);
  ASSERT_TRUE(is_cluster_kind(sim.neighbor_list().kind()));
  sim.run(200);
  ASSERT_GE(sim.neighbor_list().builds(), 4) << "the run should rebuild its list";
  const System& now = sim.system();
  LennardJones<Real> fresh(LjParams::argon());
  const test::Evaluation one = test::evaluate(fresh, now);
  const double scale = std::max({max_abs(one.fx), max_abs(one.fy), max_abs(one.fz)});
  for (std::size_t i = 0; i < now.size(); ++i) {
    ASSERT_NEAR(now.fx()[i], one.fx[i], tolerance * scale) << "atom " << i;
    ASSERT_NEAR(now.fy()[i], one.fy[i], tolerance * scale) << "atom " << i;
    ASSERT_NEAR(now.fz()[i], one.fz[i], tolerance * scale) << "atom " << i;
  }
}

TEST(ThreadedForces, ClusterListForcesStayRightAcrossRebuilds) {
  expect_threaded_cluster_forces_after_rebuilds<double>(1e-12);
}

TEST(ThreadedForces, MixedClusterListForcesStayRightAcrossRebuilds) {
  // Float pair sums over another list's rows: the same forces to float rounding.
  expect_threaded_cluster_forces_after_rebuilds<float>(1e-5);
}

TEST(ThreadedForces, SingleThreadedModelRefusesATeam) {
  System s = jittered(LatticeKind::Diamond, 5.431, 2, {"Si", 28.0855}, 0.1, 6);
  auto nn = std::make_unique<NnPotential<float>>(make_nn_preset("nn-student"));
  try {
    Simulation sim(std::move(s), std::move(nn), std::make_unique<VelocityVerlet>(0.001),
                   NeighborPolicy{0.5, 1, true, 10}, true, 2);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("runs on one thread only"), std::string::npos) << e.what();
  }
}

TEST(ThreadedForces, ThreadCountMustBePositive) {
  System s = jittered(LatticeKind::Fcc, 5.26, 2, {"Ar", 39.948}, 0.1, 6);
  EXPECT_THROW(Simulation(std::move(s), std::make_unique<LennardJones<>>(LjParams::argon()),
                          std::make_unique<VelocityVerlet>(0.002), NeighborPolicy{1.0}, true, 0),
               std::invalid_argument);
}

}  // namespace
}  // namespace mdb
