#pragma once
// The model conformance suite: one set of test bodies every ForceField must pass, included by
// each model family's test file (test_model_conformance.cpp for the native models,
// kim/test_kim_conformance.cpp for KIM models), as tests/engine/ does for engines. Each body
// checks the model against an oracle that shares nothing with its force code: finite
// differences of its own energy, strain derivatives, symmetry, the integrator's conservation of
// energy. A new model joins with one ModelCase line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/core/thread_team.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/velocities.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

/// One model under test and the numbers its checks use.
struct ModelCase {
  const char* name = "";  ///< GoogleTest's parameter name: letters, digits, '_'
  std::function<std::unique_ptr<ForceField>()> make;
  /// A periodic configuration with sizeable forces (a jittered crystal) of the model's species.
  std::function<System()> system;
  double fd_step = 1e-5;             ///< Angstrom
  double gradient_tolerance = 1e-6;  ///< norm-wise relative error of F against -dE/dx
  double virial_tolerance = 1e-6;    ///< relative to the largest virial component
  double strain_step = 1e-6;         ///< of the strain derivatives
  /// Relative change of energy and forces allowed under a translation (positions rounded to
  /// float move the rounding with them).
  double invariance_tolerance = 1e-9;
  int fd_every = 5;  ///< finite differences on every fd_every-th atom
  /// How far the model's atoms see (Angstrom) where its cutoff() does not say (a model that
  /// finds its own neighbours, e.g. an ASE calculator); 0: cutoff().
  double interaction_range = 0.0;
  double nve_temperature = 300.0;  ///< K
  double nve_dt = 0.001;           ///< ps
  int nve_steps = 400;
  double nve_bound = 1e-4;  ///< eV/atom: largest |E(t) - E(0)| over the run
  /// Why the NVE check does not apply to this model (nullptr: it does).
  const char* nve_skip = nullptr;
  /// Why the shear components of the virial cannot be checked on an isolated cluster (nullptr:
  /// they can). A long-range model sees the cluster's periodic images, which shearing the atoms
  /// alone does not deform.
  const char* shear_skip = nullptr;
  /// Agreement of energy (relative) and forces (absolute, eV/A) between one and two threads
  /// (summation order differs); only for models that split over threads.
  double thread_tolerance = 1e-9;
  /// Whether the model can be made on this machine (e.g. an installed KIM model); unset: always.
  std::function<bool()> available;
};

inline void PrintTo(const ModelCase& c, std::ostream* os) {
  *os << c.name;
}

inline std::string model_case_name(const ::testing::TestParamInfo<ModelCase>& info) {
  return info.param.name;
}

class ModelConformance : public ::testing::TestWithParam<ModelCase> {
 protected:
  void SetUp() override {
    if (GetParam().available && !GetParam().available()) {
      GTEST_SKIP() << GetParam().name << " is not installed here";
    }
  }
  std::unique_ptr<ForceField> model() const { return GetParam().make(); }
  System system() const { return GetParam().system(); }
};

/// The largest |component| of a virial.
inline double largest(const std::array<double, 6>& w) {
  double m = 0.0;
  for (double v : w) m = std::max(m, std::abs(v));
  return m;
}

/// The same atoms, in the middle of a box so large that no periodic image is in range: an
/// isolated cluster, where shearing the positions alone is a homogeneous deformation.
inline System isolated(const System& bulk, double box) {
  System s(Box({0, 0, 0}, {box, box, box}), bulk.units());
  for (const Species& sp : bulk.species_table()) s.add_species(sp.name, sp.mass);
  const double shift = 0.5 * (box - bulk.box().length(0));
  for (std::size_t i = 0; i < bulk.size(); ++i) {
    s.add_atom(bulk.species()[i], shift + bulk.x()[i], shift + bulk.y()[i], shift + bulk.z()[i]);
  }
  s.set_topology(bulk.topology());
  return s;
}

TEST_P(ModelConformance, ForcesAreMinusTheEnergyGradient) {
  auto ff = model();
  const GradientCheck g =
      check_force_gradient(*ff, system(), GetParam().fd_step, GetParam().fd_every);
  EXPECT_GT(g.force_norm2, 0.0) << "the configuration must have forces to check";
  EXPECT_LT(g.relative_error, GetParam().gradient_tolerance);
}

