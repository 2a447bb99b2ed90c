// KIM adapter physics beyond the model conformance suite (test_kim_conformance.cpp): the virial
// against sum x f and on a sheared cluster from both sources, KIM SW against its known cohesive
// energy and against our native SW with KIM's parameters, and NVE energy conservation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/velocities.hpp"
#include "model/kim/kim_model.hpp"
#include "model/kim/kim_sw_params.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/model/kim/kim_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

using test::kKimSw;

/// A model and the jittered crystal it is tested on.
struct Case {
  std::string model;
  LatticeKind lattice;
  double a;
  int cells;
  Species species;
  double jitter;
  double bond_energy;  // eV, the model's energy scale: sets "the jitter produced forces"
};

// Keeps ctest's test names readable (gtest prints the parameter into them).
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.model;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return info.param.model.substr(0, info.param.model.find("__"));
}

System jittered(const Case& c, std::uint64_t seed) {
  System s = test::kim_crystal(c.lattice, c.a, c.cells, c.species);
  test::jitter(s, c.jitter, seed);
  return s;
}

class KimCase : public ::testing::TestWithParam<Case> {};

// The model's partialVirial, converted, equals sum x f over the extended atoms for all six
// components (periodic, so ghosts and the sign and order conversion all matter).
TEST_P(KimCase, ModelVirialEqualsSumXF) {
  const Case& c = GetParam();
  MDB_REQUIRE_KIM_MODEL(c.model);
  KimModel model(c.model), fdotr(c.model, KimVirial::Fdotr);
  if (!model.model_virial()) GTEST_SKIP() << "no partialVirial";
  const System s = jittered(c, 13);
  const auto a = test::evaluate(model, s).result.virial;
  const auto b = test::evaluate(fdotr, s).result.virial;
  double scale = 0.0;
  for (double w : b) scale = std::max(scale, std::abs(w));
  ASSERT_GT(scale, 0.1 * c.bond_energy);
  for (std::size_t k = 0; k < 6; ++k) EXPECT_NEAR(a[k], b[k], 1e-9 * scale) << "component " << k;
}

