// md_bench with a state cache, as a user runs it twice: the second run starts from the state the
// first prepared, and an entry is taken only while the model gives the energy stored with it.
// The state a run uses is read back through --md_lammps_inputs (its data file is the state).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "bench/cases.hpp"
#include "bench/force_check.hpp"
#include "bench/prepared_state.hpp"
#include "bench/state_cache.hpp"
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

}  // namespace
}  // namespace mdb::bench
