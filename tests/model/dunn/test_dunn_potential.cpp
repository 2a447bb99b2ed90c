// DunnPotential against oracles that do not share its code: the energy against a brute-force
// evaluation of the formulas, forces against finite differences of the energy for every
// activation and mode; and the ensemble modes, threads and bad use. The virial, flags,
// translation and NVE checks are the model conformance suite's (test_model_conformance.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "model/dunn/dunn_potential.hpp"
#include "tests/model/dunn/dunn_reference.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

/// A synthetic model variant and the mode it runs in.
struct Variant {
  std::string activation;
  std::vector<double> keep;
  int member;
};

void PrintTo(const Variant& v, std::ostream* os) {
  *os << v.activation << " keep";
  for (double k : v.keep) *os << " " << k;
  *os << " member " << v.member;
}

std::string variant_name(const ::testing::TestParamInfo<Variant>& info) {
  const Variant& v = info.param;
  const std::string mode = v.member == kDunnEnsembleMean     ? "Mean"
                           : v.member == kDunnFullyConnected ? "FullyConnected"
                                                             : "Member" + std::to_string(v.member);
  return v.activation + (v.keep[0] < 1.0 ? "InputDropout" : "") + mode;
}

DunnParams synthetic(const Variant& v) {
  test::SyntheticDunn o;
  o.activation = v.activation;
  o.keep = v.keep;
  return parse_dunn_params(test::synthetic_dunn_files(o));
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

class DunnVariant : public ::testing::TestWithParam<Variant> {};

// 40 atoms in a 7.9 A box and 6 atoms in a 4.9 A one (cutoffs up to 4 A plus the 0.5 A skin:
// several image shells). Both sides sum the same terms in another order with other formulas
// (law of cosines against dot product, factorised exponentials, unrolled powers): 1e-11
// relative leaves room for that rounding and nothing else.
TEST_P(DunnVariant, EnergyMatchesBruteForceFormulas) {
  const DunnParams p = synthetic(GetParam());
  DunnPotential model(p, GetParam().member);
  for (const auto& [n, density, seed] : {std::tuple{40, 0.08, 3}, std::tuple{6, 0.05, 4}}) {
    const System s = test::synthetic_dunn_system(n, density, static_cast<std::uint64_t>(seed));
    const double native = test::evaluate(model, s).result.energy;
    const double reference = test::reference_energy(p, s, GetParam().member);
    EXPECT_NEAR(native, reference, 1e-11 * std::abs(reference)) << n << " atoms";
    ASSERT_GT(std::abs(reference), 1e-3) << "the model should give an energy";
  }
}

// Central differences, h = 1e-5 A: truncation ~h^2 and rounding ~1e-16 E / h, both far below
// the 1e-7 relative bound.
TEST_P(DunnVariant, ForcesAreMinusEnergyGradient) {
  DunnPotential model(synthetic(GetParam()), GetParam().member);
  const System s = test::synthetic_dunn_system(24, 0.08, 9);
  const test::GradientCheck g = test::check_force_gradient(model, s, 1e-5);
  ASSERT_GT(g.force_norm2, 1e-2);
  EXPECT_LT(g.relative_error, 1e-7);
}

INSTANTIATE_TEST_SUITE_P(Models, DunnVariant,
                         ::testing::Values(Variant{"tanh", {1.0, 0.8, 0.75}, kDunnEnsembleMean},
                                           Variant{"tanh", {1.0, 0.8, 0.75}, kDunnFullyConnected},
                                           Variant{"tanh", {1.0, 0.8, 0.75}, 2},
                                           Variant{"tanh", {0.9, 1.0, 0.8}, kDunnEnsembleMean},
                                           Variant{"tanh", {0.9, 1.0, 0.8}, 3},
                                           Variant{"sigmoid", {1.0, 0.8, 0.75}, kDunnEnsembleMean},
                                           Variant{"relu", {1.0, 0.8, 0.75}, 1},
                                           Variant{"elu", {0.9, 1.0, 0.8}, kDunnEnsembleMean}),
                         variant_name);

// The ensemble mean's shared first layer and averaged gradient give exactly the mean of the
// members' energies and forces, each member evaluated on its own.
TEST(DunnPotential, EnsembleMeanIsTheMeanOfTheMembers) {
  for (const std::vector<double>& keep : {std::vector<double>{1.0, 0.8, 0.75}, {0.9, 1.0, 0.8}}) {
    const DunnParams p = synthetic({"tanh", keep, 0});
    const System s = test::synthetic_dunn_system(30, 0.08, 13);
    DunnPotential model(p);
    const auto mean = test::evaluate(model, s);
    double e = 0.0;
    std::vector<double> fx(s.size(), 0.0);
    const int m_size = model.ensemble_size();
    for (int m = 1; m <= m_size; ++m) {
      model.set_active_member(m);
      const auto one = test::evaluate(model, s);
      e += one.result.energy / m_size;
      for (std::size_t i = 0; i < s.size(); ++i) fx[i] += one.fx[i] / m_size;
    }
    EXPECT_NEAR(mean.result.energy, e, 1e-12 * std::abs(e));
    for (std::size_t i = 0; i < s.size(); ++i) {
      EXPECT_NEAR(mean.fx[i], fx[i], 1e-12 * max_abs(fx)) << i;
    }
    model.set_active_member(kDunnFullyConnected);
    EXPECT_GT(std::abs(test::evaluate(model, s).result.energy - e), 1e-6)
        << "dropout should change the energy";
  }
}

// Forces, energy and virial with 2 and 3 threads equal one thread's up to summation order.
TEST(DunnPotential, ThreadsGiveTheSameResult) {
  DunnPotential model(synthetic({"tanh", {1.0, 0.8, 0.75}, kDunnEnsembleMean}));
  const System s = test::synthetic_dunn_system(50, 0.08, 17);
  const auto one = test::evaluate(model, s);
  const double scale = std::max({max_abs(one.fx), max_abs(one.fy), max_abs(one.fz)});
  ASSERT_GT(scale, 1e-3);
  for (int threads : {2, 3}) {
    ThreadTeam team(threads);
    const auto many = test::evaluate(model, s, 0.5, &team);
    for (std::size_t i = 0; i < s.size(); ++i) {
      ASSERT_NEAR(many.fx[i], one.fx[i], 1e-12 * scale) << threads << " threads, atom " << i;
      ASSERT_NEAR(many.fy[i], one.fy[i], 1e-12 * scale) << threads << " threads, atom " << i;
      ASSERT_NEAR(many.fz[i], one.fz[i], 1e-12 * scale) << threads << " threads, atom " << i;
    }
    EXPECT_NEAR(many.result.energy, one.result.energy, 1e-12 * std::abs(one.result.energy));
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(many.result.virial[k], one.result.virial[k], 1e-12 * scale * s.size());
    }
  }
}

