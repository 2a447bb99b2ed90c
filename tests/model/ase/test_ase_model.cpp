// The ASE model against ASE itself, run in a separate /usr/bin/python3 process on the same
// coordinates (tests/model/ase/ase_reference.py): EMT and ASE's Lennard-Jones give md_bench what
// they give ASE to 1e-12; ASE's Lennard-Jones equals the native one; the conformance suite
// (finite differences, strain derivatives, invariance, NVE); every bad spec and a calculator that
// raises mid-run are one line; and 10^4 steps leak no Python object.
#include "model/ase/ase_calculator.hpp"

#include <gtest/gtest.h>
#include <pybind11/embed.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "md/structure/extxyz.hpp"
#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "tests/model/model_conformance.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

// The misbehaving calculators (mdb_test_calculators.py) import from here; set before the first
// model starts the interpreter.
const int kPythonPath = setenv("PYTHONPATH", MDB_ASE_TEST_DIR, 1);

System copper() {
  System s = build_lattice({LatticeKind::Fcc, 3.61, 3, 3, 3}, {"Cu", 63.546}, kMetalUnits);
  test::jitter(s, 0.1, 3);
  return s;
}

// ASE's EMT is pure Python (~50 ms a call at 32 atoms here): the conformance suite runs it small.
System small_copper() {
  System s = build_lattice({LatticeKind::Fcc, 3.61, 2, 2, 2}, {"Cu", 63.546}, kMetalUnits);
  test::jitter(s, 0.1, 3);
  return s;
}

System argon() {
  System s = build_lattice({LatticeKind::Fcc, 5.26, 3, 3, 3}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.2, 5);
  return s;
}

const char* kLjArgon = R"({"sigma": 3.405, "epsilon": 0.0104, "rc": 8.5})";

AseSpec spec(const char* module, const char* cls, const char* kwargs = "{}") {
  return {module, cls, kwargs};
}

// ASE in its own process: energy, forces and stress of `s` with the calculator `a`.
nlohmann::json reference(const System& s, const AseSpec& a) {
  static_cast<void>(kPythonPath);
  // ctest runs each test in a process of its own, in parallel: a file per process.
  const std::string xyz =
      testing::TempDir() + "/ase_reference_" + std::to_string(::getpid()) + ".xyz";
  write_extxyz(s, xyz);
  const std::string cmd = std::string("/usr/bin/python3 ") + MDB_ASE_TEST_DIR +
                          "/ase_reference.py " + xyz + " " + a.module + " " + a.cls + " '" +
                          a.kwargs + "'";
  FILE* pipe = popen(cmd.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::string text;
  char buf[4096];
  while (pipe && std::fgets(buf, sizeof buf, pipe)) text += buf;
  EXPECT_EQ(pipe ? pclose(pipe) : -1, 0) << cmd;
  std::filesystem::remove(xyz);
  return nlohmann::json::parse(text);
}

void expect_as_ase(const AseSpec& a, const System& s) {
  AseCalculatorModel model(a);
  const auto got = test::evaluate(model, s);
  const nlohmann::json want = reference(s, a);
  const double e = want["energy"];
  ASSERT_NE(e, 0.0);
  EXPECT_NEAR(got.result.energy, e, 1e-12 * std::abs(e));
  double fmax = 0.0;
  for (const auto& row : want["forces"]) {
    for (double f : row) fmax = std::max(fmax, std::abs(f));
  }
  ASSERT_GT(fmax, 1e-3);
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(got.fx[i], want["forces"][i][0].get<double>(), 1e-12 * fmax) << i;
    ASSERT_NEAR(got.fy[i], want["forces"][i][1].get<double>(), 1e-12 * fmax) << i;
    ASSERT_NEAR(got.fz[i], want["forces"][i][2].get<double>(), 1e-12 * fmax) << i;
  }
  // md's virial is -V times ASE's stress.
  const auto& len = s.box().lengths();
  const double v = len[0] * len[1] * len[2];
  const int idx[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
  double wmax = 0.0;
  for (double w : got.result.virial) wmax = std::max(wmax, std::abs(w));
  for (int k = 0; k < 6; ++k) {
    const double w = -v * want["stress"][idx[k][0]][idx[k][1]].get<double>();
    EXPECT_NEAR(got.result.virial[k], w, 1e-12 * wmax) << "component " << k;
  }
}

TEST(AseModel, EmtGivesWhatAseGives) {
  expect_as_ase(spec("ase.calculators.emt", "EMT"), copper());
}

TEST(AseModel, LennardJonesGivesWhatAseGives) {
  expect_as_ase(spec("ase.calculators.lj", "LennardJones", kLjArgon), argon());
}

// ASE's LJ (shifted to 0 at rc, its default) is the native shifted LJ.
TEST(AseModel, AsesLennardJonesIsTheNativeOne) {
  AseCalculatorModel ase_lj(spec("ase.calculators.lj", "LennardJones", kLjArgon));
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}};
  p.cutoff = 8.5;
  p.shift = true;
  LennardJones<double> native(p);
  const System s = argon();
  const auto a = test::evaluate(ase_lj, s);
  const auto b = test::evaluate(native, s);
  EXPECT_NEAR(a.result.energy, b.result.energy, 1e-10 * std::abs(b.result.energy));
  double fmax = 0.0;
  for (double f : b.fx) fmax = std::max(fmax, std::abs(f));
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(a.fx[i], b.fx[i], 1e-10 * fmax) << i;
    ASSERT_NEAR(a.fy[i], b.fy[i], 1e-10 * fmax) << i;
    ASSERT_NEAR(a.fz[i], b.fz[i], 1e-10 * fmax) << i;
  }
}

