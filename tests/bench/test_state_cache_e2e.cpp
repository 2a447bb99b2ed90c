// md_bench with a state cache, as a user runs it twice: the second run starts from the state the
// first prepared, and an entry is taken only while the model gives the energy stored with it.
// The state a run uses is read back through --md_lammps_inputs (its data file is the state).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "bench/cases.hpp"
#include "bench/force_check.hpp"
#include "bench/prepared_state.hpp"
#include "bench/state_cache.hpp"
#include "compare/diff/gbench_json.hpp"
#include "md/structure/lammps_data.hpp"
#include "tests/support/run_command.hpp"

namespace mdb::bench {
namespace {

namespace fs = std::filesystem;

class StateCacheRun : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("mdbench-state-cache-e2e-" + std::to_string(::getpid()));
    fs::remove_all(base_);
  }
  void TearDown() override { fs::remove_all(base_); }

  // The data file of the lj-ar 64-atom NVE state as md_bench prepared it with `cache`.
  std::string state_written(const std::string& cache) {
    const fs::path out = base_ / ("inputs-" + std::to_string(++runs_));
    const auto r = test::run_command(
        MDB_MD_BENCH_PATH, "--md_state_cache=" + cache +
                               " --md_cases=lj-ar --md_sizes=64 --md_ensembles=NVE "
                               "--benchmark_filter='^Step/NVE/64/lj-ar/cpu/' --md_lammps_inputs=" +
                               out.string());
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::ifstream in(out / "NVE-64-lj-ar" / "data.lmp");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  fs::path base_;
  int runs_ = 0;
};

TEST_F(StateCacheRun, ALaterRunTakesTheStateOnlyWhileTheModelStillGivesItsEnergy) {
  const std::string fresh = state_written("off");
  ASSERT_FALSE(fresh.empty());
  const fs::path root = base_ / "cache";
  EXPECT_EQ(state_written(root.string()), fresh) << "a cold cache prepares the same state";
  fs::path build;
  int builds = 0;
  for (const auto& e : fs::directory_iterator(root)) {
    build = e.path();
    ++builds;
  }
  ASSERT_EQ(builds, 1);
  const StateCache cache(root.string(), build.filename().string());
  const CaseSpec& c = *find_case("lj-ar");
  const std::string key =
      equilibration_key(StateKey{&c, Ensemble::NVE, 64, 2026, c.timestep}).str();
  const auto entry = cache.load(key, *c.units);
  ASSERT_TRUE(entry.has_value()) << "stored under " << key;
  EXPECT_EQ(state_written(root.string()), fresh) << "a warm cache gives the same state";

  // An entry md_bench could not have made itself, with the model's true energy on it: taken, so
  // the run's state is that entry (proof that runs read the cache, not just write it).
  System moved = entry->system;
  moved.x()[0] += 0.05;
  auto model = c.recipe.make();
  const double moved_energy = energy_of(*model, moved);
  ASSERT_NE(moved_energy, entry->energy);
  ASSERT_TRUE(cache.store(key, moved, moved_energy));
  std::ostringstream expected;
  write_lammps_data(moved, expected);
  EXPECT_EQ(state_written(root.string()), expected.str());

  // The same entry with an energy the model does not give on it (another model made it): refused,
  // and the run prepares the state afresh.
  ASSERT_TRUE(cache.store(key, moved, entry->energy));
  EXPECT_EQ(state_written(root.string()), fresh);
}

// A student's accuracy against its teacher (8 frames labelled by c-dunn) is made once per build:
// a later run takes the figures the first one stored, the same to the last bit, and says so.
TEST_F(StateCacheRun, ALaterRunTakesAStudentsReferenceFiguresAsTheFirstMadeThem) {
  const fs::path root = base_ / "cache";
  fs::create_directories(base_);
  auto run = [&](const std::string& cache, const std::string& tag) {
    const fs::path out = base_ / (tag + ".json");
    const auto r =
        test::run_command(MDB_MD_BENCH_PATH,
                          "--md_state_cache=" + cache +
                              " --md_cases=c-nn-student --md_sizes=64 --md_ensembles=NVE "
                              "--md_peers=none --benchmark_filter='^Step/NVE/64/c-nn-student/cpu/' "
                              "--benchmark_min_time=0.01 --benchmark_out=" +
                              out.string());
    EXPECT_EQ(r.exit_code, 0) << r.output;
    const compare::BenchmarkFile f = compare::load_benchmark_json(out);
    EXPECT_EQ(f.runs.size(), 1u);
    return std::make_pair(r.output, f.runs.empty() ? compare::BenchmarkRun{} : f.runs[0]);
  };
  const auto [uncached_out, uncached] = run("off", "off");
  const auto [first_out, first] = run(root.string(), "first");
  const auto [second_out, second] = run(root.string(), "second");
  const std::string taken = "1 set(s) of reference figures taken from";
  EXPECT_EQ(first_out.find(taken), std::string::npos) << first_out;
  EXPECT_NE(second_out.find(taken), std::string::npos) << second_out;
  for (const char* figure : {"energy_mae", "force_rmse"}) {
    ASSERT_EQ(uncached.counters.count(figure), 1u) << figure;
    EXPECT_EQ(first.counters.at(figure), uncached.counters.at(figure)) << figure;
    EXPECT_EQ(second.counters.at(figure), uncached.counters.at(figure)) << figure;
  }
}

// Before any row runs, md_bench prepares the rows' states side by side (--md_prepare_threads):
// each state, including one equilibrated from another case's (si-nn-student from si-sw), is bit
// for bit the one a single thread prepares, and every state is stored.
TEST_F(StateCacheRun, StatesPreparedSideBySideAreTheOnesOneThreadPrepares) {
  // With the KIM API, a native EAM and two KIM models too (made side by side as well).
  std::string cases = "lj-ar,si-sw,si-nn-student";
  for (const char* c : {"al-eam", "si-sw-kim", "al-eam-kim"}) {
    if (find_case(c) != nullptr) cases += std::string(",") + c;
  }
  auto stored = [&](int threads) {
    const fs::path root = base_ / ("threads-" + std::to_string(threads));
    const auto r = test::run_command(
        MDB_MD_BENCH_PATH, "--md_state_cache=" + root.string() + " --md_prepare_threads=" +
                               std::to_string(threads) + " --md_cases=" + cases +
                               " --md_sizes=64,128 "
                               "--md_ensembles=NVE,NVT --md_peers=none --benchmark_filter='^Step/' "
                               "--benchmark_min_time=0.001");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::map<std::string, std::string> files;  // name -> bytes, of the one build's entries
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      files[e.path().filename().string()] = bytes.str();
    }
    return files;
  };
  const auto one = stored(1);
  const auto three = stored(3);
  EXPECT_GE(one.size(), 6u) << "lj-ar, si-sw and si-nn-student at 64 and 128 atoms";
  EXPECT_EQ(three.size(), one.size());
  for (const auto& [name, bytes] : one) {
    ASSERT_EQ(three.count(name), 1u) << name;
    EXPECT_TRUE(three.at(name) == bytes) << name << " differs";
  }
}