// Off-diagonal components by finite differences: an isolated cluster (no periodic contact) under
// the shear x_a += eps x_b has dE/d eps = -sum f_a x_b = -W_ab. A mix-up of xy, xz, yz or of the
// sign fails here, for the model's virial and for sum x f alike.
TEST_P(KimCase, ShearVirialMatchesStrainDerivativeOnACluster) {
  const Case& c = GetParam();
  MDB_REQUIRE_KIM_MODEL(c.model);
  for (KimVirial source : {KimVirial::Auto, KimVirial::Fdotr}) {
    KimModel m(c.model, source);
    const System crystal = jittered(c, 17);
    const double side = crystal.box().length(0);
    const double big = 3 * side + 4 * m.cutoff();
    System cluster(Box::cube(big), kMetalUnits);
    cluster.add_species(c.species.name, c.species.mass);
    // Asymmetric placement so that W is not accidentally diagonal.
    for (std::size_t i = 0; i < crystal.size(); ++i) {
      cluster.add_atom(0, crystal.x()[i] + big / 3, crystal.y()[i] * 0.97 + big / 3,
                       crystal.z()[i] + big / 3);
    }
    const auto ev = test::evaluate(m, cluster);
    auto sheared = [&](int a, int b, double eps) {
      System t = cluster;
      auto pa = a == 0 ? t.x() : a == 1 ? t.y() : t.z();
      auto pb = b == 0 ? cluster.x() : b == 1 ? cluster.y() : cluster.z();
      for (std::size_t i = 0; i < t.size(); ++i) pa[i] += eps * (pb[i] - big / 2);
      return test::evaluate(m, t).result.energy;
    };
    const int comp[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    double scale = 0.0;
    for (double w : ev.result.virial) scale = std::max(scale, std::abs(w));
    ASSERT_GT(scale, 0.1 * c.bond_energy);
    const double d = 1e-6;
    for (int k = 0; k < 6; ++k) {
      const auto [a, b] = comp[k];
      const double fd = -(sheared(a, b, d) - sheared(a, b, -d)) / (2 * d);
      EXPECT_NEAR(ev.result.virial[static_cast<std::size_t>(k)], fd, 1e-5 * scale)
          << "component " << k << (source == KimVirial::Fdotr ? " (sum x f)" : "");
    }
  }
}

// Between rebuilds the list is reused while atoms move (ghosts with their owners), and so are the
// adapter's species codes, sub-lists and padding lists: the result must equal a fresh list's.
TEST_P(KimCase, ReusedListMatchesAFreshOne) {
  const Case& c = GetParam();
  MDB_REQUIRE_KIM_MODEL(c.model);
  KimModel m(c.model);
  System s = jittered(c, 19);
  const double skin = 0.6;
  NeighborList list(m.cutoff(), NeighborKind::Full, NeighborPolicy{skin});
  m.bind(s);
  list.build(s);
  m.compute(s, list, {});
  test::jitter(s, 0.16, 23);  // at most 0.28 A per atom: 2 x 0.28 < skin, no rebuild due
  ASSERT_FALSE(list.update(s)) << "the test wants a reused list";
  const ForceResult reused = m.compute(s, list, {});
  const std::vector<double> fx(s.fx().begin(), s.fx().end());
  const auto fresh = test::evaluate(m, s);
  const double scale = c.bond_energy * s.size();
  EXPECT_NEAR(reused.energy, fresh.result.energy, 1e-12 * scale);
  for (std::size_t k = 0; k < 6; ++k) {
    EXPECT_NEAR(reused.virial[k], fresh.result.virial[k], 1e-11 * scale);
  }
  for (std::size_t i = 0; i < s.size(); ++i) EXPECT_NEAR(fx[i], fresh.fx[i], 1e-11 * c.bond_energy);
}

// The same periodic configuration described by one cell and by a 2 x 2 x 2 supercell, shifted
// so that atoms sit elsewhere relative to the box faces: which atoms are local and which are
// ghosts (and in how many image shells) all differ, the energy per atom and the forces must not.
// Catches wrong contributing flags, padding atoms' neighbour lists and image shells.
TEST_P(KimCase, SupercellAndShiftLeaveEnergyPerAtomUnchanged) {
  const Case& c = GetParam();
  MDB_REQUIRE_KIM_MODEL(c.model);
  KimModel m(c.model);
  Case one_cell = c;
  one_cell.cells = 1;
  const System s = jittered(one_cell, 29);
  const double len = s.box().length(0);
  System super(Box::cube(2 * len), kMetalUnits);
  super.add_species(c.species.name, c.species.mass);
  const double shift[3] = {0.37 * len, -0.81 * len, 1.23 * len};
  for (int image = 0; image < 8; ++image) {
    const double o[3] = {(image & 1) * len, (image >> 1 & 1) * len, (image >> 2 & 1) * len};
    for (std::size_t i = 0; i < s.size(); ++i) {
      super.add_atom(0, s.x()[i] + o[0] + shift[0], s.y()[i] + o[1] + shift[1],
                     s.z()[i] + o[2] + shift[2]);
    }
  }
  const auto small = test::evaluate(m, s);
  const auto big = test::evaluate(m, super);
  EXPECT_NEAR(big.result.energy / 8, small.result.energy, 1e-11 * c.bond_energy * s.size());
  for (std::size_t i = 0; i < super.size(); ++i) {
    EXPECT_NEAR(big.fx[i], small.fx[i % s.size()], 1e-11 * c.bond_energy) << i;
  }
}

const Species kSi{"Si", 28.0855};
INSTANTIATE_TEST_SUITE_P(
    Models, KimCase,
    ::testing::Values(
        Case{kKimSw, LatticeKind::Diamond, 5.431, 2, kSi, 0.15, 2.0},
        Case{test::kKimAl, LatticeKind::Fcc, 4.05, 2, {"Al", 26.9815}, 0.12, 1.0},
        Case{test::kKimFe, LatticeKind::Bcc, 2.8665, 3, {"Fe", 55.845}, 0.1, 1.0},
        // One cell, 8 atoms: the 4.9 A SNAP cutoff spans several image shells.
        Case{test::kKimSnap, LatticeKind::Diamond, 5.431, 1, kSi, 0.15, 2.0},
        Case{test::kKimMultiCutoff, LatticeKind::Fcc, 5.26, 2, {"Ar", 39.948}, 0.2, 0.01},
        Case{test::kKimTersoff, LatticeKind::Diamond, 5.431, 2, kSi, 0.1, 2.0}),
    case_name);

// KIM's SW Si uses epsilon = 2.1682 eV (LAMMPS's Si.sw 2.1683): -2 epsilon per atom at the
// ideal diamond lattice, whatever the box (1 cell: several image shells), with zero forces.
TEST(KimSw, PerfectDiamondCohesiveEnergy) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  KimModel sw(kKimSw);
  for (int cells : {1, 2, 3}) {
    const System s = test::diamond_si(cells);
    const auto ev = test::evaluate(sw, s);
    EXPECT_NEAR(ev.result.energy / s.size(), -4.3364, 1e-4) << cells << " cells";
    for (std::size_t i = 0; i < s.size(); ++i) {
      ASSERT_LT(std::abs(ev.fx[i]) + std::abs(ev.fy[i]) + std::abs(ev.fz[i]), 1e-10) << i;
    }
    if (cells == 1) std::printf("KIM SW diamond Si: %.10f eV/atom\n", ev.result.energy / 8);
  }
}

