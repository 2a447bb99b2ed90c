#include "bench/force_check.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "md/engine/cpu_engine.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/standard_systems.hpp"
#include "model/lennard_jones.hpp"

namespace mdb::bench {
namespace {

// Lennard-Jones whose forces on the first `fraction` of the atoms are off by `factor`: a fast but
// wrong model (fraction < 1: a bug in one code path).
class WrongForces final : public ForceField {
 public:
  explicit WrongForces(double factor, double fraction = 1.0)
      : lj_(LjParams::argon()), factor_(factor), fraction_(fraction) {}
  std::string_view name() const override { return "wrong"; }
  double cutoff() const override { return lj_.cutoff(); }
  NeighborKind neighbor_kind() const override { return lj_.neighbor_kind(); }
  void bind(const System& s) override { lj_.bind(s); }
  ForceResult compute(System& s, const NeighborList& list, ComputeFlags flags) override {
    const ForceResult r = lj_.compute(s, list, flags);
    const auto wrong = static_cast<std::size_t>(fraction_ * static_cast<double>(s.size()));
    for (auto f : {s.fx(), s.fy(), s.fz()}) {
      for (std::size_t i = 0; i < wrong; ++i) f[i] *= factor_;
    }
    return r;
  }

 private:
  LennardJones<> lj_;
  double factor_;
  double fraction_;
};

System thermalised_argon() {
  const CaseSpec& c = *find_case("lj-ar");
  Simulation sim(build_case_system(c, 256, 3), c.recipe.make(),
                 std::make_unique<VelocityVerlet>(c.timestep), c.neighbor);
  sim.run(100);
  return sim.system();
}

TEST(ForceCheck, AcceptsCorrectForces) {
  LennardJones<> lj(LjParams::argon());
  EXPECT_FALSE(check_forces_fd(lj, thermalised_argon(), 1e-6).has_value());
}

TEST(ForceCheck, AcceptsTheUnshiftedLjMeltLiquid) {
  const CaseSpec& c = *find_case("lj-melt");
  Simulation sim(build_case_system(c, 500, 5), c.recipe.make(),
                 std::make_unique<VelocityVerlet>(c.timestep), c.neighbor);
  sim.run(200);
  auto ff = c.recipe.make();
  EXPECT_FALSE(check_forces_fd(*ff, sim.system(), c.recipe.force_tolerance).has_value());
}

TEST(ForceCheck, RejectsForcesOffByOnePercentOrWithTheWrongSign) {
  const System s = thermalised_argon();
  for (double factor : {1.01, -1.0, 0.0}) {
    WrongForces wrong(factor);
    const auto err = check_forces_fd(wrong, s, 1e-6);
    ASSERT_TRUE(err.has_value()) << factor;
    EXPECT_NE(err->find("force check failed (wrong)"), std::string::npos) << *err;
  }
}

TEST(ForceCheck, RejectsForcesWrongOnAQuarterOfTheAtoms) {
  WrongForces wrong(-1.0, 0.25);
  EXPECT_TRUE(check_forces_fd(wrong, thermalised_argon(), 1e-6).has_value());
}

// A pair sitting just inside the unshifted cutoff: the central difference straddles the energy
// jump, the one-sided one does not, and correct forces must still pass.
TEST(ForceCheck, ToleratesAPairAtTheUnshiftedCutoff) {
  System s(Box::cube(30.0), kMetalUnits);
  const int ar = s.add_species("Ar", kArgonMass);
  LennardJones<> lj(LjParams::argon());
  const double rc = lj.cutoff();
  s.add_atom(ar, 5.0, 5.0, 5.0);
  s.add_atom(ar, 5.0 + rc - 2e-5, 5.0, 5.0);  // 2e-5 A inside: every central stencil crosses rc
  s.add_atom(ar, 5.0, 8.7, 5.0);
  s.add_atom(ar, 5.0, 5.0, 9.1);
  EXPECT_FALSE(check_forces_fd(lj, s, 1e-6).has_value());
}

// The check for a second route to one potential: the same potential passes on every atom, a
// model 1 % off or wrong on a quarter of the atoms does not, and the message names both models.
TEST(ForceCheck, AgainstAReferenceAcceptsTheSamePotentialOnly) {
  const System s = thermalised_argon();
  LennardJones<> lj(LjParams::argon()), reference(LjParams::argon());
  EXPECT_FALSE(check_forces_against(lj, reference, s, 1e-6).has_value());
  for (auto [factor, fraction] : {std::pair{1.01, 1.0}, {-1.0, 0.25}, {0.0, 1.0}}) {
    WrongForces wrong(factor, fraction);
    const auto err = check_forces_against(wrong, reference, s, 1e-6);
    ASSERT_TRUE(err.has_value()) << factor << " " << fraction;
    EXPECT_NE(err->find("force check failed (wrong against lj/cut): atom 0 "), std::string::npos)
        << *err;
  }
}

TEST(Health, FlagsNonFinitePositionsAndLostAtoms) {
  const CaseSpec& c = *find_case("lj-ar");
  RunSpec spec;
  spec.replicas.push_back(build_case_system(c, 64, 3));
  spec.model = c.recipe.make;
  spec.neighbor = c.neighbor;
  spec.dt = c.timestep;
  CpuEngine engine(std::move(spec));
  const double max_t = blow_up_temperature(c);
  EXPECT_DOUBLE_EQ(max_t, 20.0 * c.temperature);
  System& s = engine.simulation(0).system();
  EXPECT_FALSE(engine.check_health(max_t).has_value());
  s.x()[5] = s.box().lo()[0] + 3.0 * s.box().lengths()[0];
  ASSERT_TRUE(engine.check_health(max_t).has_value());
  EXPECT_NE(engine.check_health(max_t)->find("atom 5 lost"), std::string::npos);
  s.x()[5] = std::nan("");
  EXPECT_NE(engine.check_health(max_t)->find("non-finite position"), std::string::npos);
  s.x()[5] = 1.0;
  s.vy()[7] = 1e6;  // A/ps: far hotter than 20 x 40 K
  EXPECT_NE(engine.check_health(max_t)->find("temperature exploded"), std::string::npos);
  EXPECT_FALSE(engine.check_health(0.0).has_value());  // no limit
}

TEST(PreparedState, BlowUpDuringEquilibrationIsACachedError) {
  StateKey key{find_case("lj-ar"), Ensemble::NVE, 64, 1, 0.5};  // 0.5 ps: far too long
  std::string first;
  try {
    equilibrated_system(key);
    FAIL() << "a 0.5 ps time step should blow up";
  } catch (const std::runtime_error& e) {
    first = e.what();
  }
  EXPECT_NE(first.find("equilibration"), std::string::npos) << first;
  try {
    equilibrated_system(key);
    FAIL() << "the error should be cached";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(first, e.what());
  }
}

// NVE rows of a case that equilibrates under its thermostat start from the state its NVT rows
// start from: the same run, made once (and its force check and accuracy frames with it).
TEST(PreparedState, AThermostattedNveStateIsTheNvtStateMadeOnce) {
  const CaseSpec& c = *find_case("lj-ar");
  ASSERT_TRUE(c.thermostatted_equilibration);
  const StateKey nve{&c, Ensemble::NVE, 32, 21, c.timestep};
  StateKey nvt = nve;
  nvt.ensemble = Ensemble::NVT;
  const System& shared = equilibrated_system(nve);
  EXPECT_EQ(&shared, &equilibrated_system(nvt));
  // What equilibrating for NVE means, by hand: the case's Langevin run from its lattice, with
  // the model's mixed-precision variant (the same potential, faster).
  ASSERT_TRUE(c.recipe.abilities().mixed_precision);
  Simulation sim(build_case_system(c, 32, 21), c.recipe.make()->mixed_precision(),
                 make_integrator(c, Ensemble::NVT, c.timestep, 22), c.neighbor);
  sim.run(c.equilibration_steps);
  for (std::size_t i = 0; i < shared.size(); ++i) {
    ASSERT_EQ(sim.system().x()[i], shared.x()[i]) << i;
    ASSERT_EQ(sim.system().vz()[i], shared.vz()[i]) << i;
  }
  // lj-melt melts in NVE (no thermostat): its NVE state is its own.
  const CaseSpec& melt = *find_case("lj-melt");
  ASSERT_FALSE(melt.thermostatted_equilibration);
  EXPECT_EQ(equilibration_key({&melt, Ensemble::NVE, 32, 21, melt.timestep}).ensemble,
            Ensemble::NVE);
}

TEST(PreparedState, ReplicasAreIndependentAndWarmedUpThroughRebuilds) {
  StateKey key{find_case("lj-ar"), Ensemble::NVT, 32, 11, 0.002};
  const System& eq = equilibrated_system(key);
  EngineChoice two;
  two.replicas = 2;
  two.warmup_steps = 0;
  auto engine = make_timed_engine(key, two);
  auto& cpu = dynamic_cast<CpuEngine&>(*engine);
  // Warm-up ran through two rebuilds after the initial build, outside any timed region.
  EXPECT_GE(cpu.simulation(0).neighbor_list().builds(), 3);
  EXPECT_GE(cpu.simulation(1).neighbor_list().builds(), 3);
  EXPECT_GE(engine->list_builds(), 3);
  // Own velocities: the trajectories differ; same ensemble: similar temperatures.
  EXPECT_NE(cpu.simulation(0).system().vx()[3], cpu.simulation(1).system().vx()[3]);
  std::vector<Thermo> th;
  engine->thermo(th);
  ASSERT_EQ(th.size(), 2u);
  const double t0 = th[0].temperature, t1 = th[1].temperature;
  EXPECT_GT(t1, 0.3 * t0);
  EXPECT_LT(t1, 3.0 * t0);
  // Same key, same cached object: equilibration ran once.
  EXPECT_EQ(&equilibrated_system(key), &eq);
}

// A case computing lj-ar's potential by another route starts from lj-ar's very state, under its
// own key, without equilibrating (its model is made once, for the force check against lj-ar's).
TEST(PreparedState, ACaseWithTheSamePotentialAdoptsTheOthersState) {
  CaseSpec twin = *find_case("lj-ar");
  twin.name = "lj-ar-same-potential";
  twin.same_potential_as = "lj-ar";
  auto made = std::make_shared<int>(0);
  twin.recipe.make = [made]() -> std::unique_ptr<ForceField> {
    ++*made;
    return std::make_unique<LennardJones<>>(LjParams::argon());
  };
  add_case(twin);
  const StateKey key{find_case(twin.name), Ensemble::NVE, 32, 7, 0.002};
  StateKey own = key;
  own.spec = find_case("lj-ar");
  const System& adopted = equilibrated_system(key);
  const System& original = equilibrated_system(own);
  EXPECT_EQ(*made, 1);
  EXPECT_NE(&adopted, &original);
  ASSERT_EQ(adopted.size(), original.size());
  for (std::size_t i = 0; i < adopted.size(); ++i) {
    EXPECT_EQ(adopted.x()[i], original.x()[i]);
    EXPECT_EQ(adopted.vz()[i], original.vz()[i]);
  }
}

// Adds case `c` and returns why its 32-atom state cannot be prepared ("no error" if it can).
std::string refusal(CaseSpec c) {
  const std::string name = c.name;
  add_case(std::move(c));
  try {
    equilibrated_system({find_case(name), Ensemble::NVE, 32, 7, 0.002});
  } catch (const std::runtime_error& e) {
    return std::string(e.what());
  }
  return std::string("no error");
}

// lj-ar under another name, taking its state from `source` as `field` (same_potential_as or
// equilibrated_from) says.
CaseSpec lj_ar_taking(const std::string& name, std::string CaseSpec::*field,
                      const std::string& source) {
  CaseSpec c = *find_case("lj-ar");
  c.name = name;
  c.*field = source;
  return c;
}

// Another potential, another system or no such case: an error run naming the reason, never a
// state the model did not earn.
TEST(PreparedState, AStateFromAnotherCaseIsRefusedWhenItDoesNotFit) {
  CaseSpec wrong = lj_ar_taking("lj-ar-wrong-potential", &CaseSpec::same_potential_as, "lj-ar");
  wrong.recipe.make = [] { return std::make_unique<WrongForces>(1.01); };
  EXPECT_NE(refusal(wrong).find("force check failed (wrong against lj/cut)"), std::string::npos);
  CaseSpec denser = lj_ar_taking("lj-ar-denser", &CaseSpec::same_potential_as, "lj-ar");
  denser.lattice_constant *= 0.99;
  EXPECT_EQ(refusal(denser),
            "lj-ar-denser: same_potential_as 'lj-ar' is another system or state point");
  EXPECT_EQ(refusal(lj_ar_taking("lj-ar-orphan", &CaseSpec::same_potential_as, "no-such-case")),
            "lj-ar-orphan: same_potential_as 'no-such-case' is not a case");
  EXPECT_EQ(refusal(lj_ar_taking("lj-ar-chain", &CaseSpec::same_potential_as, "lj-ar-orphan")),
            "lj-ar-chain: same_potential_as 'lj-ar-orphan' takes its state from another case "
            "itself");
}

// A case equilibrated from another's state: the other must be the same system and state point,
// and make its own state.
TEST(PreparedState, AStartingStateFromAnotherCaseIsRefusedWhenItDoesNotFit) {
  CaseSpec hotter = lj_ar_taking("lj-ar-hotter", &CaseSpec::equilibrated_from, "lj-ar");
  hotter.temperature *= 1.5;
  EXPECT_EQ(refusal(hotter),
            "lj-ar-hotter: equilibrated_from 'lj-ar' is another system or state point");
  EXPECT_EQ(
      refusal(lj_ar_taking("lj-ar-chain-from", &CaseSpec::equilibrated_from, "si-nn-student")),
      "lj-ar-chain-from: equilibrated_from 'si-nn-student' takes its state from another "
      "case itself");
  EXPECT_EQ(
      refusal(lj_ar_taking("lj-ar-orphan-from", &CaseSpec::equilibrated_from, "no-such-case")),
      "lj-ar-orphan-from: equilibrated_from 'no-such-case' is not a case");
}

// c-dunn-kim (the KIM model through its DUNN driver, ~0.8 s a 64-atom evaluation) starts from
// c-dunn's state and its forces there match the native model's.
TEST(PreparedState, CDunnKimStartsFromCDunnsState) {
  const CaseSpec* kim = find_case("c-dunn-kim");
  if (kim == nullptr) GTEST_SKIP() << "built without KIM, or the DUNN carbon model is missing";
  ASSERT_EQ(kim->same_potential_as, "c-dunn");
  const StateKey key{kim, Ensemble::NVE, 64, 2026, kim->timestep};
  StateKey native = key;
  native.spec = find_case("c-dunn");
  const System& adopted = equilibrated_system(key);
  const System& state = equilibrated_system(native);
  ASSERT_EQ(adopted.size(), 64u);
  for (std::size_t i = 0; i < adopted.size(); ++i) EXPECT_EQ(adopted.y()[i], state.y()[i]);
}

}  // namespace
}  // namespace mdb::bench
