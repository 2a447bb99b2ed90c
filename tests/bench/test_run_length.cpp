// The pieces that let md_bench size its rows' runs (bench/run_sizing.hpp) and still report them as
// one Google Benchmark run: the fill rule, the suite reporter, the report file (the flags read
// before Google Benchmark consumes them: test_options.cpp). The whole path runs in
// test_md_bench_run_length_e2e.cpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "bench/run_sizing.hpp"
#include "bench/suite_reporter.hpp"

namespace mdb::bench {
namespace {

using GbRun = benchmark::BenchmarkReporter::Run;

TEST(IterationsToFill, RoundsUpAndStaysWithinGoogleBenchmarksBounds) {
  EXPECT_EQ(iterations_to_fill(0.6, 1e-3), 600);
  EXPECT_EQ(iterations_to_fill(0.6, 0.0007), 858);  // 857.14... rounded up: the run fills 0.6 s
  EXPECT_GE(iterations_to_fill(0.6, 0.0007) * 0.0007, 0.6);
  EXPECT_EQ(iterations_to_fill(0.6, 5.0), 1);  // a slow row still runs once
  EXPECT_EQ(iterations_to_fill(0.6, 1e-18), 1000000000);
  EXPECT_EQ(iterations_to_fill(0.6, 0.0), 1);
  EXPECT_EQ(iterations_to_fill(0.6, std::nan("")), 1);
}

// Records what a reporter is handed.
class Recorder : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context& c) override {
    ++contexts;
    width = c.name_field_width;
    GetOutputStream() << "context\n";
    return true;
  }
  void ReportRuns(const std::vector<Run>& r) override {
    runs.insert(runs.end(), r.begin(), r.end());
  }
  void Finalize() override { ++finalized; }
  int contexts = 0, finalized = 0;
  std::size_t width = 0;
  std::vector<GbRun> runs;
};

GbRun iteration_run(const std::string& function, const std::string& iterations) {
  GbRun r;
  r.run_name.function_name = function;
  r.run_name.iterations = iterations;
  r.run_name.time_type = "manual_time";
  r.run_type = GbRun::RT_Iteration;
  r.family_index = 0;
  return r;
}

TEST(SuiteReporter, OneContextPlainNamesFamiliesCountedAndOneFinalize) {
  Recorder file;
  std::ostringstream file_stream;
  file.SetOutputStream(&file_stream);
  SuiteReporter suite(&file, {.name_width = 40, .repetitions = 1, .pass_streams = false});
  std::ostringstream google_benchmarks;  // what Google Benchmark sets: /dev/null's stream
  suite.SetOutputStream(&google_benchmarks);
  benchmark::BenchmarkReporter::Context context;
  context.name_field_width = 60;  // a call's own width, with "iterations:N" in its one name
  for (int call = 0; call < 3; ++call) {
    EXPECT_TRUE(suite.ReportContext(context));
    suite.set_family_index(call);
    suite.ReportRuns(
        {iteration_run("Step/NVE/64/lj-ar/cpu", "iterations:" + std::to_string(7 + call))});
    suite.Finalize();  // each Google Benchmark call ends with one
  }
  EXPECT_EQ(file.contexts, 1);
  EXPECT_EQ(file.width, 40u);                 // the widest row's name, not the call's
  EXPECT_EQ(file_stream.str(), "context\n");  // the file reporter keeps its own stream
  EXPECT_EQ(google_benchmarks.str(), "");
  EXPECT_EQ(file.finalized, 0);
  suite.finish();
  EXPECT_EQ(file.finalized, 1);
  ASSERT_EQ(file.runs.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(file.runs[i].benchmark_name(), "Step/NVE/64/lj-ar/cpu/manual_time");
    EXPECT_EQ(file.runs[i].family_index, i);
  }
}

TEST(SuiteReporter, TheDisplayGetsGoogleBenchmarksStreamsAndItsWidth) {
  Recorder display;
  std::ostringstream console;
  SuiteReporter suite(&display, {.name_width = 4, .repetitions = 3});
  suite.SetOutputStream(&console);
  benchmark::BenchmarkReporter::Context context;
  context.name_field_width = 50;
  suite.ReportContext(context);
  EXPECT_EQ(console.str(), "context\n");
  EXPECT_EQ(display.width, 17u);  // Google Benchmark's least width, 10, and "_" + "median"
  suite.finish();
  EXPECT_EQ(display.finalized, 1);
}

TEST(SuiteReporter, FileFormatsAreGoogleBenchmarksOwn) {
  for (const char* f : {"json", "csv", "console"}) EXPECT_NE(make_file_reporter(f), nullptr) << f;
  try {
    make_file_reporter("xml");
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'xml'"), std::string::npos) << e.what();
  }
}

std::filesystem::path scratch(const char* name) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("mdb_run_length_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir / name;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(ReportFile, ReplacesThePathOnlyWhenCommitted) {
  const auto path = scratch("r.json");
  std::ofstream(path) << "old";
  {
    ReportFile f(path.string());
    f.stream() << "half";
  }  // never committed: a run that stopped early
  EXPECT_EQ(read(path), "old");
  {
    ReportFile f(path.string());
    f.stream() << "new";
    f.commit();
  }
  EXPECT_EQ(read(path), "new");
  for (const auto& e : std::filesystem::directory_iterator(path.parent_path())) {
    EXPECT_EQ(e.path().filename(), "r.json") << "left behind: " << e.path();
  }
  EXPECT_THROW(ReportFile("/nonexistent-dir/r.json"), std::runtime_error);
  std::filesystem::remove_all(path.parent_path());
}

// A device, a pipe or a link is written in place, as Google Benchmark would: no temporary file
// beside it (as root one would be created in /dev), no link replaced by a file.
TEST(ReportFile, WritesANonRegularPathInPlace) {
  {
    ReportFile f("/dev/null");
    f.stream() << "x";
    f.commit();
  }
  for (const auto& e : std::filesystem::directory_iterator("/dev")) {
    EXPECT_EQ(e.path().filename().string().rfind("null.part-", 0), std::string::npos) << e.path();
  }
  const auto target = scratch("target.json");
  const auto link = scratch("link.json");
  std::ofstream(target) << "old";
  std::filesystem::create_symlink(target, link);
  {
    ReportFile f(link.string());
    f.stream() << "new";
    f.commit();
  }
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(read(target), "new");
  std::filesystem::remove_all(target.parent_path());
}

}  // namespace
}  // namespace mdb::bench
