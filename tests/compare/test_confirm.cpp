// compare on single runs: a timing change it cannot test is "likely", never a failure, and the
// output carries the commands that would decide it. Real md_bench runs of this 2-core machine
// are the fixtures (aa_*: the same binary run twice; md_steps*: a known 10 % change), so the
// noise is the real one.
#include "compare/diff/confirm.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "compare/diff/cli.hpp"
#include "compare/diff/diff.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/samples.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

SampleSet load_samples(const std::string& file) {
  return collect_samples(load_benchmark_files({(kData / file).string()}));
}

// A slower step in one row, as md_bench would report it: times and latencies grow by `factor`,
// rates shrink by it.
void slow_down(SampleSet& s, const std::string& name, double factor) {
  BenchmarkSamples* b = s.find(name);
  ASSERT_NE(b, nullptr) << name;
  for (const char* m : {"real_time", "cpu_time", "us_per_atom", "p50_us", "p95_us", "p99_us"})
    for (double& v : b->metrics[m]) v *= factor;
  for (const char* m : {"atom_steps_per_s", "steps_per_s", "ns_per_day"})
    for (double& v : b->metrics[m]) v /= factor;
}

const MetricDiff* time_of(const Comparison& c, const std::string& name) {
  for (const auto& row : c.rows)
    if (row.name == name) return row.metric("real_time");
  return nullptr;
}

TEST(ExactFilter, SelectsExactlyTheNamesAsGoogleBenchmarkMatchesThem) {
  const std::vector<std::string> names = {"Step/NVE/64/lj-ar/cpu/manual_time",
                                          "BM_x/min_time:0.500/repeats:2", "odd(name)|x*"};
  const std::string filter = exact_filter(names);
  EXPECT_EQ(filter.substr(0, 38), "^(Step/NVE/64/lj-ar/cpu/manual_time|BM");
  // Google Benchmark compiles the filter as a POSIX extended expression and searches the name.
  const std::regex re(filter, std::regex::extended);
  for (const auto& n : names) EXPECT_TRUE(std::regex_search(n, re)) << n;
  for (const std::string other :
       {"Step/NVE/64/lj-ar/cpu/manual_time/x", "Trajectory/Step/NVE/64/lj-ar/cpu/manual_time",
        "BM_x/min_time:0x500/repeats:2", "odd(name)", "x"})
    EXPECT_FALSE(std::regex_search(other, re)) << other;
}

TEST(ConfirmCommands, NothingLikelyNothingToRun) {
  const SampleSet a = load_samples("aa_nve64_run1.json");
  EXPECT_TRUE(confirm_commands(compare_samples(a, a, Policy{}), "p", "p").empty());
}

TEST(ConfirmCommands, RerunTheLikelyRegressionsWithRepetitionsOnBothSides) {
  const SampleSet old_set = load_samples("aa_nve64_run1.json");
  SampleSet new_set = load_samples("aa_nve64_run2.json");
  const std::string row = "Step/NVE/64/si-nn-student/cpu/manual_time";
  slow_down(new_set, row, 1.10);
  const Comparison c = compare_samples(old_set, new_set, Policy{});
  const std::vector<std::string> likely = likely_regressions(c);
  ASSERT_FALSE(likely.empty());
  const std::vector<std::string> lines = confirm_commands(c, "./build/bench/md_bench", "it's/b");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[1], "  for i in 1 2 3 4 5; do");
  const std::string filter = "--benchmark_filter='" + exact_filter(likely) + "'";
  // OLD first in every round, then NEW: the gate's interleaving, 5 x 2 = 10 samples a side.
  EXPECT_TRUE(has(lines[2], "'./build/bench/md_bench' " + filter)) << lines[2];
  EXPECT_TRUE(has(lines[2], "--benchmark_repetitions=2 --benchmark_out=old-$i.json")) << lines[2];
  EXPECT_TRUE(has(lines[3], R"('it'\''s/b' )")) << lines[3];  // quoted for the shell
  EXPECT_TRUE(has(lines[3], "--benchmark_out=new-$i.json")) << lines[3];
  EXPECT_EQ(lines[4], "  done");
  EXPECT_TRUE(has(lines[5],
                  "compare --old old-1.json --old old-2.json --old old-3.json --old "
                  "old-4.json --old old-5.json --new new-1.json"))
      << lines[5];
  EXPECT_TRUE(has(lines[2], row)) << lines[2];
}