// Our StillingerWeber with the parameters KIM's model publishes gives KIM's energy to 1e-10
// eV/atom, and its forces, on random configurations: tiny boxes (8 atoms, several image
// shells), compressed and stretched ones, and a larger one.
TEST(KimSw, NativeSwWithKimParametersAgrees) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  KimModel kim(kKimSw);
  StillingerWeber native(sw_params_from_kim(kim.parameters(), "Si"));
  EXPECT_NEAR(native.cutoff(), kim.cutoff(), 1e-12);
  struct Config {
    int cells;
    double a, jitter;
  };
  int seed = 100;
  for (const Config& c : {Config{1, 5.431, 0.3}, Config{1, 5.2, 0.2}, Config{2, 5.431, 0.25},
                          Config{2, 5.6, 0.3}, Config{4, 5.431, 0.2}}) {
    System s = test::diamond_si(c.cells, c.a);
    test::jitter(s, c.jitter, static_cast<std::uint64_t>(++seed));
    const auto k = test::evaluate(kim, s);
    const auto n = test::evaluate(native, s);
    const double per_atom = std::abs(k.result.energy - n.result.energy) / s.size();
    EXPECT_LT(per_atom, 1e-10) << s.size() << " atoms at a = " << c.a;
    double fmax = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      fmax = std::max({fmax, std::abs(k.fx[i] - n.fx[i]), std::abs(k.fy[i] - n.fy[i]),
                       std::abs(k.fz[i] - n.fz[i])});
    }
    EXPECT_LT(fmax, 1e-9) << s.size() << " atoms";
    for (std::size_t w = 0; w < 6; ++w) EXPECT_NEAR(k.result.virial[w], n.result.virial[w], 1e-8);
    std::printf("native vs KIM SW, %zu atoms: |dE| %.1e eV/atom, max |dF| %.1e eV/A\n", s.size(),
                per_atom, fmax);
  }
}

TEST(KimSw, ParameterMappingRejectsOtherModels) {
  EXPECT_THROW(sw_params_from_kim({}, "Si"), std::invalid_argument);
  std::vector<KimParameter> two_species{{"sigma", "", false, {2.0, 2.1, 2.2}}};
  EXPECT_THROW(sw_params_from_kim(two_species, "Si"), std::invalid_argument);
}

// NVE with KIM SW as in the native SW test: 64 atoms from 300 K, 1 fs, 5000 steps, a small skin
// so the list is rebuilt (and the cached species codes and contributing flags refreshed) often.
// The drift bound is the native test's (its measured drift is ~4e-8 eV/ps/atom).
TEST(KimSw, NveConservesEnergy) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  System s = test::diamond_si(2);
  assign_maxwell_boltzmann(s, 300.0, 4242);
  Simulation sim(std::move(s), std::make_unique<KimModel>(kKimSw),
                 std::make_unique<VelocityVerlet>(0.001), NeighborPolicy{0.3, 1, true, 10});
  const double n = static_cast<double>(sim.system().size());
  std::vector<double> t, e;
  double max_p = 0.0;
  for (int k = 0; k <= 5000; k += 10) {
    if (k > 0) sim.run(10);
    const Thermo th = sim.thermo();
    t.push_back(th.time);
    e.push_back(th.total / n);
    for (double p : th.momentum) max_p = std::max(max_p, std::abs(p));
  }
  double tm = 0, em = 0, cov = 0, var = 0;
  for (std::size_t k = 0; k < t.size(); ++k) tm += t[k] / t.size(), em += e[k] / t.size();
  for (std::size_t k = 0; k < t.size(); ++k) {
    cov += (t[k] - tm) * (e[k] - em);
    var += (t[k] - tm) * (t[k] - tm);
  }
  const double drift = cov / var;
  std::printf("KIM SW NVE: drift %.3e eV/ps/atom, %ld list builds\n", drift,
              sim.neighbor_list().builds());
  EXPECT_LT(std::abs(drift), 5e-7);
  EXPECT_LT(max_p, 1e-10);
  EXPECT_GT(sim.neighbor_list().builds(), 10);
}

}  // namespace
}  // namespace mdb