void expect_bad_spec(const AseSpec& a, const std::string& part) {
  try {
    AseCalculatorModel m(a);
    ADD_FAILURE() << a.text() << " was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("ase:" + a.text() + ": ", 0), 0u) << what;
    EXPECT_NE(what.find(part), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(AseModel, BadSpecsAreOneLine) {
  expect_bad_spec(spec("no_such_module", "X"),
                  "cannot import module 'no_such_module': ModuleNotFoundError");
  expect_bad_spec(spec("ase.calculators.emt", "NoSuchClass"),
                  "module 'ase.calculators.emt' has no 'NoSuchClass'");
  expect_bad_spec(spec("mdb_test_calculators", "NotACalculator"),
                  "NotACalculator is no ASE calculator");
  expect_bad_spec(spec("mdb_test_calculators", "RaisingInConstructor"),
                  "RaisingInConstructor(...) raised RuntimeError: no weights file given");
}

TEST(AseModel, ASpeciesThatIsNoElementIsNamed) {
  AseCalculatorModel m(spec("ase.calculators.emt", "EMT"));
  const System s = build_lattice({LatticeKind::Fcc, 3.61, 2, 2, 2}, {"Xx", 63.5}, kMetalUnits);
  try {
    m.bind(s);
    FAIL() << "bound a species that is no element";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("species 'Xx' is no element symbol"), std::string::npos)
        << e.what();
  }
}

TEST(AseModel, ACalculatorThatRaisesMidRunIsOneLine) {
  AseCalculatorModel m(spec("mdb_test_calculators", "Raising", R"({"after": 2})"));
  System s = copper();
  NeighborList list(m.cutoff(), m.neighbor_kind(), NeighborPolicy{});
  m.bind(s);
  list.build(s);
  for (int k = 0; k < 2; ++k) {
    s.x()[0] += 0.01;  // a new configuration each call, so the calculator computes
    m.compute(s, list, {true, false});
  }
  s.x()[0] += 0.01;
  try {
    m.compute(s, list, {true, false});
    FAIL() << "the third call should raise";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "ase:mdb_test_calculators:Raising:{\"after\": 2}: Raising raised ValueError: the "
                 "model diverged at step 3");
  }
}

long python_objects() {
  pybind11::gil_scoped_acquire gil;
  return pybind11::len(pybind11::module_::import("gc").attr("get_objects")());
}

long rss_kb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// 10^4 steps through the bridge (a numpy calculator, so that md_bench's side is what runs):
// Python's own object count and the process's resident memory stay put (a leaked array per step
// would be ~10^4 objects and ~8 MB here).
TEST(AseModel, TenThousandStepsLeakNothing) {
  AseCalculatorModel m(spec("mdb_test_calculators", "Springs"));
  System s = build_lattice({LatticeKind::Fcc, 3.61, 2, 2, 2}, {"Cu", 63.546}, kMetalUnits);
  test::jitter(s, 0.05, 9);
  NeighborList list(m.cutoff(), m.neighbor_kind(), NeighborPolicy{});
  m.bind(s);
  list.build(s);
  auto step = [&](int k) {
    s.x()[k % s.size()] += (k % 2 ? 1e-3 : -1e-3);
    m.compute(s, list, {true, true});
  };
  for (int k = 0; k < 200; ++k) step(k);  // warm: caches, numpy's pools
  const long objects = python_objects();
  const long rss = rss_kb();
  for (int k = 0; k < 10000; ++k) step(k);
  EXPECT_LT(python_objects() - objects, 100);
  EXPECT_LT(rss_kb() - rss, 2048);
}

}  // namespace

namespace test {
namespace {

ModelCase ase_case(const char* name, AseSpec a, System (*system)(), double temperature, double dt,
                   double bound) {
  ModelCase c;
  c.name = name;
  c.make = [a] { return std::make_unique<AseCalculatorModel>(a); };
  c.system = system;
  c.interaction_range = 9.0;  // beyond ASE's LJ (8.5 A) and EMT's (~5 A for Cu) cutoffs
  c.nve_temperature = temperature;
  c.nve_dt = dt;
  c.nve_steps = 100;
  c.nve_bound = bound;
  c.fd_every = 7;  // every 7th atom: each check is two Python calls
  return c;
}

INSTANTIATE_TEST_SUITE_P(
    Ase, ModelConformance,
    ::testing::Values(ase_case("emt_cu", spec("ase.calculators.emt", "EMT"), small_copper, 300.0,
                               0.002, 5e-4),
                      ase_case("lj_ar", spec("ase.calculators.lj", "LennardJones", kLjArgon), argon,
                               40.0, 0.004, 1e-5)),
    model_case_name);

}  // namespace
}  // namespace test
}  // namespace mdb