// The issue's workflow: `md_bench --benchmark_filter=NVE/64` twice, one repetition each. Rows
// moved by up to +68 % with nothing changed; none of that may fail the run.
TEST(SingleRuns, AnAOfRealRunsPassesAndSaysWhatItCannotTell) {
  const SampleSet a = load_samples("aa_nve64_run1.json"), b = load_samples("aa_nve64_run2.json");
  const Comparison c = compare_samples(a, b, Policy{});
  EXPECT_FALSE(c.failed);
  EXPECT_EQ(c.summary.regressed, 0u);
  EXPECT_GT(c.summary.likely_regressed, 0u);  // the noise is there, and it is shown
  for (const auto& row : c.rows) {
    for (const auto& m : row.metrics) {
      if (m.verdict == Verdict::kLikelyRegressed || m.verdict == Verdict::kLikelyImproved) {
        EXPECT_TRUE(m.spec.varies_between_runs && !m.confirmed) << row.name << " " << m.spec.name;
      }
    }
  }
}

// A 10 % slower step in one row of a real single run is a likely regression, not a failure.
TEST(SingleRuns, ATenPercentSlowerRowIsALikelyRegression) {
  const std::string row = "Step/NVE/64/si-nn-student/cpu/manual_time";
  SampleSet slow = load_samples("aa_nve64_run2.json");
  slow_down(slow, row, 1.10);
  const Comparison c = compare_samples(load_samples("aa_nve64_run1.json"), slow, Policy{});
  const MetricDiff* t = time_of(c, row);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->verdict, Verdict::kLikelyRegressed) << t->change;
  EXPECT_FALSE(c.failed);
}

TEST(SingleRuns, TheCommandLineSaysLikelyExitsZeroAndPrintsTheCommands) {
  std::ostringstream out, err;
  const int code = run_compare({(kData / "aa_nve64_run1.json").string(),
                                (kData / "aa_nve64_run2.json").string(), "--no-color"},
                               out, err, false);
  EXPECT_EQ(code, 0) << out.str() << err.str();
  EXPECT_TRUE(has(out.str(), "likely regressed")) << out.str();
  EXPECT_TRUE(has(out.str(), "--benchmark_repetitions=2")) << out.str();
  EXPECT_TRUE(has(out.str(), "'./md_bench' --benchmark_filter='^(")) << out.str();
  std::ostringstream md;
  run_compare({(kData / "aa_nve64_run1.json").string(), (kData / "aa_nve64_run2.json").string(),
               "--format=md"},
              md, err, false);
  EXPECT_TRUE(has(md.str(), "```sh\nfor i in 1 2 3 4 5; do\n  './md_bench' --benchmark_filter="))
      << md.str();
}

// The confirming runs decide: real md_bench runs in 5 alternating rounds of 2 repetitions
// (ci/gate_calibration.sh, MDB_CAL_HEAD_ARGS=--md_steps=1100 on NEW: every Trajectory iteration
// 10 % longer, the Step row unchanged) on the loaded 2-core VM. The slower row fails, confirmed;
// the unchanged one stays the same.
TEST(TenRepetitions, AKnownTenPercentSlowerRowFailsAndTheOtherDoesNot) {
  const Comparison c = compare_samples(load_samples("md_steps1000_abba.json"),
                                       load_samples("md_steps1100_abba.json"), Policy{});
  EXPECT_TRUE(c.failed);
  const MetricDiff* slow = time_of(c, "Trajectory/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(slow, nullptr);
  EXPECT_EQ(slow->verdict, Verdict::kRegressed);
  EXPECT_TRUE(slow->confirmed);
  EXPECT_EQ(slow->n_new, 10u);
  const MetricDiff* same = time_of(c, "Step/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(same, nullptr);
  EXPECT_EQ(same->verdict, Verdict::kSame);
  EXPECT_TRUE(confirm_commands(c, "a", "b").empty());  // nothing left to decide
}

}  // namespace
}  // namespace mdb::compare