// W_aa = -dE/d eps for x_a -> (1 + eps) x_a of atoms and box; the off-diagonal components on
// the isolated cluster, sheared about its centre.
TEST_P(ModelConformance, VirialIsTheStrainDerivative) {
  auto ff = model();
  const System bulk = system();
  const auto ev = evaluate(*ff, bulk);
  const double scale = largest(ev.result.virial);
  ASSERT_GT(scale, 0.0);
  const double d = GetParam().strain_step;
  for (int a = 0; a < 3; ++a) {
    auto strained = [&](double eps) {
      System s = bulk;
      for (double& v : a == 0 ? s.x() : a == 1 ? s.y() : s.z()) v *= 1 + eps;
      double f[3] = {1, 1, 1};
      f[a] = 1 + eps;
      s.box().scale(f[0], f[1], f[2]);
      return evaluate(*ff, s).result.energy;
    };
    const double fd = -(strained(d) - strained(-d)) / (2 * d);
    EXPECT_NEAR(ev.result.virial[a], fd, GetParam().virial_tolerance * scale) << "axis " << a;
  }
  if (GetParam().shear_skip != nullptr) {
    std::cout << "[ SKIPPED  ] shear components: " << GetParam().shear_skip << "\n";
    return;
  }
  const double reach =
      GetParam().interaction_range > 0.0 ? GetParam().interaction_range : ff->cutoff();
  const double box = bulk.box().length(0) + 2.0 * (reach + 2.0);
  const System cluster = isolated(bulk, box);
  const auto ec = evaluate(*ff, cluster);
  const double cluster_scale = largest(ec.result.virial);
  const int comp[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  for (int k = 0; k < 3; ++k) {
    const auto [a, b] = comp[k];
    auto sheared = [&](double eps) {
      System s = cluster;
      auto ca = a == 0 ? s.x() : s.y();
      const auto cb = b == 1 ? s.y() : s.z();
      for (std::size_t i = 0; i < s.size(); ++i) ca[i] += eps * (cb[i] - 0.5 * box);
      return evaluate(*ff, s).result.energy;
    };
    const double fd = -(sheared(d) - sheared(-d)) / (2 * d);
    EXPECT_NEAR(ec.result.virial[3 + k], fd, GetParam().virial_tolerance * cluster_scale)
        << "component " << 3 + k;
  }
}

// ComputeFlags select what is computed besides forces: the forces are the same whatever is
// asked, and what was not asked for is 0.
TEST_P(ModelConformance, FlagsSelectTheOutputs) {
  auto ff = model();
  System s = system();
  NeighborList list(ff->cutoff(), ff->neighbor_kind(), NeighborPolicy{0.5});
  ff->bind(s);
  list.build(s);
  const ForceResult all = ff->compute(s, list, {true, true});
  const std::vector<double> fx(s.fx().begin(), s.fx().end());
  ASSERT_NE(all.energy, 0.0);
  ASSERT_GT(largest(all.virial), 0.0);
  for (const ComputeFlags flags :
       {ComputeFlags{false, false}, ComputeFlags{true, false}, ComputeFlags{false, true}}) {
    const ForceResult r = ff->compute(s, list, flags);
    const std::string what = std::string("energy ") + (flags.energy ? "on" : "off") + ", virial " +
                             (flags.virial ? "on" : "off");
    // Kernels with and without the energy sums may round differently; so may a model run twice
    // (libtorch optimises its graph after the first calls): the case's invariance tolerance.
    const double rel = GetParam().invariance_tolerance;
    double fmax = 1.0;
    for (double f : fx) fmax = std::max(fmax, std::abs(f));
    const double ftol = rel * fmax;
    EXPECT_NEAR(r.energy, flags.energy ? all.energy : 0.0, rel * std::abs(all.energy)) << what;
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(r.virial[k], flags.virial ? all.virial[k] : 0.0, rel * largest(all.virial))
          << what << ", component " << k;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
      ASSERT_NEAR(s.fx()[i], fx[i], ftol) << what << ", atom " << i;
    }
  }
}

// An energy-only call (forces off, as the state preparation's finite-difference probe asks) gives
// the energy a full call gives, before and after a full call, whatever the model skips.
TEST_P(ModelConformance, AnEnergyOnlyCallGivesTheFullCallsEnergy) {
  auto ff = model();
  System s = system();
  NeighborList list(ff->cutoff(), ff->neighbor_kind(), NeighborPolicy{0.5});
  ff->bind(s);
  list.build(s);
  const ComputeFlags energy_only{.energy = true, .virial = false, .forces = false};
  const double before = ff->compute(s, list, energy_only).energy;
  const double full = ff->compute(s, list, {true, true}).energy;
  const double after = ff->compute(s, list, energy_only).energy;
  ASSERT_NE(full, 0.0);
  const double tol = GetParam().invariance_tolerance * std::abs(full);
  EXPECT_NEAR(before, full, tol);
  EXPECT_NEAR(after, full, tol);
}

