// Rows that time the same steps of the same engine on the same state (a Step row, the Scaling size
// and the one-replica Batched row beside it) are measured once (bench/shared_runs.hpp): the
// others report that run under their own names, say so, and carry their own family's counters.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "compare/diff/diff.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/samples.hpp"
#include "compare/report/step_samples.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_path.hpp"

namespace mdb::bench {
namespace {

// A custom case with a teacher, so that its Step rows carry accuracy counters and its Scaling
// and Batched rows do not; and a second case, whose rows share runs of their own.
const std::string kRows =
    "--md_case=si-sw-self:model=sw,lattice=diamond,a=5.431,species=Si,teacher=si-sw "
    "--md_case=si-sw-twin:model=sw,lattice=diamond,a=5.431,species=Si "
    "--benchmark_filter='^(Step|Batched)/NV./64/si-sw-(self|twin)/|^Scaling/NVE/si-sw-(self|twin)/"
    "' "
    "--md_sizes=64,128 --md_replicas=1,2 --md_peers=none --benchmark_min_time=0.05 ";

struct SuiteRun {
  test::CommandResult result;
  std::map<std::string, compare::BenchmarkRun> rows;  ///< runs, by name
  std::vector<compare::BenchmarkRun> aggregates;      ///< statistics and fits
  compare::StepSamples samples;
  compare::SampleSet set;  ///< as compare reads the file
};

SuiteRun run_md_bench(const std::string& args, const std::string& tag) {
  const auto json = test::process_temp_path("mdbench_shared_" + tag + ".json");
  const auto samples = test::process_temp_path("mdbench_shared_" + tag + "_samples.json");
  SuiteRun r{test::run_command(MDB_MD_BENCH_PATH, args + " --benchmark_out=" + json.string() +
                                                      " --md_samples_out=" + samples.string()),
             {},
             {},
             {},
             {}};
  if (std::filesystem::exists(json)) {
    compare::BenchmarkFile file = compare::load_benchmark_json(json);
    r.set = compare::collect_samples({file});
    for (compare::BenchmarkRun& row : file.runs) {
      if (row.is_aggregate()) {
        r.aggregates.push_back(row);
      } else {
        r.rows[row.name] = row;
      }
    }
    r.samples = compare::load_step_samples(samples);
  }
  std::filesystem::remove(json);
  std::filesystem::remove(samples);
  return r;
}

const std::string kStep = "Step/NVE/64/si-sw-self/cpu/manual_time";
const std::string kScaling = "Scaling/NVE/si-sw-self/cpu/64/manual_time";
const std::string kBatched1 = "Batched/NVE/64/si-sw-self/cpu/replicas:1/manual_time";
const std::string kBatched2 = "Batched/NVE/64/si-sw-self/cpu/replicas:2/manual_time";
const std::string kStepNvt = "Step/NVT/64/si-sw-self/cpu/manual_time";

TEST(MdBenchSharedRuns, RowsTimingTheSameStepsReportTheStepRowsRun) {
  const SuiteRun r = run_md_bench(kRows, "one");
  ASSERT_EQ(r.result.exit_code, 0) << r.result.output;
  for (const std::string& name : {kStep, kScaling, kBatched1, kBatched2, kStepNvt}) {
    ASSERT_EQ(r.rows.count(name), 1u) << name << "\n" << r.result.output;
  }
  const compare::BenchmarkRun& step = r.rows.at(kStep);
  EXPECT_EQ(step.label, "");
  ASSERT_EQ(step.counters.count("force_rmse"), 1u) << "a Step row of a student carries accuracy";
  for (const std::string& name : {kScaling, kBatched1}) {
    const compare::BenchmarkRun& row = r.rows.at(name);
    EXPECT_EQ(row.label, "measured by Step/NVE/64/si-sw-self/cpu") << name;
    EXPECT_EQ(row.iterations, step.iterations) << name;
    EXPECT_EQ(row.real_time, step.real_time) << name;
    EXPECT_EQ(row.counters.at("p99_us"), step.counters.at("p99_us")) << name;
    EXPECT_EQ(row.counters.at("allocs_per_step"), step.counters.at("allocs_per_step")) << name;
    EXPECT_EQ(row.counters.count("force_rmse"), 0u) << name << ": its family carries none";
    EXPECT_EQ(row.counters.count("energy_mae"), 0u) << name;
    const auto* mine = r.samples.find(name);
    const auto* steps = r.samples.find(kStep);
    ASSERT_NE(mine, nullptr) << name;
    ASSERT_NE(steps, nullptr);
    EXPECT_EQ(*mine, *steps) << name;
  }
  EXPECT_EQ(r.rows.at(kScaling).family_index + 1, r.rows.at(kBatched1).family_index);
  // The next size is measured, and the O(N) fit over both is no row's measurement.
  EXPECT_EQ(r.rows.at("Scaling/NVE/si-sw-self/cpu/128/manual_time").label, "");
  ASSERT_EQ(r.aggregates.size(), 4u) << "each Scaling family's BigO and RMS";
  for (const compare::BenchmarkRun& fit : r.aggregates) EXPECT_EQ(fit.label, "") << fit.name;
  // Another engine (two replicas) and another ensemble are their own measurements.
  EXPECT_EQ(r.rows.at(kBatched2).label, "");
  EXPECT_EQ(r.rows.at(kStepNvt).label, "");
  EXPECT_NE(r.rows.at(kStepNvt).real_time, step.real_time);
  // The other case's Scaling size shares its own Step row's run, and every row, shared or
  // measured, is announced once.
  EXPECT_EQ(r.rows.at("Scaling/NVE/si-sw-twin/cpu/64/manual_time").label,
            "measured by Step/NVE/64/si-sw-twin/cpu");
  const std::string total = "/" + std::to_string(r.rows.size()) + "] ";
  std::size_t announced = 0;
  for (std::size_t at = r.result.output.find(total); at != std::string::npos;
       at = r.result.output.find(total, at + 1)) {
    ++announced;
  }
  EXPECT_EQ(announced, r.rows.size()) << r.result.output;
  EXPECT_NE(r.result.output.find("[" + std::to_string(r.rows.size()) + total), std::string::npos)
      << r.result.output;
  // compare reads the label md_bench wrote: the rows that report the Step row's run are judged
  // under it, and only they.
  const compare::Comparison c = compare::compare_samples(r.set, r.set, compare::Policy{});
  std::size_t labelled = 0;
  for (const compare::BenchmarkDiff& row : c.rows) {
    const auto it = r.rows.find(row.name);
    if (it == r.rows.end()) continue;  // a fit (BigO, RMS): compare leaves those out
    const bool shared = !it->second.label.empty();
    labelled += shared ? 1 : 0;
    EXPECT_EQ(row.status == compare::RowStatus::kShared, shared) << row.name;
  }
  EXPECT_GE(labelled, 3u);
  EXPECT_EQ(c.summary.shared, labelled);
  const compare::BenchmarkSamples* scaling = r.set.find(kScaling);
  ASSERT_NE(scaling, nullptr);
  EXPECT_EQ(scaling->measured_by, "Step/NVE/64/si-sw-self/cpu");
}

// Repetitions are there to sample the machine again: every row measures its own.
TEST(MdBenchSharedRuns, RepetitionsMeasureEveryRow) {
  const SuiteRun r = run_md_bench(kRows + "--benchmark_repetitions=2", "repeated");
  ASSERT_EQ(r.result.exit_code, 0) << r.result.output;
  ASSERT_EQ(r.rows.count(kScaling), 1u) << r.result.output;
  for (const auto& [name, row] : r.rows) EXPECT_EQ(row.label, "") << name;
  EXPECT_EQ(r.result.output.find("measured by"), std::string::npos) << r.result.output;
}

}  // namespace
}  // namespace mdb::bench
