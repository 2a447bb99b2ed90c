#include "compare/report/report_cli.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compare/diff/cli.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

// Bare fixture names ("x.json") are taken from the data directory.
CliRun run(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_md_report(with_data_folder(std::move(args)), out, err);
  return {code, out.str(), err.str()};
}

class TempDir {
 public:
  TempDir()
      : path_(std::filesystem::temp_directory_path() /
              ("mdb_report_cli_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Bad input: exit 2 and exactly one line on stderr, naming the tool.
void expect_bad(const CliRun& r, const std::string& part) {
  EXPECT_EQ(r.code, kExitBadInput) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("md_report: ", 0), 0u) << r.err;
  EXPECT_TRUE(has(r.err, part)) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(ReportCli, WritesTheHtmlFile) {
  TempDir dir;
  const CliRun r =
      run({"report_run.json", "--samples", "report_samples.json", "-o", dir.file("r.html")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_TRUE(has(r.err, "wrote " + dir.file("r.html") + " (19 benchmarks)"));
  const std::string html = slurp(dir.file("r.html"));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(has(html, "id=\"histograms\""));
}

TEST(ReportCli, DefaultOutputIsReportHtml) {
  TempDir dir;
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const CliRun r = run({"report_run.json"});
  std::filesystem::current_path(cwd);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "report.html"));
}

TEST(ReportCli, StdoutForDashAndMarkdown) {
  const CliRun html = run({"report_run.json", "-o", "-"});
  EXPECT_EQ(html.code, 0);
  EXPECT_EQ(html.out.rfind("<!DOCTYPE html>", 0), 0u);
  const CliRun md = run({"--format=md", "report_run.json"});
  EXPECT_EQ(md.code, 0) << md.err;
  EXPECT_EQ(md.out.rfind("### mdbench report", 0), 0u);
  EXPECT_TRUE(md.err.empty());
}

TEST(ReportCli, ComparisonOfTwoMdBenchRuns) {
  const CliRun r = run({"report_run.json", "report_run2.json", "-o", "-"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "id=\"comparison\""));
  EXPECT_TRUE(has(r.out, "compared benchmark(s) regressed"));
}

TEST(ReportCli, RegressionIsReportedButDoesNotFailTheReport) {
  const CliRun r = run({"base.json", "slow20.json", "--format=md"});
  EXPECT_EQ(r.code, 0) << r.err;
  std::ostringstream out, err;
  EXPECT_EQ(run_compare({(kData / "base.json").string(), (kData / "slow20.json").string()}, out,
                        err, false),
            kExitRegression);
  EXPECT_TRUE(has(r.out, "REGRESSION:"));
}

TEST(ReportCli, PooledRunsPolicyAndThreshold) {
  const CliRun r = run({"--old", "base.json", "--old", "base_rerun.json", "--new", "slow20.json",
                        "--policy", (kData / "baselines" / "policy.json").string(), "--threshold",
                        "0.5", "--alpha=0.01", "--format=md"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "Compared with OLD"));
  EXPECT_FALSE(has(r.out, "REGRESSED")) << "a 50 % threshold passes a 20 % slowdown";
}

TEST(ReportCli, ExplicitPair) {
  const CliRun r = run({"report_run.json", "--pair", "si-nn-teacher", "si-nn-student", "-o", "-"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "<code>si-nn-student</code> against <code>si-nn-teacher</code>"));
  EXPECT_FALSE(has(r.out, "<code>nn-student</code> against"));  // explicit pairs replace it
}

TEST(ReportCli, HelpIsNotAnError) {
  const CliRun r = run({"--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(has(r.out, "usage: md_report"));
}

TEST(ReportCli, BadInputExitsTwoWithOneLine) {
  expect_bad(run({"malformed.json"}), "malformed.json: invalid JSON at line");
  expect_bad(run({"empty.json"}), "empty input");
  expect_bad(run({"not_gbench.json"}), "not Google Benchmark JSON");
  expect_bad(run({"no_benchmarks.json"}), "no \"benchmarks\" array");
  expect_bad(run({"empty_benchmarks.json"}), "no benchmark runs");
  expect_bad(run({"no_such_file.json"}), "cannot open");
  expect_bad(run({kData.string()}), "is a directory");
  expect_bad(run({"base.json", "malformed.json"}), "malformed.json");
  expect_bad(run({"report_run.json", "--samples", "base.json"}), "not an md_bench step-samples");
  expect_bad(run({"report_run.json", "--policy", "malformed.json"}), "malformed.json");
}

TEST(ReportCli, BadUsageExitsTwoWithOneLine) {
  expect_bad(run({}), "expected RUN.json");
  expect_bad(run({"a.json", "b.json", "c.json"}), "got 3 file arguments");
  expect_bad(run({"report_run.json", "--bogus"}), "unknown option --bogus");
  expect_bad(run({"report_run.json", "--format=pdf"}), "--format must be html, md or csv");
  expect_bad(run({"report_run.json", "-o"}), "-o needs a value");
  expect_bad(run({"report_run.json", "--alpha", "2"}), "--alpha must lie in (0, 1)");
  expect_bad(run({"report_run.json", "--threshold", "x"}), "--threshold expects");
  expect_bad(run({"report_run.json", "--pair", "a"}), "--pair needs two patterns");
  expect_bad(run({"report_run.json", "--pair", "zzz", "lj-ar"}), "matches \"zzz\"");
  expect_bad(run({"report_run.json", "--pair", "NVE", "lj-ar"}), "matches both");
  expect_bad(run({"report_run.json", "--pair", "(", "lj-ar"}), "bad --pair pattern");
  expect_bad(run({"--old", "base.json"}), "--new");
  expect_bad(run({"report_run.json", "-o", "/no/such/dir/r.html"}), "cannot write");
}

}  // namespace
}  // namespace mdb::compare
