// A user's own network through --md_case=NAME:model=nn:<weights.json>: the file's network is the
// one that runs (forces equal to the same network built in process), it runs end to end through
// md_bench, and every kind of bad file is a one-line error with exit code 2.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "bench/custom_case.hpp"
#include "compare/diff/gbench_json.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"
#include "tests/support/run_command.hpp"

namespace mdb::bench {
namespace {

const std::string kTinyNet = std::string(MDB_BENCH_DATA_DIR) + "/nn_tiny_si.json";
const std::string kSiLattice = ",lattice=diamond,a=5.431,species=Si";

// tests/bench/data/nn_tiny_si.json written out in C++, independent of the file reader.
NnSpec tiny_spec() {
  NnSpec s;
  s.name = "tiny-si";
  s.species = {"Si"};
  s.aev.radial_cutoff = 3.8;
  s.aev.radial_eta = 4.0;
  s.aev.radial_shifts = {1.5, 2.5};
  s.aev.angular_cutoff = 3.0;
  s.aev.angular_eta = 4.0;
  s.aev.zeta = 2.0;
  s.aev.angle_shifts = {0.7853981633974483, 2.356194490192345};
  s.aev.angular_shifts = {2.35};
  s.celu_alpha = 0.1;
  s.energy_shifts = {-4.0};
  s.networks = {
      {{4, 3, {0.5, -0.3, 0.2, 0.1, -0.4, 0.6, -0.1, 0.3, 0.2, 0.2, 0.5, -0.6}, {0.05, -0.1, 0.0}},
       {3, 1, {0.3, -0.5, 0.4}, {0.01}}}};
  return s;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("mdbench-test-custom-nn-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The tiny network's text with one piece replaced, written to a temporary file.
std::string broken_copy(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = slurp(kTinyNet);
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("test data lacks '" + from + "'");
  text.replace(at, from.size(), to);
  const std::string path = temp_path(name);
  std::ofstream(path) << text;
  return path;
}

void expect_same_forces(const test::Evaluation& a, const test::Evaluation& b) {
  ASSERT_EQ(a.fx.size(), b.fx.size());
  for (std::size_t i = 0; i < a.fx.size(); ++i) {
    EXPECT_EQ(a.fx[i], b.fx[i]) << i;
    EXPECT_EQ(a.fy[i], b.fy[i]) << i;
    EXPECT_EQ(a.fz[i], b.fz[i]) << i;
  }
  EXPECT_EQ(a.result.energy, b.result.energy);
}

double max_abs_force(const test::Evaluation& e) {
  double m = 0;
  for (std::size_t i = 0; i < e.fx.size(); ++i) {
    m = std::max({m, std::abs(e.fx[i]), std::abs(e.fy[i]), std::abs(e.fz[i])});
  }
  return m;
}

TEST(CustomNn, TheFilesNetworkIsWhatRuns) {
  const CaseSpec c = parse_custom_case("tnn:model=nn:" + kTinyNet + kSiLattice);
  EXPECT_EQ(c.model, "nn:" + kTinyNet);
  EXPECT_FALSE(static_cast<bool>(c.recipe.lammps_pair));
  auto ff = c.recipe.make();
  EXPECT_EQ(ff->name(), "tiny-si");  // no baseline by default
  const System sys = test::jittered_silicon(2, 0.15, 7);
  const auto from_file = test::evaluate(*ff, sys);
  NnPotential<float> in_process(tiny_spec());
  const auto reference = test::evaluate(in_process, sys);
  expect_same_forces(from_file, reference);
  EXPECT_GT(max_abs_force(reference), 1e-2);  // the comparison is not between zeros
  // energy_shifts are in the energy: 64 atoms x -4 eV plus a network term of under 1 eV each.
  EXPECT_NEAR(reference.result.energy, -256.0, 64.0);

  // One weight off gives other forces, so equality above means the file's weights ran.
  NnSpec other = tiny_spec();
  other.networks[0][0].weights[0] += 0.1;
  NnPotential<float> perturbed(other);
  EXPECT_NE(test::evaluate(perturbed, sys).fx, reference.fx);
}

TEST(CustomNn, BaselineSwAddsStillingerWeber) {
  const CaseSpec c = parse_custom_case("tnnsw:model=nn:" + kTinyNet + ",baseline=sw" + kSiLattice);
  auto ff = c.recipe.make();
  EXPECT_EQ(ff->name(), "tiny-si+sw");
  const System sys = test::jittered_silicon(2, 0.15, 8);
  NnPotential<float> nn(tiny_spec());
  StillingerWeber sw(SwParams::silicon());
  const auto total = test::evaluate(*ff, sys);
  const auto a = test::evaluate(nn, sys), b = test::evaluate(sw, sys);
  EXPECT_NEAR(total.result.energy, a.result.energy + b.result.energy, 1e-9);
  for (std::size_t i = 0; i < sys.size(); ++i) {
    EXPECT_NEAR(total.fx[i], a.fx[i] + b.fx[i], 1e-9) << i;
    EXPECT_NEAR(total.fz[i], a.fz[i] + b.fz[i], 1e-9) << i;
  }
}

struct BadCase {
  std::string spec;     // after "bad:"
  std::string message;  // a part of the one-line error
};

// One of each kind of bad input, files written to temporary paths (removed by the caller).
std::vector<BadCase> bad_cases(std::vector<std::string>& files) {
  auto keep = [&](std::string p) {
    files.push_back(p);
    return p;
  };
  const std::string dir = keep(temp_path("dir"));
  std::filesystem::create_directory(dir);
  const std::string empty = keep(temp_path("empty.json"));
  std::ofstream(empty) << "\n";
  const std::string cut = keep(temp_path("cut.json"));
  std::ofstream(cut) << slurp(kTinyNet).substr(0, 200);
  const std::string first = keep(broken_copy(
      "first.json", "[[0.5, -0.3, 0.2, 0.1], [-0.4, 0.6, -0.1, 0.3], [0.2, 0.2, 0.5, -0.6]]",
      "[[0.5, -0.3, 0.2], [-0.4, 0.6, -0.1], [0.2, 0.2, 0.5]]"));
  const std::string hidden =
      keep(broken_copy("hidden.json", "[[0.3, -0.5, 0.4]]", "[[0.3, -0.5]]"));
  const std::string bias = keep(broken_copy("bias.json", "[0.05, -0.1, 0.0]", "[0.05, -0.1]"));
  const std::string nan = keep(broken_copy("nan.json", "[-0.4, 0.6,", "[-0.4, NaN,"));
  const std::string inf = keep(broken_copy("inf.json", "[0.01]", "[-Infinity]"));
  const std::string huge = keep(broken_copy("huge.json", "-4.0", "-4e999"));
  const std::string m = "bad:model=nn:";
  return {
      {m + "/nonexistent/w.json" + kSiLattice, "/nonexistent/w.json: cannot open"},
      {m + dir + kSiLattice, dir + ": is a directory, not a weights file"},
      {m + empty + kSiLattice, empty + ": the file is empty"},
      {m + cut + kSiLattice, cut + ": not valid JSON"},
      {m + kTinyNet + ",lattice=diamond,a=3.567,species=C",
       kTinyNet + ": the network has no species 'C' (it covers Si)"},
      {m + first + kSiLattice,
       first + ": network 'Si' layer 0 takes 3 inputs, expected 4 (the AEV length: 1 species x 2 "
               "radial_shifts + 1 species pairs x 2 angle_shifts x 1 angular_shifts)"},
      {m + hidden + kSiLattice, hidden + ": network 'Si' layer 1 takes 2 inputs, expected 3"},
      {m + bias + kSiLattice, bias + ": network 'Si' layer 0 has 2 biases, expected 3"},
      {m + nan + kSiLattice, nan + ": network 'Si' layer 0 weights row 1 entry is NaN (every "
                                   "value must be a finite number)"},
      {m + inf + kSiLattice, inf + ": network 'Si' layer 1 bias entry is -Infinity"},
      {m + huge + kSiLattice, huge + ": energy shift of 'Si' is -4e999, beyond double's range"},
      {m + kTinyNet + ",baseline=lj" + kSiLattice, "baseline=lj is not none, sw or sw:<file.sw>"},
      {"bad:model=sw,baseline=sw" + kSiLattice, "baseline= goes with model=nn:<file> only"},
      {"bad:model=nn:" + kSiLattice, "model=nn:<weights.json> needs a file"},
  };
}

void remove_all(const std::vector<std::string>& files) {
  for (const auto& f : files) std::filesystem::remove_all(f);
}

TEST(CustomNn, EachBadInputIsOneLineNamingTheCaseAndTheFile) {
  std::vector<std::string> files;
  for (const BadCase& b : bad_cases(files)) {
    try {
      parse_custom_case(b.spec);
      ADD_FAILURE() << b.spec << " was accepted";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("--md_case bad: ", 0), 0u) << what;
      EXPECT_NE(what.find(b.message), std::string::npos) << b.spec << "\n -> " << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  remove_all(files);
}

using Result = test::CommandResult;

Result run_md_bench(const std::string& args) {
  return test::run_command(MDB_MD_BENCH_PATH, args);
}

TEST(CustomNnMdBench, BadInputsExitWithCode2AndOneLine) {
  std::vector<std::string> files;
  for (const BadCase& b : bad_cases(files)) {
    const Result r = run_md_bench("'--md_case=" + b.spec + "'");
    EXPECT_EQ(r.exit_code, 2) << b.spec << ": " << r.output;
    EXPECT_EQ(r.output.rfind("md_bench: --md_case bad: ", 0), 0u) << r.output;
    EXPECT_NE(r.output.find(b.message), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "one line: " << r.output;
  }
  remove_all(files);
}

TEST(CustomNnMdBench, UserNetworkRunsEndToEnd) {
  const std::string out = temp_path("run.json");
  const std::string common = kSiLattice + ",sizes=64,ensembles=NVE";
  const Result r =
      run_md_bench("'--md_case=tnn:model=nn:" + kTinyNet + common +
                   "' '--md_case=tnnsw:model=nn:" + kTinyNet + ",baseline=sw" + common +
                   "' --md_cases=tnn,tnnsw --md_peers=none "
                   "--benchmark_filter='^Step/NVE/64/tnn' --benchmark_min_time=0.01 "
                   "--benchmark_out=" +
                   out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto file = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  for (const char* c : {"tnn", "tnnsw"}) {
    const auto* run = file.find(std::string("Step/NVE/64/") + c + "/cpu/manual_time");
    ASSERT_NE(run, nullptr) << c << "\n" << r.output;
    EXPECT_FALSE(run->error_occurred) << c << ": " << run->error_message;
    EXPECT_EQ(run->counters.at("natoms"), 64.0) << c;
    EXPECT_GT(run->counters.at("steps_per_s"), 0.0) << c;
    EXPECT_EQ(run->counters.count("nn_descriptor_frac"), 1u) << c;  // an NN row, stages and all
  }
}

}  // namespace
}  // namespace mdb::bench
