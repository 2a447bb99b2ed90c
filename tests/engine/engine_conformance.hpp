#pragma once
// The Engine conformance suite: one set of test bodies, included by each platform's test file
// (test_engine_cpu.cpp, test_engine_cuda.cpp), as OpenMM's platform tests include one shared
// body. Every body talks to the engine through the Engine interface only and checks it against
// an oracle that shares nothing with the engine under test: the model evaluated on the CPU with a
// freshly built list, the CPU engine's own trajectory, conservation laws, the bath temperature.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/core/thermo.hpp"
#include "md/engine/cpu_engine.hpp"
#include "md/engine/engine.hpp"
#include "md/engine/make_engine.hpp"
#include "md/structure/standard_systems.hpp"
#include "md/structure/velocities.hpp"
#include "model/lennard_jones.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

/// One backend as a test parameter; `graph` replays CUDA steps from graphs. `factory`, when set,
/// builds the engine instead of make_engine (the emulated device engine of
/// test_engine_emulated.cpp, which runs the device's step bodies on the host).
struct Platform {
  Backend backend = Backend::Cpu;
  bool graph = false;
  const char* name = "cpu";
  std::unique_ptr<Engine> (*factory)(RunSpec) = nullptr;
};

/// GoogleTest prints a parameter by this (its bytes otherwise).
inline void PrintTo(const Platform& p, std::ostream* os) {
  *os << p.name;
}

inline std::string platform_name(const ::testing::TestParamInfo<Platform>& info) {
  return info.param.name;
}

class EngineConformance : public ::testing::TestWithParam<Platform> {
 protected:
  void SetUp() override {
    if (GetParam().backend == Backend::Cuda && !GetParam().factory && !cuda_device_usable()) {
      GTEST_SKIP() << "no usable CUDA device";
    }
  }

  /// Argon fcc (4 x 4 x 4 cells, 256 atoms, 21 A box) at `temperature` K, seed per replica.
  static RunSpec argon(int replicas, Ensemble e, double temperature = 40.0) {
    RunSpec spec;
    for (int r = 0; r < replicas; ++r) {
      spec.replicas.push_back(make_argon_fcc(4, 4, 4, temperature, 100 + 17 * r));
    }
    spec.model = [] {
      // Shifted, so the energy is continuous at the cutoff and conserved to integration error.
      LjParams p = LjParams::argon();
      p.shift = true;
      return std::make_unique<LennardJones<double>>(p);
    };
    spec.ensemble.kind = e;
    spec.ensemble.thermostat = {temperature, 5.0, 7};
    spec.ensemble.barostat = {1.0, 1.0, 2e-4, 8};
    spec.neighbor.skin = 1.0;
    spec.dt = 0.002;  // ps
    return spec;
  }

  /// Diamond silicon (2 x 2 x 2 cells, 64 atoms) at `temperature` K with Stillinger-Weber: a
  /// many-body model on a full list.
  static RunSpec silicon(double temperature = 600.0) {
    RunSpec spec;
    System s =
        build_lattice({LatticeKind::Diamond, 5.431, 2, 2, 2}, Species{"Si", 28.0855}, kMetalUnits);
    assign_maxwell_boltzmann(s, temperature, 31);
    spec.replicas.push_back(std::move(s));
    spec.model = [] { return std::make_unique<StillingerWeber>(SwParams::silicon()); };
    spec.neighbor.skin = 0.5;
    spec.dt = 0.001;
    return spec;
  }

  std::unique_ptr<Engine> make(RunSpec spec) const {
    spec.use_graph = GetParam().graph;
    if (GetParam().factory) return GetParam().factory(std::move(spec));
    return make_engine(GetParam().backend, std::move(spec));
  }
};

