#include "compare/diff/cli.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/diff.hpp"
#include "compare/diff/gbench_json.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

CliRun run(std::vector<std::string> args, bool tty = false) {
  std::ostringstream out, err;
  const int code = run_compare(with_data_folder(std::move(args)), out, err, tty);
  return {code, out.str(), err.str()};
}

// --- the cases the gate depends on ---------------------------------------------------------------

TEST(CompareCli, IdenticalFilesPass) {
  const CliRun r = run({"base.json", "base.json"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "no regression")) << r.out;
  EXPECT_TRUE(r.err.empty());
}

TEST(CompareCli, RerunOfTheSameCodePasses) {
  EXPECT_EQ(run({"base.json", "base_rerun.json"}).code, 0);
}

TEST(CompareCli, TwentyPercentSlowdownWithTenRepetitionsFails) {
  const CliRun r = run({"base.json", "slow20.json"});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "REGRESSED")) << r.out;
  EXPECT_FALSE(has(r.out, "unconfirmed")) << r.out;
  EXPECT_TRUE(has(r.out, "Step/NVE/64/lj-ar/cpu/manual_time")) << r.out;
}

TEST(CompareCli, TwoPercentChangePasses) {
  const CliRun r = run({"base.json", "change2.json"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "OVERALL_GEOMEAN")) << r.out;
}

TEST(CompareCli, NoisyOverlappingSamplesAreNotSignificant) {
  const CliRun r = run({"noisy_old.json", "noisy_new.json"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "not significant")) << r.out;
}

TEST(CompareCli, CounterRegressionsFail) {
  const CliRun drift = run({"base.json", "drift.json"});
  EXPECT_EQ(drift.code, 1) << drift.out;
  EXPECT_TRUE(has(drift.out, "|energy_drift|")) << drift.out;
  const CliRun allocs = run({"base.json", "allocs.json"});
  EXPECT_EQ(allocs.code, 1) << allocs.out;
  EXPECT_TRUE(has(allocs.out, "allocs_per_step")) << allocs.out;
}