// Which changes give a build other states: bench/state_digest.cmake, the build step that names a
// build's folder in the cache, run on a small source tree. Sources of the engine, models, kernels,
// cases and data, a new model file and the toolchain change the digest; the harness, compare and
// an edit undone do not, and an unchanged digest leaves the generated file untouched.
TEST(StateDigestScript, ChangesWithWhatMakesTheStatesAndNotWithTheHarness) {
  const fs::path tree =
      fs::temp_directory_path() / ("mdbench-state-digest-" + std::to_string(::getpid()));
  fs::remove_all(tree);
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((tree / rel).parent_path());
    std::ofstream(tree / rel) << text;
  };
  for (const char* f : {"md/core/system.hpp", "model/sw.cpp", "kernels/cpu/pair.hpp",
                        "bench/cases.cpp", "bench/prepared_state.cpp", "bench/families.cpp",
                        "bench/data/student.json", "compare/diff.cpp"}) {
    write(f, std::string("// ") + f + "\n");
  }
  const fs::path out = tree / "build" / "state_digest.cpp";
  auto digest = [&](const std::string& toolchain) {
    const auto r = test::run_command(
        MDB_CMAKE_COMMAND, "-DSRC=" + tree.string() + " -DOUT=" + out.string() +
                               " '-DTOOLCHAIN=" + toolchain + "' -P " + MDB_STATE_DIGEST_SCRIPT);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    const auto open = s.find("return \"");
    return open == std::string::npos ? std::string("none") : s.substr(open + 8, 16);
  };
  fs::create_directories(out.parent_path());
  const std::string d0 = digest("GNU 12.2.0 Release -O3 march=x86-64-v4");
  EXPECT_EQ(d0.find_first_not_of("0123456789abcdef"), std::string::npos) << d0;
  const auto written = fs::last_write_time(out);
  EXPECT_EQ(digest("GNU 12.2.0 Release -O3 march=x86-64-v4"), d0);
  EXPECT_EQ(fs::last_write_time(out), written) << "rewritten without a change";
  auto same = [&](const std::string& what) {
    EXPECT_EQ(digest("GNU 12.2.0 Release -O3 march=x86-64-v4"), d0) << what;
  };
  auto other = [&](const std::string& what) {
    EXPECT_NE(digest("GNU 12.2.0 Release -O3 march=x86-64-v4"), d0) << what;
  };
  write("bench/families.cpp", "// the harness changed\n");
  same("a harness file");
  write("compare/diff.cpp", "// compare changed\n");
  same("compare");
  for (const char* f : {"md/core/system.hpp", "model/sw.cpp", "kernels/cpu/pair.hpp",
                        "bench/cases.cpp", "bench/prepared_state.cpp", "bench/data/student.json"}) {
    write(f, "// changed\n");
    other(f);
    write(f, std::string("// ") + f + "\n");
    same(std::string("undone: ") + f);
  }
  write("model/eam/new_model.cpp", "// a new model\n");
  other("a new model file");
  fs::remove(tree / "model/eam/new_model.cpp");
  same("the new file removed");
  EXPECT_NE(digest("GNU 12.2.0 Release -O3 march=x86-64-v3"), d0) << "another -march";
  fs::remove_all(tree);
}

}  // namespace
}  // namespace mdb::bench
