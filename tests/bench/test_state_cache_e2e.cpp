// md_bench with a state cache, as a user runs it twice: the second run starts from the state the
// first prepared, and an entry is taken only while the model gives the energy stored with it.
// The state a run uses is read back through --md_lammps_inputs (its data file is the state).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
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

}  // namespace
}  // namespace mdb::bench