TEST(CompareCli, MissingAndNewBenchmarksAreListed) {
  const CliRun r = run({"base.json", "renamed.json"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time")) << r.out;
  EXPECT_TRUE(has(r.out, "only in OLD")) << r.out;
  EXPECT_TRUE(has(r.out, "Step/NVE/512/lj-ar/cpu/manual_time")) << r.out;
  EXPECT_TRUE(has(r.out, "only in NEW")) << r.out;
}

TEST(CompareCli, ErrorRunsInNewFailAndSizeMismatchesAreFlagged) {
  const CliRun e = run({"base.json", "errors.json"});
  EXPECT_EQ(e.code, 1) << e.out;
  EXPECT_TRUE(has(e.out, "error in NEW: blow-up: non-finite positions at step 412")) << e.out;
  const CliRun m = run({"base.json", "size_mismatch.json"});
  EXPECT_EQ(m.code, 0) << m.out;
  EXPECT_TRUE(has(m.out, "size mismatch: natoms 64 -> 108")) << m.out;
}

// 3 repetitions per side cannot reach p < 0.05: a 20 % slower step is only likely, which does
// not fail, and the output says how to decide it.
TEST(CompareCli, TooFewRepetitionsSaySoAndGateOnlyWhatIsNotNoise) {
  const CliRun r = run({"reps3_base.json", "reps3_slow.json"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "likely regressed")) << r.out;
  EXPECT_TRUE(has(r.out, "too few repetitions")) << r.out;
  EXPECT_TRUE(has(r.out,
                  "'./build/bench/md_bench' --benchmark_filter='^(Step/NVE/64/lj-ar/cpu/"
                  "manual_time)$' --benchmark_repetitions=2"))
      << r.out;
}

TEST(CompareCli, NonFiniteValuesAndAggregatesOnlyAreTolerated) {
  const CliRun nf = run({"nonfinite.json", "nonfinite.json"});
  EXPECT_EQ(nf.code, 0) << nf.out << nf.err;
  const CliRun agg = run({"base.json", "aggregates_only.json"});
  EXPECT_EQ(agg.code, 0) << agg.out << agg.err;
  EXPECT_TRUE(has(agg.out, "only aggregate rows")) << agg.out;
}

// JSON as Google Benchmark 1.8/1.9 writes it: a benchmark that skipped itself (SkipWithMessage:
// "skipped": true and zero times) is reported as skipped, never as a 100 % faster sample; the
// library's own rates (items_per_second, bytes_per_second) are judged, higher being better.
TEST(CompareCli, SkippedRowsAreSkippedAndLibraryRatesAreJudged) {
  const CliRun r = run({"gb19_old.json", "gb19_new.json", "--format=json"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;  // BM_parse is 20 % slower
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["summary"]["skipped"], 1);
  EXPECT_EQ(j["summary"]["improved"], 0);
  bool saw_skip = false, saw_items = false, saw_bytes = false;
  for (const auto& row : j["benchmarks"]) {
    if (row["name"] == "BM_memcpy/64") {
      saw_skip = true;
      EXPECT_EQ(row["status"], "skipped");
      EXPECT_NE(row["note"].get<std::string>().find("no AVX-512 here"), std::string::npos);
      EXPECT_TRUE(row["metrics"].empty()) << row.dump();
    }
    if (row["name"] != "BM_parse/1024") continue;
    for (const auto& m : row["metrics"]) {
      if (m["metric"] == "items_per_second") {
        saw_items = true;
        EXPECT_EQ(m["verdict"], "regressed") << m.dump();
      }
      if (m["metric"] == "bytes_per_second") {
        saw_bytes = true;
        EXPECT_EQ(m["verdict"], "regressed") << m.dump();
      }
    }
  }
  EXPECT_TRUE(saw_skip && saw_items && saw_bytes) << r.out;
  const CliRun text = run({"gb19_old.json", "gb19_new.json"});
  EXPECT_TRUE(has(text.out, "1 skipped")) << text.out;
}

TEST(CompareCli, RealMdBenchOutputComparesWithItself) {
  const CliRun r = run({"md_bench_real.json", "md_bench_real.json"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Scaling/NVE/lj-ar/cpu/64/manual_time")) << r.out;
  EXPECT_TRUE(has(r.out, "BigO/RMS rows skipped")) << r.out;
  EXPECT_FALSE(has(r.out, "is not in compare's table")) << r.out;
}

TEST(CompareCli, SeveralFilesPerSidePoolTheirRepetitions) {
  const CliRun r = run({"--old", "reps3_base.json", "--old", "reps3_base.json", "--new",
                        "reps3_slow.json", "--new", "reps3_slow.json", "--format=json"});
  EXPECT_EQ(r.code, 1);
  const auto doc = nlohmann::json::parse(r.out);
  bool seen = false;
  for (const auto& b : doc["benchmarks"]) {
    if (b["name"] != "Step/NVE/64/lj-ar/cpu/manual_time") continue;
    for (const auto& m : b["metrics"]) {
      if (m["metric"] != "real_time") continue;
      seen = true;
      EXPECT_EQ(m["n_old"], 6);
      EXPECT_EQ(m["n_new"], 6);
      EXPECT_TRUE(m["confirmed"].get<bool>());  // 6 per side is enough for alpha 0.05
    }
  }
  EXPECT_TRUE(seen);
}

// --- modes
// -----------------------------------------------------------------------------------------

TEST(CompareCli, FiltersComparesTwoGroupsOfOneFile) {
  const CliRun r = run({"--filters", "teacher_student.json", "nn-teacher", "nn-student"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Step/NVE/64/[nn-teacher vs nn-student]/cpu/manual_time")) << r.out;
  EXPECT_TRUE(has(r.out, "Speed-up")) << r.out;
  // 2000 us / 180 us with the fixture's +-1 % noise (make_fixtures.py, seed 13).
  EXPECT_TRUE(has(r.out, "Step/NVE/64/[nn-teacher vs nn-student]/cpu/manual_time  10.99x"))
      << r.out;
  EXPECT_TRUE(has(r.out, "Step/NVE/256/[nn-teacher vs nn-student]/cpu/manual_time  11.08x"))
      << r.out;
  // Groups that overlap, or a bad pattern, are usage errors.
  EXPECT_EQ(run({"--filters", "teacher_student.json", "nn-", "nn-student"}).code, 2);
  EXPECT_EQ(run({"--filters", "teacher_student.json", "nn-teacher", "(nn"}).code, 2);
  const CliRun none = run({"--filters", "teacher_student.json", "nn-teacher", "nn-nothing"});
  EXPECT_EQ(none.code, 2);
  EXPECT_TRUE(has(none.err, "nn-nothing")) << none.err;
}

TEST(CompareCli, BaselineDirectoryPicksTheMatchingMachine) {
  const CliRun r = run({"--baseline", (kData / "baselines").string(), "base.json"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "baselines/epyc.json (matched: mdbench_cpu_model")) << r.out;
  EXPECT_FALSE(has(r.out, "-66.")) << r.out;  // the 3x slower Xeon run was not picked
  // With the stored-baseline policy, times are shown but not gated, and limits still apply.
  const CliRun p = run({"--baseline", (kData / "baselines").string(), "--policy",
                        (kData / "baselines/policy.json").string(), "allocs.json"});
  EXPECT_EQ(p.code, 1) << p.out;
  EXPECT_TRUE(has(p.out, "LIMIT BROKEN")) << p.out;
  const CliRun missing = run({"--baseline", "/nonexistent-dir", "base.json"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_TRUE(has(missing.err, "/nonexistent-dir")) << missing.err;
}

// --- output formats ------------------------------------------------------------------------------

TEST(CompareCli, MarkdownJsonAndAnnotations) {
  const CliRun md = run({"--format=md", "base.json", "slow20.json"});
  EXPECT_EQ(md.code, 1);
  EXPECT_TRUE(has(md.out, "| Benchmark | Metric |")) << md.out;
  EXPECT_TRUE(has(md.out, ":x: regression")) << md.out;
  EXPECT_TRUE(has(md.out, "**REGRESSED**")) << md.out;

  const CliRun js = run({"--format", "json", "base.json", "slow20.json"});
  const auto doc = nlohmann::json::parse(js.out);
  EXPECT_EQ(doc["exit_code"], 1);
  EXPECT_EQ(doc["summary"]["regressed"], 1);
  EXPECT_EQ(doc["benchmarks"][0]["metrics"][0]["verdict"], "regressed");
  EXPECT_EQ(doc["benchmarks"][0]["metrics"][0]["test"], "exact");

  const CliRun gh = run({"--github", "base.json", "slow20.json"});
  EXPECT_TRUE(has(
      gh.out, "::error title=Performance regression::Step/NVE/64/lj-ar/cpu/manual_time: real_time"))
      << gh.out;
  EXPECT_TRUE(has(gh.out, "%25")) << gh.out;  // "+20.0%" escaped for the workflow command
  const CliRun warn = run({"--github", "base.json", "renamed.json"});
  EXPECT_TRUE(has(warn.out, "::warning title=Benchmark missing::")) << warn.out;
}

// A regressed metric of a benchmark, as compare_samples would leave it.
MetricDiff regressed(const char* metric, double old_value, double new_value) {
  MetricDiff m;
  m.spec.name = metric;
  m.spec.unit = "ns";
  m.old_value = old_value;
  m.new_value = new_value;
  m.change = new_value / old_value - 1.0;
  m.n_old = m.n_new = 10;
  m.verdict = Verdict::kRegressed;
  return m;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(GithubAnnotations, OnePerBenchmarkWithEveryFindingInIt) {
  Comparison c;
  BenchmarkDiff slow;
  slow.name = "Step/NVE/64/lj-ar/cpu/manual_time";
  slow.metrics = {regressed("real_time", 100, 130), regressed("cpu_time", 100, 125)};
  slow.violations.push_back({"allocs_per_step", 3, "<= 0"});
  BenchmarkDiff gone;
  gone.name = "Step/NVE/512/lj-ar/cpu/manual_time";
  gone.status = RowStatus::kOnlyOld;
  c.rows = {gone, slow};
  std::ostringstream out;
  write_github_annotations(out, c);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 2u) << out.str();
  // The failing benchmark first, its three findings in one message, titled by the worst.
  EXPECT_EQ(lines[0].rfind("::error title=Performance regression::" + slow.name + ": ", 0), 0u)
      << lines[0];
  EXPECT_NE(lines[0].find("real_time"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("cpu_time"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("allocs_per_step = 3"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "::warning title=Benchmark missing::" + gone.name + ": only in OLD");
}

TEST(GithubAnnotations, PastTenTheLastCountsTheRest) {
  Comparison c;
  for (int i = 0; i < 14; ++i) {
    BenchmarkDiff row;
    row.name = "Step/NVE/" + std::to_string(64 + i) + "/lj-ar/cpu/manual_time";
    row.metrics = {regressed("real_time", 100, 150), regressed("cpu_time", 100, 150)};
    c.rows.push_back(row);
  }
  std::ostringstream out;
  write_github_annotations(out, c);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), kMaxAnnotations) << out.str();
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_NE(lines[i].find(c.rows[i].name), std::string::npos) << lines[i];
  }
  EXPECT_EQ(lines.back(),
            "::error title=More benchmarks::5 more benchmark(s) with findings (5 failing); the job "
            "summary lists them all");
}

// Found by fuzzing (docs/FUZZING.md, F7): a 200,000-byte benchmark name matched against the
// stored-baseline policy's regexes overflowed the stack inside std::regex_search (a segfault in
// Release). A name that long is refused with one line and exit 2.
TEST(CompareCli, AHugeBenchmarkNameIsRefusedNotMatched) {
  const auto file = std::filesystem::temp_directory_path() / "mdbench_compare_huge_name.json";
  {
    nlohmann::json doc = nlohmann::json::parse(read_text_file(kData / "base.json"));
    doc["benchmarks"][0]["name"] = std::string(200000, 'x');
    doc["benchmarks"][0]["run_name"] = doc["benchmarks"][0]["name"];
    std::ofstream(file) << doc.dump();
  }
  const std::string policy =
      (std::filesystem::path(MDB_COMPARE_DATA_DIR) / "../../../ci/baselines/policy.json").string();
  const CliRun r = run({"--policy", policy, file.string(), file.string()});
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.err, "longer than 1024 bytes")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  std::filesystem::remove(file);
}

TEST(CompareCli, CommandLineBeatsThePolicyFile) {
  const auto policy = std::filesystem::temp_directory_path() / "mdbench_compare_loose_policy.json";
  {
    std::ofstream f(policy);
    f << R"({"time_threshold": 0.5, "overrides": [
             {"benchmarks": "^Step/NVE/64/", "metrics": {"real_time": {"threshold": 0.5}}}]})";
  }
  EXPECT_EQ(run({"--policy", policy.string(), "base.json", "slow20.json"}).code, 0);
  const CliRun strict = run({"--policy", policy.string(), "--threshold", "0.05", "--format=json",
                             "base.json", "slow20.json"});
  EXPECT_EQ(strict.code, 1);
  const auto doc = nlohmann::json::parse(strict.out);
  EXPECT_EQ(doc["benchmarks"][0]["metrics"][0]["metric"], "real_time");
  EXPECT_EQ(doc["benchmarks"][0]["metrics"][0]["threshold"], 0.05);  // beat the override
  EXPECT_EQ(doc["benchmarks"][0]["metrics"][0]["verdict"], "regressed");
  std::filesystem::remove(policy);
}

TEST(CompareCli, MarkdownEscapesTableCharacters) {
  const CliRun md = run({"--format=md", "base.json", "drift.json"});
  EXPECT_TRUE(has(md.out, "| \\|energy_drift\\| |")) << md.out;
}

TEST(CompareCli, ColourOnlyOnATerminalOrWhenAsked) {
  setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(has(run({"base.json", "slow20.json"}, true).out, "\033["));
  EXPECT_TRUE(has(run({"--color=always", "base.json", "slow20.json"}, true).out, "\033["));
  unsetenv("NO_COLOR");
  EXPECT_FALSE(has(run({"base.json", "slow20.json"}).out, "\033["));
  EXPECT_TRUE(has(run({"base.json", "slow20.json"}, true).out, "\033[31m"));
  EXPECT_FALSE(has(run({"--no-color", "base.json", "slow20.json"}, true).out, "\033["));
  EXPECT_TRUE(has(run({"--color=always", "base.json", "slow20.json"}).out, "\033["));
}

TEST(CompareCli, AllShowsEveryMetric) {
  EXPECT_FALSE(has(run({"base.json", "base.json"}).out, "frac_force"));
  EXPECT_TRUE(has(run({"--all", "base.json", "base.json"}).out, "frac_force"));
}

TEST(ReportFormat, ValuesChangesAndPValues) {
  EXPECT_EQ(format_value(11020, "ns"), "11.02 us");
  EXPECT_EQ(format_value(11000, "ns"), "11.00 us");
  EXPECT_EQ(format_value(2.5e9, "ns"), "2.500 s");
  EXPECT_EQ(format_value(187.7, "us"), "187.7 us");
  EXPECT_EQ(format_value(5.329e6, "1/s"), "5.329M/s");
  EXPECT_EQ(format_value(0.0005, "meV/atom/ps"), "0.0005 meV/atom/ps");
  EXPECT_EQ(format_value(NAN, "ns"), "n/a");
  EXPECT_EQ(format_change(0.2), "+20.0%");
  EXPECT_EQ(format_change(-0.021), "-2.1%");
  EXPECT_EQ(format_change(NAN), "n/a");
}

// --- bad input: exit 2 with one line naming the file
// -----------------------------------------------

TEST(CompareCli, BadInputExitsTwoWithOneLineNamingTheFile) {
  const struct {
    std::string file, expect;
  } cases[] = {
      {"/nonexistent/r.json", "cannot open /nonexistent/r.json"},
      {"malformed.json", "malformed.json: invalid JSON at line 14"},
      {"empty.json", "empty.json"},
      {"empty_benchmarks.json", "empty_benchmarks.json: no benchmark runs"},
      {"not_gbench.json", "not_gbench.json: not Google Benchmark JSON"},
      {"no_benchmarks.json", "not Google Benchmark JSON"},
  };
  for (const auto& c : cases) {
    const CliRun r = run({"base.json", c.file});
    EXPECT_EQ(r.code, 2) << c.file;
    EXPECT_TRUE(has(r.err, c.expect)) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(CompareCli, BadUsageExitsTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {},
           {"base.json"},
           {"a.json", "b.json", "c.json"},
           {"--format=html", "base.json", "base.json"},
           {"--alpha", "1.5", "base.json", "base.json"},
           {"--threshold", "five", "base.json", "base.json"},
           {"--bogus", "base.json", "base.json"},
           {"--old", "base.json", "base.json"},
           {"--baseline", "d", "--old", "base.json", "base.json"},
           {"--filters", "teacher_student.json", "a"},
           {"--policy", "/nonexistent/policy.json", "base.json", "base.json"},
           {"--github", "--format=json", "base.json", "base.json"},
       }) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << (args.empty() ? "(none)" : args[0]);
    EXPECT_TRUE(has(r.err, "compare: ")) << r.err;
  }
  const CliRun help = run({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_TRUE(has(help.out, "usage: compare"));
}

}  // namespace
}  // namespace mdb::compare