// Between rebuilds atoms move inside the skin: the reused list gives a fresh list's result.
TEST(DunnPotential, ReusedListMatchesAFreshOne) {
  DunnPotential model(synthetic({"tanh", {1.0, 0.8, 0.75}, kDunnEnsembleMean}));
  System s = test::synthetic_dunn_system(40, 0.08, 19);
  NeighborList list(model.cutoff(), NeighborKind::Full, NeighborPolicy{0.6});
  model.bind(s);
  list.build(s);
  model.compute(s, list, {});
  test::jitter(s, 0.16, 23);  // at most 0.28 A: 2 x 0.28 < skin
  ASSERT_FALSE(list.update(s));
  const ForceResult reused = model.compute(s, list, {});
  const std::vector<double> fx(s.fx().begin(), s.fx().end());
  const auto fresh = test::evaluate(model, s);
  EXPECT_NEAR(reused.energy, fresh.result.energy, 1e-12 * std::abs(fresh.result.energy));
  for (std::size_t i = 0; i < s.size(); ++i) EXPECT_NEAR(fx[i], fresh.fx[i], 1e-11) << i;
}

TEST(DunnPotential, RejectsBadUse) {
  const DunnParams p = synthetic({"tanh", {1.0, 0.8, 0.75}, 0});
  EXPECT_THROW(DunnPotential(p, -2), std::invalid_argument);
  EXPECT_THROW(DunnPotential(p, 4), std::invalid_argument);  // 3 members
  DunnPotential model(p);
  EXPECT_EQ(model.cutoff(), 4.0);
  System ge(Box::cube(10), kMetalUnits);
  ge.add_species("Ge", 72.63);
  ge.add_atom(0, 1, 1, 1);
  try {
    model.bind(ge);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'Ge' is not in the model (it has C, Si)"),
              std::string::npos)
        << e.what();
  }
  const System s = test::synthetic_dunn_system(10, 0.08, 1);
  NeighborList half(model.cutoff(), NeighborKind::Half, NeighborPolicy{0.5});
  NeighborList short_list(3.0, NeighborKind::Full, NeighborPolicy{0.5});
  System t = s;
  model.bind(t);
  half.build(t);
  short_list.build(t);
  EXPECT_THROW(model.compute(t, half, {}), std::invalid_argument);
  EXPECT_THROW(model.compute(t, short_list, {}), std::invalid_argument);
}

