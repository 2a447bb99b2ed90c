// Runs the md_bench binary as a user would and checks what it says and returns around the JSON:
// its listings (a public contract, docs/BENCHMARKS.md), its progress lines and its exit codes,
// which scripts and CI read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bench/counters.hpp"
#include "bench/registry_device.hpp"
#include "compare/diff/gbench_json.hpp"
#include "tests/bench/md_bench_e2e_support.hpp"

namespace mdb::bench {
namespace {

using md_bench_e2e::Result;
using md_bench_e2e::run_md_bench;
using md_bench_e2e::temp_json;

TEST(MdBenchErrors, BadFlagValuesExitWithCode2AndOneLine) {
  for (const char* args : {"--md_steps=abc", "--md_sizes=30", "--md_cases=nope", "--md_suite=huge",
                           "--md_bogus", "--not_a_flag", "--md_cuda=maybe", "--md_threads=0",
                           "--md_device=-1", "--md_device=1000"}) {
    const Result r = run_md_bench(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
    EXPECT_EQ(r.output.find("md_bench: "), 0u) << args << ": " << r.output;
  }
}

TEST(MdBenchErrors, UnstableSystemIsAnErrorRunNotACrash) {
  const auto out = temp_json("unstable");
  const Result r = run_md_bench(
      "--benchmark_filter='^Step/NVE/64/lj-ar|^Step/NVE/64/lj-melt|^Scaling/NVE/lj-ar' "
      "--md_sizes=32,64 --md_timestep=2.0 --benchmark_min_time=0.01 --benchmark_out=" +
      out.string());
  ASSERT_EQ(r.exit_code, 1) << r.output;  // rows in error: the run is not a success
  EXPECT_NE(r.output.find("ended in error"), std::string::npos) << r.output;
  const auto file = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  const auto* ar = file.find("Step/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(ar, nullptr);
  EXPECT_TRUE(ar->error_occurred);
  EXPECT_NE(ar->error_message.find("blew up"), std::string::npos) << ar->error_message;
  // The other benchmarks still ran (in LJ units a 2 tau step blows up as well), and a Scaling
  // family with no good size reports its errors (Google Benchmark's O(N) fit would crash on it).
  EXPECT_NE(file.find("Step/NVE/64/lj-melt/cpu/manual_time"), nullptr);
  for (const char* name :
       {"Scaling/NVE/lj-ar/cpu/32/manual_time", "Scaling/NVE/lj-ar/cpu/64/manual_time"}) {
    const auto* run = file.find(name);
    ASSERT_NE(run, nullptr) << name;
    EXPECT_TRUE(run->error_occurred) << name;
  }
  EXPECT_EQ(file.find("Scaling/NVE/lj-ar/cpu/manual_time_BigO"), nullptr);
}

TEST(MdBenchList, NamesFollowTheBenchmarkFilter) {
  const Result r = run_md_bench("--md_list=json --benchmark_filter=NVE/64/lj-melt");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = compare::parse_tolerant_json(r.output);
  ASSERT_FALSE(j["benchmarks"].empty());
  for (const auto& n : j["benchmarks"]) {
    EXPECT_NE(n.get<std::string>().find("NVE/64/lj-melt"), std::string::npos) << n;
  }
  EXPECT_EQ(run_md_bench("--md_list --benchmark_filter='('").exit_code, 2);
  EXPECT_EQ(run_md_bench("--benchmark_list_tests --benchmark_filter='Step/('").exit_code, 2);
}

TEST(MdBenchList, JsonListsCasesCountersAndNames) {
  const Result r = run_md_bench("--md_list=json --md_cases=lj-melt");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = compare::parse_tolerant_json(r.output);
  EXPECT_EQ(j["mdbench_schema"], "1");
  EXPECT_GE(j["cases"].size(), 2u);
  EXPECT_EQ(j["counters"].size(), counter_specs().size());
  bool found = false;
  for (const auto& n : j["benchmarks"]) {
    found = found || n == "Step/NVE/32000/lj-melt/cpu/manual_time";
    EXPECT_NE(n.get<std::string>().find("lj-melt"), std::string::npos);
  }
  EXPECT_TRUE(found);
}

// A run says how many benchmarks it selected and announces each as it starts ("[k/N] name");
// with JSON on stdout it stays silent, so a reader that merges stderr still gets JSON.
TEST(MdBenchProgress, EachBenchmarkIsAnnouncedUnlessStdoutIsJson) {
  const std::string two =
      "--benchmark_filter='^Step/NVE/32/lj-(ar|melt)/cpu/manual_time$' "
      "--md_sizes=32 --benchmark_min_time=0.01";
  const Result console = run_md_bench(two);
  ASSERT_EQ(console.exit_code, 0) << console.output;
  EXPECT_NE(console.output.find("md_bench: 2 benchmark(s) selected"), std::string::npos)
      << console.output;
  EXPECT_NE(console.output.find("[1/2] Step/NVE/32/lj-"), std::string::npos) << console.output;
  EXPECT_NE(console.output.find("[2/2] Step/NVE/32/lj-"), std::string::npos) << console.output;
  const Result json = run_md_bench(two + " --benchmark_format=json");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_EQ(json.output.find("[1/2]"), std::string::npos) << json.output;
  EXPECT_EQ(json.output.find("selected"), std::string::npos) << json.output;
}

// A run in which every selected benchmark ended in error exits 1, so CI cannot take it for a
// success; --md_allow_errors asks for 0. A healthy run exits 0 and says nothing of errors.
TEST(MdBenchErrors, ErrorRowsMakeTheExitCodeOneUnlessAllowed) {
  const std::string bad =
      "--benchmark_filter='^Step/NVE/32/lj-ar/cpu/manual_time$' --md_sizes=32 "
      "--md_timestep=1e9 --benchmark_min_time=0.01";
  const Result failed = run_md_bench(bad);
  EXPECT_EQ(failed.exit_code, 1) << failed.output;
  EXPECT_NE(failed.output.find("ERROR OCCURRED"), std::string::npos) << failed.output;
  const Result allowed = run_md_bench(bad + " --md_allow_errors");
  EXPECT_EQ(allowed.exit_code, 0) << allowed.output;
  const Result good = run_md_bench(
      "--benchmark_filter='^Step/NVE/32/lj-ar/cpu/manual_time$' --md_sizes=32 "
      "--benchmark_min_time=0.01");
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_EQ(good.output.find("ended in error"), std::string::npos) << good.output;
}

// --benchmark_list_tests prints names without preparing a state: a run prepares its rows' states
// first (and says so), a listing of the same filter does not, whichever form of the flag.
TEST(MdBenchList, ListTestsPreparesNothing) {
  const std::string scaling =
      "--benchmark_filter='^Scaling/NVE/lj-ar/cpu' --md_sizes=32,64 "
      "--benchmark_min_time=0.01";
  const Result run = run_md_bench(scaling);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("md_bench: prepared 2 state(s) in "), std::string::npos) << run.output;
  for (const char* flag : {"--benchmark_list_tests", "--benchmark_list_tests=true"}) {
    const Result listed = run_md_bench(scaling + " " + flag);
    ASSERT_EQ(listed.exit_code, 0) << listed.output;
    EXPECT_EQ(listed.output.find("prepar"), std::string::npos) << flag << listed.output;
    EXPECT_NE(listed.output.find("Scaling/NVE/lj-ar/cpu/64/manual_time"), std::string::npos)
        << listed.output;
  }
}

// The names, cases, families and counters md_bench lists are a public contract
// (docs/BENCHMARKS.md). The fixtures were written by md_bench before the engine seam (CPU and
// cuda rows from one set of family loops) and must still be what it lists; a deliberate change
// of the contract rewrites them (`md_bench --md_list=json`, without "kim_models", which lists
// whatever KIM models the machine has).
void expect_list_equals_fixture(const std::string& args, const char* fixture) {
  SCOPED_TRACE(fixture);
  const Result r = run_md_bench(args);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json listed = compare::parse_tolerant_json(r.output);
  listed.erase("kim_models");
  std::ifstream in(std::string(MDB_BENCH_DATA_DIR) + "/" + fixture);
  ASSERT_TRUE(in.good());
  const nlohmann::json expected = nlohmann::json::parse(in);
  for (const char* key : {"benchmarks", "cases", "families", "counters", "mdbench_schema"}) {
    EXPECT_EQ(listed[key], expected[key]) << key;
  }
  EXPECT_EQ(listed.size(), expected.size());
}

TEST(MdBenchList, NamesCasesAndCountersAreTheContract) {
#if !defined(MDB_HAVE_KIM) || !defined(MDB_HAVE_LAMMPS) || !defined(MDB_HAVE_PYTHON)
  GTEST_SKIP() << "the fixtures list the KIM cases and the LAMMPS and ASE Peer rows";
#endif
  expect_list_equals_fixture("--md_list=json", "md_list.json");
  if (cuda_built()) expect_list_equals_fixture("--md_list=json --md_cuda=on", "md_list_cuda.json");
}

}  // namespace
}  // namespace mdb::bench