// Moving every atom by the same vector (across the box's faces) changes neither the energy nor
// any force, and the forces sum to zero.
TEST_P(ModelConformance, TranslationChangesNothing) {
  auto ff = model();
  System s = system();
  const auto before = evaluate(*ff, s);
  double sum[3] = {0, 0, 0}, scale = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    sum[0] += before.fx[i];
    sum[1] += before.fy[i];
    sum[2] += before.fz[i];
    scale += std::abs(before.fx[i]) + std::abs(before.fy[i]) + std::abs(before.fz[i]);
  }
  const double rel = GetParam().invariance_tolerance;
  EXPECT_LT(std::abs(sum[0]) + std::abs(sum[1]) + std::abs(sum[2]), rel * scale);
  const double shift[3] = {1.37, -0.61 * s.box().length(1), 0.29 * s.box().length(2)};
  for (std::size_t i = 0; i < s.size(); ++i) {
    s.x()[i] += shift[0];
    s.y()[i] += shift[1];
    s.z()[i] += shift[2];
  }
  const auto after = evaluate(*ff, s);
  const double tol = rel * std::max(1.0, std::abs(before.result.energy));
  EXPECT_NEAR(after.result.energy, before.result.energy, tol);
  const double ftol = rel * std::max(1.0, scale / static_cast<double>(s.size()));
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(after.fx[i], before.fx[i], ftol) << i;
    ASSERT_NEAR(after.fy[i], before.fy[i], ftol) << i;
    ASSERT_NEAR(after.fz[i], before.fz[i], ftol) << i;
  }
}

// Velocity Verlet on the model's surface conserves the total energy to its bound.
TEST_P(ModelConformance, NveKeepsTheEnergyWithinItsBound) {
  const ModelCase& c = GetParam();
  if (c.nve_skip != nullptr) GTEST_SKIP() << c.nve_skip;
  System s = system();
  assign_maxwell_boltzmann(s, c.nve_temperature, 42);
  NeighborPolicy policy;
  policy.skin = 0.3;  // small, so the run rebuilds its list
  Simulation sim(std::move(s), model(), std::make_unique<VelocityVerlet>(c.nve_dt), policy);
  const double n = static_cast<double>(sim.system().size());
  const double e0 = sim.thermo().total;
  ASSERT_TRUE(std::isfinite(e0));
  double worst = 0.0;
  for (int k = 0; k < c.nve_steps; k += 10) {
    sim.run(10);
    worst = std::max(worst, std::abs(sim.thermo().total - e0) / n);
  }
  char worst_text[32];
  std::snprintf(worst_text, sizeof worst_text, "%.3g", worst);
  RecordProperty("worst_energy_change_ev_per_atom", worst_text);
  EXPECT_LT(worst, c.nve_bound) << "eV/atom";
  EXPECT_GT(sim.neighbor_list().builds(), 1) << "the run should cross a list rebuild";
}

// A species the model has no parameters for is a std::invalid_argument naming it, at bind.
TEST_P(ModelConformance, UnknownSpeciesIsAClearError) {
  auto ff = model();
  const System base = system();
  System s(base.box(), base.units());
  s.add_species("Unobtainium", 100.0);
  for (std::size_t i = 0; i < base.size(); ++i)
    s.add_atom(0, base.x()[i], base.y()[i], base.z()[i]);
  try {
    ff->bind(s);
    FAIL() << "bind accepted a species without parameters";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("Unobtainium"), std::string::npos) << e.what();
  }
}

// A model that splits over threads gives the one-thread answer with two (to summation order).
TEST_P(ModelConformance, TwoThreadsGiveTheOneThreadAnswer) {
  auto ff = model();
  if (!ff->splits_over_threads()) GTEST_SKIP() << ff->name() << " runs on one thread";
  const System s = system();
  const auto one = evaluate(*ff, s);
  ThreadTeam team(2);
  auto threaded = model();
  const auto two = evaluate(*threaded, s, 0.5, &team);
  const double tol = GetParam().thread_tolerance;
  EXPECT_NEAR(two.result.energy, one.result.energy, tol * std::abs(one.result.energy));
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(two.result.virial[k], one.result.virial[k], tol * largest(one.result.virial));
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(two.fx[i], one.fx[i], tol) << i;
    ASSERT_NEAR(two.fy[i], one.fy[i], tol) << i;
    ASSERT_NEAR(two.fz[i], one.fz[i], tol) << i;
  }
}

}  // namespace mdb::test