// A model without an ensemble (M = 0) runs its one network whatever the mode, as the driver.
TEST(DunnPotential, NoEnsembleMeansFullyConnected) {
  test::SyntheticDunn o;
  o.members = 0;
  const DunnParams p = parse_dunn_params(test::synthetic_dunn_files(o));
  DunnPotential mean(p, kDunnEnsembleMean), full(p, kDunnFullyConnected);
  const System s = test::synthetic_dunn_system(20, 0.08, 2);
  EXPECT_EQ(test::evaluate(mean, s).result.energy, test::evaluate(full, s).result.energy);
  EXPECT_THROW(DunnPotential(p, 1), std::invalid_argument);
}

// The stage clocks md_bench reads (descriptor, network, descriptor backward): each runs, together
// they are the call's time (not more: no tick unit mistake), reset zeroes them, and the network's
// FLOPs are 2 per multiply-add of the mode for every atom of the call.
TEST(DunnPotential, StageClocksCoverTheCall) {
  DunnPotential model(synthetic({"tanh", {1.0, 0.8, 0.75}, kDunnEnsembleMean}));
  System s = test::synthetic_dunn_system(50, 0.08, 17);
  NeighborList list(model.cutoff(), NeighborKind::Full, NeighborPolicy{0.5});
  model.bind(s);
  list.build(s);
  model.compute(s, list, {});
  model.reset_stage_times();
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < 5; ++k) model.compute(s, list, {});
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const StageClocks clocks = model.stage_times();
  ASSERT_EQ(clocks.count, 3);
  for (int k = 0; k < clocks.count; ++k) {
    EXPECT_GT(clocks.stages[k].seconds, 0.0) << clocks.stages[k].name;
  }
  EXPECT_EQ(clocks.calls, 5);
  const double sum = clocks.total_seconds();
  EXPECT_LE(sum, 1.01 * wall + 1e-6);
  EXPECT_GE(sum, 0.3 * wall);
  EXPECT_EQ(model.network_flops_per_call(),
            2.0 * model.network_multiply_adds_per_atom() * static_cast<double>(s.size()));
  EXPECT_EQ(clocks.network_flops_per_call, model.network_flops_per_call());
  model.reset_stage_times();
  EXPECT_EQ(model.stage_times().total_seconds(), 0.0);
  EXPECT_EQ(model.stage_times().calls, 0);
}

}  // namespace
}  // namespace mdb
