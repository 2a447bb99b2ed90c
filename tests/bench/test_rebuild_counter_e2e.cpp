// steps_per_build against a rebuild policy that fixes it: lj-melt is LAMMPS's in.lj, whose list is
// rebuilt every 20 steps without a check (neigh_modify every 20 check no), so its timed steps
// rebuild exactly once in 20, wherever the timed region starts. md_report's tail rules read this
// counter (docs/REPORT.md), so a wrong count would excuse or accuse the wrong tails.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "compare/diff/gbench_json.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_path.hpp"

namespace mdb::bench {
namespace {

TEST(MdBenchRebuilds, StepsPerBuildFollowsTheCasesRebuildInterval) {
  const auto out = test::process_temp_path("mdbench_e2e_rebuilds", ".json");
  const test::CommandResult r = test::run_command(
      MDB_MD_BENCH_PATH,
      "--benchmark_filter='^(Step|Trajectory)/NVE/64/lj-melt/cpu/' --md_steps=100 "
      "--benchmark_min_time=0.01 --benchmark_out=" +
          out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const compare::BenchmarkFile f = compare::load_benchmark_json(out);
  std::filesystem::remove(out);
  int rows = 0;
  for (const compare::BenchmarkRun& run : f.runs) {
    SCOPED_TRACE(run.name);
    ASSERT_EQ(run.counters.count("steps_per_build"), 1u);
    const double k = run.counters.at("steps_per_build");
    if (run.name.rfind("Trajectory/", 0) == 0) {
      // 100 steps an iteration: a multiple of 20, so exactly five builds each.
      EXPECT_DOUBLE_EQ(k, 20.0);
    } else {
      // One step an iteration: the builds are a whole number, one in 20 steps give or take the
      // interval the timed region starts and ends in.
      const double steps = static_cast<double>(run.iterations);
      const double builds = steps / k;
      EXPECT_NEAR(builds, std::round(builds), 1e-6 * builds);
      EXPECT_LE(std::abs(builds - steps / 20.0), 1.0);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 2);
}

}  // namespace
}  // namespace mdb::bench
