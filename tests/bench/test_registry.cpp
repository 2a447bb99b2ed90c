// The benchmark plan: the case table's sizes and units, the suites and the options that select
// rows, cases on request. The rows that run elsewhere than on one CPU thread (peer programs,
// thread teams, the GPU) are in test_registry_engines.cpp.
#include "bench/registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "bench/cases.hpp"
#include "bench/peers/lammps_script.hpp"
#include "tests/bench/registry_test_support.hpp"

namespace mdb::bench {
namespace {

using registry_test::contains;

TEST(CaseTable, SeedSizesAreExactLatticeSizes) {
  for (const CaseSpec& c : case_table()) {
    if (c.builder) {
      // A case of whole molecules (water: 3 atoms) has its own sizes: each is exact.
      for (int n : c.sizes)
        EXPECT_EQ(build_case_system(c, n, 1).size(), static_cast<std::size_t>(n));
      EXPECT_THROW(cells_for_atoms(c, 64), std::invalid_argument) << c.name;
      continue;
    }
    for (int n : {32, 64, 128, 256, 512, 1024}) {
      const auto cells = cells_for_atoms(c, n);
      EXPECT_EQ(cells[0] * cells[1] * cells[2] * atoms_per_cell(c.lattice), n) << c.name;
      EXPECT_LE(cells[0], cells[1]);
      EXPECT_LE(cells[1], cells[2]);
      EXPECT_EQ(build_case_system(c, n, 1).size(), static_cast<std::size_t>(n)) << c.name;
    }
  }
  const CaseSpec& ar = *find_case("lj-ar");
  EXPECT_EQ(cells_for_atoms(ar, 32000), (std::array<int, 3>{20, 20, 20}));
  EXPECT_EQ(cells_for_atoms(ar, 64), (std::array<int, 3>{2, 2, 4}));
  EXPECT_THROW(cells_for_atoms(ar, 30), std::invalid_argument);
  EXPECT_THROW(cells_for_atoms(ar, 0), std::invalid_argument);
}

TEST(CaseTable, LjMeltCopiesLammpsInLj) {
  const CaseSpec& c = *find_case("lj-melt");
  EXPECT_EQ(c.units->name, kLjUnits.name);
  EXPECT_DOUBLE_EQ(c.temperature, 1.44);
  EXPECT_DOUBLE_EQ(c.timestep, 0.005);
  EXPECT_DOUBLE_EQ(c.neighbor.skin, 0.3);
  EXPECT_EQ(c.neighbor.every, 20);
  EXPECT_FALSE(c.neighbor.check);
  // Density 0.8442 from the lattice constant.
  const System s = build_case_system(c, 32000, 1);
  EXPECT_NEAR(32000.0 / s.box().volume(), 0.8442, 1e-12);
  // Argon's tau with lj-ar's parameters: sigma sqrt(m / eps) = 3.405 A sqrt(39.948 amu /
  // 0.0104 eV) = 2.148 ps; eps / k_B = 120.7 K.
  EXPECT_NEAR(c.report.ps_per_time, 2.148, 2e-3);
  EXPECT_NEAR(c.report.kelvin_per_temperature, 120.69, 0.01);
  EXPECT_EQ(find_case("nope"), nullptr);
}

TEST(Plan, DefaultSuiteHasEveryFamilyWithStableNames) {
  const auto names = reported_names(plan_benchmarks(MdOptions{}));
  for (const char* n :
       {"Step/NVE/64/lj-ar/cpu/manual_time", "Step/NVT/64/lj-ar/cpu/manual_time",
        "Step/NPT/512/lj-ar/cpu/manual_time", "Trajectory/NVE/64/lj-ar/cpu/manual_time",
        "Scaling/NVE/lj-ar/cpu/4096/manual_time", "Batched/NVE/64/lj-ar/cpu/replicas:4/manual_time",
        "Step/NVE/32000/lj-melt/cpu/manual_time", "Trajectory/NVE/64/lj-melt/cpu/manual_time"}) {
    EXPECT_TRUE(contains(names, n)) << n;
  }
  // Names are unique, and --benchmark_filter=NVE/64 selects Step and Trajectory of every case.
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
  const std::regex filter("NVE/64");
  for (const CaseSpec& c : case_table()) {
    // A case of whole molecules has no 64-atom row (water's smallest is 64 molecules, 192 atoms).
    if (c.on_request || c.builder) continue;
    for (const char* family : {"Step", "Trajectory"}) {
      const std::string want = std::string(family) + "/NVE/64/" + c.name + "/cpu/manual_time";
      ASSERT_TRUE(contains(names, want)) << want;
      EXPECT_TRUE(std::regex_search(want, filter));
    }
  }
}

TEST(Plan, DefaultSuiteLeavesTheSizesScalingCoversToIt) {
  // Step and Scaling at one size time the same steps: the default suite has lj-ar's 256 atoms in
  // Scaling only, the full suite in Step too.
  const auto names = reported_names(plan_benchmarks(MdOptions{}));
  EXPECT_TRUE(contains(names, "Scaling/NVE/lj-ar/cpu/256/manual_time"));
  EXPECT_FALSE(contains(names, "Step/NVE/256/lj-ar/cpu/manual_time"));
  MdOptions full;
  full.suite = MdOptions::Suite::Full;
  EXPECT_TRUE(
      contains(reported_names(plan_benchmarks(full)), "Step/NVE/256/lj-ar/cpu/manual_time"));
}

TEST(Plan, QuickSuiteRunsEveryCaseOnceAtItsSmallestSize) {
  MdOptions o;
  o.suite = MdOptions::Suite::Quick;
  const auto plan = plan_benchmarks(o);
  const auto names = reported_names(plan);
  const int hw = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  int in_suites = 0;
  for (const CaseSpec& c : case_table()) {
    if (c.on_request) continue;
    ++in_suites;
    const int smallest = *std::min_element(c.sizes.begin(), c.sizes.end());
    const std::string ens(ensemble_name(c.ensembles.front()));
    const std::string at = "/" + ens + "/" + std::to_string(smallest) + "/" + c.name + "/cpu";
    EXPECT_TRUE(contains(names, "Step" + at + "/manual_time")) << c.name;
    EXPECT_TRUE(contains(names, "Trajectory" + at + "/manual_time")) << c.name;
    EXPECT_TRUE(contains(
        names, "Batched/" + ens + "/" + std::to_string(c.batched_atoms > 0 ? c.batched_atoms : 64) +
                   "/" + c.name + "/cpu/replicas:" + std::to_string(hw) + "/manual_time"))
        << c.name;
  }
  int step_rows = 0;
  for (const PlannedBenchmark& p : plan) {
    EXPECT_NE(p.spec.family, Family::Scaling) << p.name;
    EXPECT_EQ(p.spec.key.ensemble, find_case(p.spec.key.spec->name)->ensembles.front()) << p.name;
    if (p.spec.family == Family::Step) ++step_rows;
    if (p.spec.family == Family::Batched) {
      EXPECT_EQ(p.spec.replicas, hw) << p.name;
    }
  }
  EXPECT_EQ(step_rows, in_suites);
  // Fewer than a third of the default suite's rows.
  EXPECT_LT(3 * names.size(), reported_names(plan_benchmarks(MdOptions{})).size());
}

TEST(Plan, TrajectoryLengthIsTheCasesUnlessOverridden) {
  MdOptions o;
  for (long override_steps : {0L, 50L}) {
    o.steps = override_steps;
    int trajectories = 0;
    for (const PlannedBenchmark& p : plan_benchmarks(o)) {
      if (p.spec.family != Family::Trajectory) continue;
      ++trajectories;
      EXPECT_EQ(p.spec.trajectory_steps,
                override_steps > 0 ? override_steps : p.spec.key.spec->trajectory_steps)
          << p.name;
    }
    const auto in_suites = std::count_if(case_table().begin(), case_table().end(),
                                         [](const CaseSpec& c) { return !c.on_request; });
    EXPECT_GE(trajectories, in_suites) << "one per case at least";
  }
}

TEST(Plan, FullSuiteScalesToTheCap) {
  MdOptions o;
  o.suite = MdOptions::Suite::Full;
  const auto names = reported_names(plan_benchmarks(o));
  EXPECT_TRUE(contains(names, "Scaling/NVE/lj-ar/cpu/32768/manual_time"));
  EXPECT_TRUE(contains(names, "Scaling/NPT/lj-ar/cpu/32768/manual_time"));
  EXPECT_TRUE(contains(names, "Batched/NVT/1024/lj-ar/cpu/replicas:8/manual_time"));
}

TEST(Plan, OptionsSelectCasesSizesAndEnsembles) {
  MdOptions o;
  o.cases = {"lj-ar"};
  o.sizes = {32, 100};
  o.ensembles = {"NVT"};
  o.replicas = {3};
  const auto plan = plan_benchmarks(o);
  const auto names = reported_names(plan);
  EXPECT_TRUE(contains(names, "Step/NVT/100/lj-ar/cpu/manual_time"));
  EXPECT_TRUE(contains(names, "Batched/NVT/32/lj-ar/cpu/replicas:3/manual_time"));
  for (const auto& n : names) {
    EXPECT_NE(n.find("/NVT/"), std::string::npos) << n;
    EXPECT_EQ(n.find("lj-melt"), std::string::npos) << n;
  }
  for (const auto& p : plan) {
    if (p.spec.family == Family::Batched) {
      EXPECT_EQ(p.spec.replicas, 3);
    }
  }
  o.sizes = {30};
  EXPECT_THROW(plan_benchmarks(o), OptionError);
}

TEST(Plan, SizesAboveTheCapAreSkippedAndReported) {
  MdOptions o;
  o.cases = {"lj-ar"};
  o.sizes = {64, 4 * 100 * 100 * 100};
  std::vector<std::string> skipped;
  const auto names = reported_names(plan_benchmarks(o, &skipped));
  EXPECT_FALSE(skipped.empty());
  for (const auto& n : names) EXPECT_EQ(n.find("4000000"), std::string::npos) << n;
}

// A case on request (steps of about a second) is in no suite; naming it in --md_cases adds it.
TEST(Plan, CasesOnRequestRunOnlyWhenNamed) {
  CaseSpec slow = *find_case("si-sw");
  slow.name = "si-sw-on-request";
  slow.on_request = true;
  add_case(slow);
  auto rows_of = [](const MdOptions& o) {
    int n = 0;
    for (const auto& name : reported_names(plan_benchmarks(o))) {
      n += name.find("/si-sw-on-request/") != std::string::npos;
    }
    return n;
  };
  for (auto suite : {MdOptions::Suite::Quick, MdOptions::Suite::Default, MdOptions::Suite::Full}) {
    MdOptions o;
    o.suite = suite;
    EXPECT_EQ(rows_of(o), 0) << static_cast<int>(suite);
    o.models = {"sw"};
    EXPECT_EQ(rows_of(o), 0) << "selecting its model is not naming it";
  }
  MdOptions named;
  named.cases = {"si-sw", "si-sw-on-request"};
  const auto names = reported_names(plan_benchmarks(named));
  EXPECT_TRUE(contains(names, "Step/NVE/64/si-sw-on-request/cpu/manual_time"));
  EXPECT_TRUE(contains(names, "Step/NVE/64/si-sw/cpu/manual_time"));
}

// The DUNN carbon cases: native DunnPotential in the suites (NVE; Step at 64 and 512 atoms,
// Trajectory at 64, Batched replicas of one 8-atom cell), the KIM driver on request.
TEST(Plan, DunnCarbonNativeInTheSuitesKimOnRequest) {
  const CaseSpec* native = find_case("c-dunn");
  const CaseSpec* kim = find_case("c-dunn-kim");
  if (native == nullptr) GTEST_SKIP() << "built without KIM, or the DUNN carbon model is missing";
  ASSERT_NE(kim, nullptr);
  EXPECT_EQ(kim->same_potential_as, "c-dunn");
  EXPECT_TRUE(kim->on_request);
  EXPECT_FALSE(native->on_request);
  EXPECT_EQ(native->recipe.make()->name(), "dunn");
  const auto names = reported_names(plan_benchmarks(MdOptions{}));
  for (const char* n : {"Step/NVE/64/c-dunn/cpu/manual_time", "Step/NVE/512/c-dunn/cpu/manual_time",
                        "Trajectory/NVE/64/c-dunn/cpu/manual_time",
                        "Batched/NVE/8/c-dunn/cpu/replicas:8/manual_time"}) {
    EXPECT_TRUE(contains(names, n)) << n;
  }
  EXPECT_FALSE(contains(names, "Trajectory/NVE/512/c-dunn/cpu/manual_time"));
  for (const auto& n : names) {
    EXPECT_EQ(n.find("/c-dunn-kim/"), std::string::npos) << n;
    if (n.find("/c-dunn/") != std::string::npos) {
      EXPECT_EQ(n.find("/NVT/"), std::string::npos) << n;
      EXPECT_NE(n.rfind("Peer/", 0), 0u) << n;
    }
  }
  MdOptions o;
  o.cases = {"c-dunn", "c-dunn-kim"};
  const auto plan = plan_benchmarks(o);
  const auto requested = reported_names(plan);
  EXPECT_TRUE(contains(requested, "Step/NVE/64/c-dunn-kim/cpu/manual_time"));
  EXPECT_EQ(contains(requested, "Peer/NVE/64/c-dunn-kim/lammps/manual_time"), lammps_available());
  EXPECT_FALSE(contains(requested, "Step/NVE/512/c-dunn-kim/cpu/manual_time"));
  for (const auto& p : plan) {
    EXPECT_DOUBLE_EQ(p.spec.key.timestep, 0.0005) << p.name;
    if (p.spec.family == Family::Trajectory) {
      EXPECT_EQ(p.spec.trajectory_steps, p.spec.key.spec == kim ? 2 : 20) << p.name;
    }
  }
}

}  // namespace
}  // namespace mdb::bench