// Forces, energy and virial of the starting state equal the model's on the CPU, evaluated by a
// separately built list: the engine's list and force path add nothing.
TEST_P(EngineConformance, ForcesEnergyAndVirialAreTheModels) {
  for (RunSpec spec : {argon(1, Ensemble::NVE), silicon()}) {
    jitter(spec.replicas.front(), 0.15, 3);  // off the lattice, where every force is 0
    System start = spec.replicas.front();
    auto model = spec.model();
    const Evaluation ref = evaluate(*model, start);
    auto engine = make(std::move(spec));
    System got = start;
    engine->copy_state(0, got);
    const double fmax = max_abs_difference(ref.fx, std::vector<double>(ref.fx.size()));
    ASSERT_GT(fmax, 0.01) << model->name();  // eV/A: a configuration with forces to compare
    EXPECT_LE(max_abs_difference(got.fx(), ref.fx), 1e-10 * fmax) << model->name();
    EXPECT_LE(max_abs_difference(got.fy(), ref.fy), 1e-10 * fmax) << model->name();
    EXPECT_LE(max_abs_difference(got.fz(), ref.fz), 1e-10 * fmax) << model->name();
    std::vector<Thermo> th;
    engine->thermo(th);
    ASSERT_EQ(th.size(), 1u);
    EXPECT_NEAR(th[0].potential, ref.result.energy, 1e-10 * std::abs(ref.result.energy));
    for (int c = 0; c < 6; ++c) {
      EXPECT_NEAR(th[0].virial[c], ref.result.virial[c], 1e-9 * std::abs(ref.result.virial[0]))
          << model->name() << " virial " << c;
    }
  }
}

// The fields of thermo line `t` that follow from the state it describes, recomputed on the host:
// kinetic energy from the velocities, potential energy and virial from the model on a freshly
// built list, volume and densities from the box, pressure from both.
inline void expect_thermo_describes(const Thermo& t, const System& state, ForceField& model) {
  const double ke = kinetic_energy(state);
  const Evaluation ref = evaluate(model, state);
  const double volume = state.box().volume();
  EXPECT_NEAR(t.kinetic, ke, 1e-12 * ke);
  EXPECT_NEAR(t.potential, ref.result.energy, 1e-10 * std::abs(ref.result.energy));
  EXPECT_NEAR(t.total, t.kinetic + t.potential, 1e-12 * std::abs(t.total));
  EXPECT_NEAR(t.volume, volume, 1e-12 * volume);
  EXPECT_NEAR(t.pressure, pressure_of(ke, ref.result.virial, volume, kMetalUnits),
              1e-6 * std::max(1.0, std::abs(t.pressure)));
  EXPECT_NEAR(t.mass_density, state.total_mass() / volume * mass_density_unit(kMetalUnits), 1e-12);
  EXPECT_NEAR(t.number_density, static_cast<double>(state.size()) / volume, 1e-15);
}

// Every field of a thermo line agrees with what it is made of, after a stretch of steps.
TEST_P(EngineConformance, ThermoAgreesWithTheStateItDescribes) {
  RunSpec spec = argon(1, Ensemble::NVE);
  System state = spec.replicas.front();
  auto model = spec.model();
  auto engine = make(std::move(spec));
  engine->run(57);
  std::vector<Thermo> th;
  engine->thermo(th);
  engine->copy_state(0, state);
  const Thermo& t = th[0];
  expect_thermo_describes(t, state, *model);
  EXPECT_EQ(t.step, 57);
  EXPECT_NEAR(t.time, 57 * 0.002, 1e-12);
  EXPECT_NEAR(t.conserved, t.total, 1e-12 * std::abs(t.total));  // NVE
  // NVE conserves momentum: 3N - 3 degrees of freedom.
  EXPECT_NEAR(t.temperature, temperature_of(t.kinetic, 3.0 * 256 - 3.0, kMetalUnits), 1e-9);
}

