// States equilibrated from another case's (CaseSpec::equilibrated_from): what a run then measures
// is the case's own equilibrium, as if it had been equilibrated from the lattice (a source that
// does not fit is refused: test_force_check.cpp).
#include "bench/prepared_state.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "bench/cases.hpp"
#include "bench/force_check.hpp"
#include "md/core/thermo.hpp"
#include "md/engine/cpu_engine.hpp"

namespace mdb::bench {
namespace {

// The equilibrium of the case's NVT MD from `start`: mean and standard deviation of the potential
// energy per atom (eV) and the kinetic temperature (K, 3N degrees of freedom, as under a
// thermostat), sampled every 10 steps.
struct Equilibrium {
  double potential = 0.0, potential_sd = 0.0;
  double temperature = 0.0, temperature_sd = 0.0;
};

Equilibrium nvt_equilibrium(const CaseSpec& c, System start, long steps) {
  RunSpec spec;
  spec.replicas.push_back(std::move(start));
  spec.model = c.recipe.make;
  spec.ensemble = case_ensemble(c, Ensemble::NVT, 11);
  spec.neighbor = c.neighbor;
  spec.dt = c.timestep;
  CpuEngine engine(std::move(spec));
  const double atoms = engine.atoms_per_replica();
  std::vector<Thermo> thermo;
  std::vector<double> pe, t;
  for (long s = 1; s <= steps; ++s) {
    const bool sample = s % 10 == 0;
    engine.step(sample);
    if (!sample) continue;
    engine.thermo(thermo);
    pe.push_back(thermo[0].potential / atoms);
    t.push_back(thermo[0].temperature);
  }
  auto mean_sd = [](const std::vector<double>& v, double& mean, double& sd) {
    mean = 0.0;
    for (double x : v) mean += x;
    mean /= static_cast<double>(v.size());
    double ss = 0.0;
    for (double x : v) ss += (x - mean) * (x - mean);
    sd = std::sqrt(ss / static_cast<double>(v.size() - 1));
  };
  Equilibrium e;
  mean_sd(pe, e.potential, e.potential_sd);
  mean_sd(t, e.temperature, e.temperature_sd);
  return e;
}

// How many standard deviations of the equilibrium a state's potential energy per atom and
// temperature lie from its means (the larger of the two).
double deviations(const CaseSpec& c, const System& s, const Equilibrium& e) {
  auto model = c.recipe.make();
  const double potential = energy_of(*model, s) / static_cast<double>(s.size());
  const double t =
      temperature_of(kinetic_energy(s), 3.0 * static_cast<double>(s.size()), s.units());
  return std::max(std::abs(potential - e.potential) / e.potential_sd,
                  std::abs(t - e.temperature) / e.temperature_sd);
}

// si-nn-student starts from si-sw's state and settles for 100 steps under its own model: the state
// is a typical one of the student's own equilibrium (measured over 3 ps of NVT from a state
// equilibrated 500 steps from the lattice, as before), within 4 standard deviations of its
// potential energy and temperature, where the lattice at rest lies far outside.
TEST(EquilibratedFrom, TheStateIsATypicalStateOfTheCasesOwnEquilibrium) {
  const CaseSpec& c = *find_case("si-nn-student");
  ASSERT_EQ(c.equilibrated_from, "si-sw");
  const System& prepared = equilibrated_system({&c, Ensemble::NVT, 64, 2026, c.timestep});
  const System& source = equilibrated_system({find_case("si-sw"), Ensemble::NVT, 64, 2026, 0.001});
  ASSERT_EQ(prepared.size(), source.size());
  EXPECT_NE(prepared.x()[0], source.x()[0]) << "the case's own MD moved the atoms";

  RunSpec from_lattice;
  from_lattice.replicas.push_back(build_case_system(c, 64, 2026));
  from_lattice.model = c.recipe.make;
  from_lattice.ensemble = case_ensemble(c, Ensemble::NVT, 2027);
  from_lattice.neighbor = c.neighbor;
  from_lattice.dt = c.timestep;
  CpuEngine lattice_run(std::move(from_lattice));
  lattice_run.run(500);
  const Equilibrium own = nvt_equilibrium(c, lattice_run.simulation(0).system(), 3000);

  constexpr double kTypical = 4.0;
  EXPECT_LT(deviations(c, prepared, own), kTypical);
  System at_rest = build_case_system(c, 64, 2026);
  for (std::size_t i = 0; i < at_rest.size(); ++i) {
    at_rest.vx()[i] = at_rest.vy()[i] = at_rest.vz()[i] = 0.0;
  }
  EXPECT_GT(deviations(c, at_rest, own), 2 * kTypical) << "the measure tells a start at rest";
}

}  // namespace
}  // namespace mdb::bench
