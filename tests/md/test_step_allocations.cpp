// A step allocates nothing on the heap once the run has started: every allocation of the process
// is counted (tests/support/allocation_counter.hpp), and many steps (with neighbour-list
// rebuilds, and box changes under NPT) must not move the counter. Covers every force field: LJ,
// Stillinger-Weber, the NN potentials (whose Eigen products must take their packing buffers from
// the stack) and DUNN.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "md/engine/cpu_engine.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/npt_langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "md/structure/velocities.hpp"
#include "model/dunn/dunn_potential.hpp"
#include "model/eam.hpp"
#include "model/lennard_jones.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"
#include "tests/model/eam_test_files.hpp"
#include "tests/support/allocation_counter.hpp"
#include "tests/support/pair_kernels.hpp"
#include "tests/support/reference.hpp"
#ifdef MDB_HAVE_FFTW
#include "md/core/thread_team.hpp"
#include "model/pme/pme.hpp"
#endif
#ifdef MDB_HAVE_WATER
#include "md/structure/water_box.hpp"
#include "model/water/water_model.hpp"
#endif
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_collections.hpp"
#include "model/kim/kim_dunn_params.hpp"
#include "model/kim/kim_model.hpp"
#endif

namespace mdb {
namespace {

long allocations_during(Simulation& sim, long steps) {
  sim.run(20);  // the first steps size the buffers
  const long before = test::allocations_so_far();
  const long builds = sim.neighbor_list().builds();
  sim.run(steps);
  EXPECT_GT(sim.neighbor_list().builds(), builds + 3) << "the run should include rebuilds";
  return test::allocations_so_far() - before;
}

std::unique_ptr<ForceField> lj() {
  return std::make_unique<LennardJones<>>(LjParams::lj_melt());
}

TEST(StepAllocations, CounterSeesAllocations) {
  const long before = test::allocations_so_far();
  auto p = std::make_unique<int>(3);
  EXPECT_EQ(test::allocations_so_far(), before + 1);
}

TEST(StepAllocations, NveStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(), std::make_unique<VelocityVerlet>(0.005),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

// The mixed-precision kernel's float position and j-force arrays are sized once, per thread too.
TEST(StepAllocations, MixedPrecisionLjStepsAllocateNothing) {
  for (int threads : {1, 2}) {
    Simulation sim(make_lj_melt(5, 5, 5),
                   std::make_unique<LennardJones<float>>(LjParams::lj_melt()),
                   std::make_unique<VelocityVerlet>(0.005), {0.3, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(sim, 1000), 0) << threads << " thread(s)";
  }
}

// The double kernel on either of its row layouts (2 x 4 where the build has AVX-512), whichever
// this CPU would pick: the 2 x 4 rows' packed positions and partial sums are sized once as well.
TEST(StepAllocations, DoubleLjOnEitherRowsAllocatesNothing) {
  for (PairKernel kernel : test::double_pair_kernels()) {
    for (int threads : {1, 2}) {
      Simulation sim(make_lj_melt(5, 5, 5),
                     std::make_unique<LennardJones<double>>(LjParams::lj_melt(), kernel),
                     std::make_unique<VelocityVerlet>(0.005), {0.3, 1, true, 10}, true, threads);
      EXPECT_EQ(allocations_during(sim, 1000), 0)
          << test::pair_kernel_rows(kernel) << ", " << threads << " thread(s)";
    }
  }
}

// md_bench's lj-ar 256 case: a box only 2.2 cutoffs wide with ~1,700 ghosts. A crystal that
// drifts as a whole (as one does after a Langevin equilibration, which does not conserve
// momentum) sweeps its lattice planes through the ghost margin, so the ghost and slot counts
// reach new highs build after build; a kernel's per-slot buffers must keep room ahead of them.
// Here the drift is 0.9 A/ps, about a box length over the run.
TEST(StepAllocations, DriftingSmallCrystalAllocatesNothing) {
  for (int threads : {1, 2}) {
    System s = make_argon_fcc(4, 4, 4, 40.0);
    const double drift[3] = {0.7, 0.5, 0.3};  // A/ps
    for (std::size_t i = 0; i < s.size(); ++i) {
      s.vx()[i] += drift[0];
      s.vy()[i] += drift[1];
      s.vz()[i] += drift[2];
    }
    Simulation sim(std::move(s), std::make_unique<LennardJones<>>(LjParams::argon()),
                   std::make_unique<VelocityVerlet>(0.002), {1.0, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(sim, 12000), 0) << threads << " thread(s)";
  }
}

// md_bench's si-sw 64 case: a diamond box 10.9 A wide whose 4.8 A halo (cut-off and skin) holds
// three or four of its (100) planes a side. Drifting as a whole, the crystal moves planes in and
// out of the margin, so the halo's size changes from build to build (416-458 atoms and images
// against 427 at the first build) and its buffers meet sizes the first build did not.
TEST(StepAllocations, DriftingSmallDiamondAllocatesNothing) {
  for (int threads : {1, 2}) {
    System s = build_lattice({LatticeKind::Diamond, 5.431, 2, 2, 2}, {"Si", 28.0855}, kMetalUnits);
    assign_maxwell_boltzmann(s, 300.0, 5);
    const double drift[3] = {0.7, 0.5, 0.3};  // A/ps: 1.7 box lengths over the 20 ps run
    for (std::size_t i = 0; i < s.size(); ++i) {
      s.vx()[i] += drift[0];
      s.vy()[i] += drift[1];
      s.vz()[i] += drift[2];
    }
    Simulation sim(std::move(s), std::make_unique<StillingerWeber>(SwParams::silicon()),
                   std::make_unique<VelocityVerlet>(0.001), {1.0, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(sim, 20000), 0) << threads << " thread(s)";
  }
}

TEST(StepAllocations, LangevinStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(),
                 std::make_unique<LangevinIntegrator>(0.005, ThermostatSettings{1.44, 1.0, 1}),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

TEST(StepAllocations, NptStepAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(),
                 std::make_unique<NptLangevinIntegrator>(0.005, ThermostatSettings{1.5, 2.0, 1},
                                                         BarostatSettings{1.0, 0.5, 0.1, 2}),
                 {0.3, 1, true, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

// The Engine around the simulations adds nothing per step: one replica, and four stepped by a
// team of two threads, each replica under its own Langevin bath, with thermo read as a
// trajectory prints it (into a vector sized once).
TEST(StepAllocations, CpuEngineStepsAllocateNothing) {
  for (int replicas : {1, 4}) {
    RunSpec spec;
    for (int r = 0; r < replicas; ++r) spec.replicas.push_back(make_lj_melt(4, 4, 4, 10 + r));
    spec.model = lj;
    spec.ensemble.kind = Ensemble::NVT;
    spec.ensemble.thermostat = {1.44, 1.0, 5};
    spec.neighbor = {0.3, 1, true, 10};
    spec.dt = 0.005;
    spec.replica_threads = replicas > 1 ? 2 : 1;
    CpuEngine engine(std::move(spec));
    std::vector<Thermo> th;
    engine.run(20);
    engine.thermo(th);
    const long long builds = engine.list_builds();
    const long before = test::allocations_so_far();
    for (int k = 0; k < 1000; ++k) {
      engine.step(k % 10 == 9);
      if (k % 10 == 9) engine.thermo(th);
    }
    EXPECT_EQ(test::allocations_so_far() - before, 0) << replicas << " replicas";
    EXPECT_GT(engine.list_builds(), builds + 3) << "the run should include rebuilds";
  }
}

TEST(StepAllocations, CounterSeesMalloc) {
  const long before = test::allocations_so_far();
  void* p = std::malloc(64);
  EXPECT_EQ(test::allocations_so_far(), before + 1);
  std::free(p);
}

// Diamond Si at 300 K with a small skin, so 1 fs steps rebuild the list every few dozen steps.
Simulation silicon(std::unique_ptr<ForceField> ff, int threads = 1) {
  System s = build_lattice({LatticeKind::Diamond, 5.431, 2, 2, 2}, {"Si", 28.0855}, kMetalUnits);
  assign_maxwell_boltzmann(s, 600.0, 3);
  return Simulation(std::move(s), std::move(ff), std::make_unique<VelocityVerlet>(0.002),
                    {0.1, 1, true, 10}, true, threads);
}

TEST(StepAllocations, ThreadedStepsAllocateNothing) {
  Simulation lj_sim(make_lj_melt(5, 5, 5), lj(), std::make_unique<VelocityVerlet>(0.005),
                    {0.3, 1, true, 10}, true, 2);
  EXPECT_EQ(allocations_during(lj_sim, 1000), 0);
  Simulation sw_sim = silicon(std::make_unique<StillingerWeber>(SwParams::silicon()), 2);
  EXPECT_EQ(allocations_during(sw_sim, 1000), 0);
}

TEST(StepAllocations, StillingerWeberStepAllocatesNothing) {
  Simulation sim = silicon(std::make_unique<StillingerWeber>(SwParams::silicon()));
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

// EAM's densities, F' and kept pairs are sized once, per thread too; two elements, so the
// per-pair table lookups run.
TEST(StepAllocations, EamStepAllocatesNothing) {
  for (int threads : {1, 2}) {
    const System base =
        build_lattice({LatticeKind::Fcc, 4.05, 3, 3, 3}, {"Aa", test::kSynthA.mass}, kMetalUnits);
    System s =
        test::alternate_species(base, {"Aa", test::kSynthA.mass}, {"Bb", test::kSynthB.mass});
    assign_maxwell_boltzmann(s, 600.0, 3);
    Simulation sim(std::move(s),
                   std::make_unique<Eam>(test::synthetic_setfl({test::kSynthA, test::kSynthB})),
                   std::make_unique<VelocityVerlet>(0.002), {0.1, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(sim, 1000), 0) << threads << " threads";
  }
}

TEST(StepAllocations, NnStudentStepAllocatesNothing) {
  Simulation sim = silicon(std::make_unique<NnPotential<float>>(
      make_nn_preset("nn-student"), std::make_unique<StillingerWeber>(SwParams::silicon())));
  EXPECT_EQ(allocations_during(sim, 500), 0);
}

// The teacher's widest products (64 x 1280 times 1280 x 256, forward and backward) are the
// ones whose Eigen packing buffers would come from the heap without EIGEN_STACK_ALLOCATION_LIMIT.
TEST(StepAllocations, NnTeacherStepAllocatesNothing) {
  Simulation sim = silicon(std::make_unique<NnPotential<float>>(
      make_nn_preset("nn-teacher"), std::make_unique<StillingerWeber>(SwParams::silicon())));
  EXPECT_EQ(allocations_during(sim, 150), 0);
}

// Diamond carbon (64 atoms) at 600 K with a small skin: 1 fs steps rebuild every few steps.
Simulation carbon(DunnParams params, int threads) {
  System s = build_lattice({LatticeKind::Diamond, 3.567, 2, 2, 2}, {"C", 12.011}, kMetalUnits);
  assign_maxwell_boltzmann(s, 600.0, 3);
  return Simulation(std::move(s), std::make_unique<DunnPotential>(std::move(params)),
                    std::make_unique<VelocityVerlet>(0.001), {0.1, 1, true, 10}, true, threads);
}

// DUNN in the ensemble mean (each member's layers after the shared ones, gradients averaged),
// on one thread and on two (each with its own descriptor lists and network workspace): the
// tests' synthetic model (two species, dropout masks, a non-integer zeta) here, the KIM carbon
// model's 51-128-128-128-1 networks and 100 members below.
TEST(StepAllocations, DunnStepAllocatesNothing) {
  for (int threads : {1, 2}) {
    Simulation sim = carbon(parse_dunn_params(test::synthetic_dunn_files()), threads);
    EXPECT_EQ(allocations_during(sim, 300), 0) << threads << " threads";
  }
}

#ifdef MDB_HAVE_KIM
TEST(StepAllocations, DunnCarbonModelStepAllocatesNothing) {
  const std::string dunn = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";
  if (!kim_model_installed(dunn)) GTEST_SKIP() << dunn << " is not installed";
  const DunnParams params = dunn_params_from_kim(dunn);
  for (int threads : {1, 2}) {
    Simulation sim = carbon(params, threads);
    EXPECT_EQ(allocations_during(sim, 40), 0) << threads << " threads";
  }
}

// KIM's own Compute allocates on every call, whatever the model (its API layer builds log-message
// strings even when the verbosity drops them: ~150 per call with KIM 2.3), and a driver may
// allocate too. So the adapter's claim is checked as: every step, rebuild or not, allocates
// exactly as much as every other; the adapter's buffers, species codes and lists add nothing.
TEST(StepAllocations, KimAdapterAddsNothingToKimsOwnAllocations) {
  const std::string sw = "SW_StillingerWeber_1985_Si__MO_405512056662_005";
  if (!kim_model_installed(sw)) GTEST_SKIP() << sw << " is not installed";
  Simulation sim = silicon(std::make_unique<KimModel>(sw));
  sim.run(20);
  const long builds = sim.neighbor_list().builds();
  long low = 1L << 40, high = 0;
  for (int k = 0; k < 1000; ++k) {
    const long before = test::allocations_so_far();
    sim.step(k % 10 == 0);  // some steps ask for energy and virial too
    const long n = test::allocations_so_far() - before;
    low = std::min(low, n);
    high = std::max(high, n);
  }
  EXPECT_GT(sim.neighbor_list().builds(), builds + 3) << "the run should include rebuilds";
  EXPECT_EQ(high, low) << "allocations per step vary: " << low << " to " << high;
  std::printf("KIM SW: %ld allocations per step, all inside KIM's Compute\n", low);
}
#endif

TEST(StepAllocations, FixedIntervalLjMeltAllocatesNothing) {
  Simulation sim(make_lj_melt(5, 5, 5), lj(), std::make_unique<VelocityVerlet>(0.005),
                 {0.3, 20, false, 10});
  EXPECT_EQ(allocations_during(sim, 1000), 0);
}

#ifdef MDB_HAVE_FFTW
TEST(StepAllocations, PmeComputeAllocatesNothing) {
  // PME's reciprocal space, on one thread and split over two (spread grids per thread), while a
  // barostat would change the box: sized at construction and use_threads, never in compute().
  const std::size_t n = 3000;
  std::vector<double> x(n), y(n), z(n), q(n), fx(n), fy(n), fz(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = 0.37 * static_cast<double>(i % 83);
    y[i] = 0.53 * static_cast<double>(i % 59);
    z[i] = 0.71 * static_cast<double>(i % 43);
    q[i] = (i % 2 == 0) ? 0.41 : -0.41;
  }
  PmeParams p;
  p.cutoff = 9.0;
  p.beta = 0.35;
  p.grid = {28, 28, 32};
  p.fft_planning = FftPlanning::Estimate;
  Pme pme(p);
  ThreadTeam team(2);
  for (ThreadTeam* t : {static_cast<ThreadTeam*>(nullptr), &team}) {
    pme.use_threads(t);
    pme.compute(Box::cube(30.0), x.data(), y.data(), z.data(), q.data(), n, fx.data(), fy.data(),
                fz.data(), {true, true});
    const long before = test::allocations_so_far();
    for (int step = 0; step < 20; ++step) {
      const Box box = Box::cube(30.0 + 0.01 * step);
      pme.compute(box, x.data(), y.data(), z.data(), q.data(), n, fx.data(), fy.data(), fz.data(),
                  {step % 2 == 0, step % 3 == 0});
    }
    EXPECT_EQ(test::allocations_so_far() - before, 0) << (t ? "two threads" : "one thread");
  }
}
#endif

#ifdef MDB_HAVE_WATER
// SPC/Fw with PME: real space (its per-thread row buffers), bonded terms, the mesh, under NVE
// and under NPT (the box changes, the grid stays), on one thread and two.
TEST(StepAllocations, WaterStepsAllocateNothing) {
  const WaterParams p = WaterParams::spc_fw();
  WaterBoxSpec spec;
  spec.molecules = 64;
  spec.geometry = {p.bond_r0, p.angle_theta0, p.charge_o, p.charge_h};
  for (int threads : {1, 2}) {
    System s = build_water_box(spec);
    assign_maxwell_boltzmann(s, 300.0, 3);
    Simulation nve(s, std::make_unique<WaterModel>(), std::make_unique<VelocityVerlet>(0.0005),
                   {1.0, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(nve, 300), 0) << "NVE, " << threads << " thread(s)";
    Simulation npt(
        s, std::make_unique<WaterModel>(),
        std::make_unique<NptLangevinIntegrator>(0.0005, ThermostatSettings{300.0, 10.0, 1},
                                                BarostatSettings{1.0, 1.0, 4.5e-5, 2}),
        {1.0, 1, true, 10}, true, threads);
    EXPECT_EQ(allocations_during(npt, 300), 0) << "NPT, " << threads << " thread(s)";
  }
}
#endif

}  // namespace
}  // namespace mdb