// The backend's NVE trajectory is the CPU engine's: the same integrator, list rule and forces,
// to within rounding carried for 300 steps (the CPU against itself: exactly).
TEST_P(EngineConformance, NveTrajectoryIsTheCpuEngines) {
  RunSpec spec = argon(1, Ensemble::NVE);
  spec.neighbor.skin = 0.2;  // thin, so the 300 steps cross list rebuilds
  auto engine = make(spec);
  CpuEngine cpu(spec);
  engine->run(300);
  cpu.run(300);
  System a = argon(1, Ensemble::NVE).replicas.front(), b = a;
  engine->copy_state(0, a);
  cpu.copy_state(0, b);
  const double tol = GetParam().backend == Backend::Cpu ? 0.0 : 1e-8;  // Angstrom
  EXPECT_LE(max_abs_difference(a.x(), b.x()), tol);
  EXPECT_LE(max_abs_difference(a.y(), b.y()), tol);
  EXPECT_LE(max_abs_difference(a.z(), b.z()), tol);
  EXPECT_LE(max_abs_difference(a.vx(), b.vx()), tol);
  EXPECT_EQ(engine->list_builds(), cpu.list_builds());
  EXPECT_GT(cpu.list_builds(), 1);  // the run crossed list rebuilds
}

// Total energy is conserved under NVE: over 2,000 steps (4 ps) it stays within 0.1% of the
// initial kinetic energy (measured on the CPU: 6e-5 of it, the error of velocity Verlet at
// 2 fs), while a broken half kick or a list that misses pairs moves it by far more.
TEST_P(EngineConformance, NveConservesEnergy) {
  RunSpec spec = argon(1, Ensemble::NVE);
  spec.neighbor.skin = 0.2;  // thin, so the run crosses list rebuilds
  auto engine = make(std::move(spec));
  std::vector<Thermo> th;
  engine->thermo(th);
  const double e0 = th[0].total, ke0 = th[0].kinetic;
  double worst = 0.0;
  for (int chunk = 0; chunk < 40; ++chunk) {
    engine->run(50);
    engine->thermo(th);
    worst = std::max(worst, std::abs(th[0].total - e0));
  }
  EXPECT_LT(worst, 1e-3 * ke0);
  EXPECT_GT(engine->list_builds(), 2);
}

// Replicas are independent: replica r of a batch follows the trajectory of the same state run
// alone, whatever runs beside it (NVE has no noise, so no seed convention enters).
TEST_P(EngineConformance, ReplicasFollowTheirSingleRuns) {
  RunSpec two = argon(2, Ensemble::NVE);
  std::vector<System> starts = two.replicas;
  auto batch = make(std::move(two));
  batch->run(200);
  ASSERT_EQ(batch->replicas(), 2);
  for (int r = 0; r < 2; ++r) {
    RunSpec one = argon(1, Ensemble::NVE);
    one.replicas = {starts[static_cast<std::size_t>(r)]};
    auto single = make(std::move(one));
    single->run(200);
    System a = starts[static_cast<std::size_t>(r)], b = a;
    batch->copy_state(r, a);
    single->copy_state(0, b);
    EXPECT_LE(max_abs_difference(a.x(), b.x()), 1e-9) << "replica " << r;
    EXPECT_LE(max_abs_difference(a.vz(), b.vz()), 1e-9) << "replica " << r;
  }
}

// Langevin dynamics brings a 40 K crystal to its 60 K bath and holds it there: the mean kinetic
// temperature over the last 3,000 of 4,000 steps is within 5% of the bath's (256 atoms: a
// sample's spread is ~5%, and ~30 independent samples make the mean's ~1%).
TEST_P(EngineConformance, LangevinHoldsTheBathTemperature) {
  RunSpec spec = argon(1, Ensemble::NVT, 40.0);
  spec.ensemble.thermostat.temperature = 60.0;
  auto engine = make(std::move(spec));
  engine->run(1000);
  std::vector<Thermo> th;
  double sum = 0.0;
  int n = 0;
  for (int chunk = 0; chunk < 300; ++chunk) {
    engine->run(10);
    engine->thermo(th);
    sum += th[0].temperature;
    ++n;
  }
  EXPECT_NEAR(sum / n, 60.0, 3.0);
}

// Under NPT the box moves and thermo follows it: volume, densities and pressure are those of the
// box and the state the engine holds.
TEST_P(EngineConformance, NptMovesTheBoxAndThermoFollowsIt) {
  RunSpec spec = argon(1, Ensemble::NPT);
  const double v0 = spec.replicas.front().box().volume();
  System state = spec.replicas.front();
  auto model = spec.model();
  auto engine = make(std::move(spec));
  engine->run(400);
  std::vector<Thermo> th;
  engine->thermo(th);
  engine->copy_state(0, state);
  EXPECT_NE(state.box().volume(), v0);
  expect_thermo_describes(th[0], state, *model);
  // A thermostat takes no degrees of freedom: 3N.
  EXPECT_NEAR(th[0].temperature, temperature_of(th[0].kinetic, 3.0 * 256, kMetalUnits), 1e-9);
}

// A run that blows up (a 100x too long time step) is reported, not crashed on: either a step
// refuses to go on or the health check names what went wrong.
TEST_P(EngineConformance, BlowUpIsReported) {
  RunSpec spec = argon(1, Ensemble::NVE);
  spec.dt = 0.2;
  auto engine = make(std::move(spec));
  bool reported = false;
  try {
    for (int chunk = 0; chunk < 20 && !reported; ++chunk) {
      engine->run(10);
      reported = engine->check_health(800.0).has_value();
    }
  } catch (const std::exception& e) {  // a list build met a NaN: any error with a message
    reported = std::string(e.what()).size() > 0;
  }
  EXPECT_TRUE(reported);
}

// Timed spans give finite, positive seconds; an engine that times single steps says so.
TEST_P(EngineConformance, TimingSpansArePositive) {
  auto engine = make(argon(1, Ensemble::NVE));
  double span = std::nan("");
  for (int attempt = 0; attempt < 2 && !std::isfinite(span); ++attempt) {
    engine->begin_timing();
    for (int k = 0; k < 20; ++k) engine->step();
    span = engine->end_timing();
  }
  EXPECT_TRUE(std::isfinite(span));
  EXPECT_GT(span, 0.0);
  if (engine->host_timed_steps()) {
    engine->step();
    EXPECT_GT(engine->last_step_seconds(), 0.0);
  }
  EXPECT_GT(engine->figures().neighbors_per_atom, 10.0);
}

// Bad specifications are clear errors in the user's terms.
TEST_P(EngineConformance, BadSpecificationsAreClearErrors) {
  auto message = [&](RunSpec spec) -> std::string {
    try {
      make(std::move(spec));
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(no error)";
  };
  RunSpec no_dt = argon(1, Ensemble::NVE);
  no_dt.dt = 0.0;
  EXPECT_NE(message(no_dt).find("time step"), std::string::npos) << message(no_dt);
  RunSpec no_friction = argon(1, Ensemble::NVT);
  no_friction.ensemble.thermostat.friction = 0.0;
  EXPECT_NE(message(no_friction).find("friction"), std::string::npos);
  RunSpec bad_tau = argon(1, Ensemble::NPT);
  bad_tau.ensemble.barostat.tau = -1.0;
  EXPECT_NE(message(bad_tau).find("tau"), std::string::npos);
  RunSpec bad_skin = argon(1, Ensemble::NVE);
  bad_skin.neighbor.skin = -1.0;
  EXPECT_NE(message(bad_skin).find("skin"), std::string::npos);
  RunSpec uneven = argon(2, Ensemble::NVE);
  uneven.replicas[1] = make_argon_fcc(3, 3, 3, 40.0);
  EXPECT_NE(message(uneven).find("atom count"), std::string::npos);
  RunSpec no_replicas = argon(1, Ensemble::NVE);
  no_replicas.replicas.clear();
  EXPECT_NE(message(no_replicas).find("no replicas"), std::string::npos);
}

}  // namespace mdb::test
