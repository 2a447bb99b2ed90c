#pragma once
// Google Benchmark reporters over the several RunSpecifiedBenchmarks calls of one md_bench run
// (run_rows.hpp: a call per row when run_sizing fixes the rows' iteration counts), so that the
// console and the --benchmark_out file each read as one run: the context once, the rows' names as
// the public contract has them (Google Benchmark 1.7.1 puts "iterations:N" into the name of a
// benchmark registered with Iterations(n)), family indices counted across calls, one Finalize.
// Which runs reach which reporter (--benchmark_display_aggregates_only,
// --benchmark_report_aggregates_only) stays Google Benchmark's decision.
//
// md_bench writes --benchmark_out itself (Google Benchmark would reopen, so empty, the file at
// each call): into a temporary file beside it, renamed into place when the run ends, so the file
// is never left half-written.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace mdb::bench {

class SuiteReporter final : public benchmark::BenchmarkReporter {
 public:
  struct Options {
    std::size_t name_width = 0;  ///< the longest reported name, for the console's column
    int repetitions = 1;         ///< --benchmark_repetitions
    /// The display's: pass the streams Google Benchmark sets on this reporter to `inner` (a file
    /// reporter keeps the stream md_bench gave it; Google Benchmark's is /dev/null).
    bool pass_streams = true;
  };
  /// `inner` (not owned) is the reporter that writes.
  SuiteReporter(benchmark::BenchmarkReporter* inner, Options options);

  /// The first call's context goes on; later calls' are dropped.
  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  /// Each call's end: nothing (finish() ends the run).
  void Finalize() override {}

  /// The family index the next runs report (-1: Google Benchmark's own, one call for all rows).
  void set_family_index(std::int64_t index) { family_index_ = index; }
  /// Ends the run (a JSON file's closing brackets).
  void finish();

 private:
  benchmark::BenchmarkReporter* inner_;
  Options options_;
  bool context_reported_ = false;
  bool context_accepted_ = true;
  std::int64_t family_index_ = -1;
};

/// Where a run's results go: the display, and the --benchmark_out file when there is one.
struct SuiteReporters {
  SuiteReporter* display = nullptr;
  SuiteReporter* file = nullptr;
  void set_family_index(std::int64_t index) {
    display->set_family_index(index);
    if (file) file->set_family_index(index);
  }
  void finish() {
    display->finish();
    if (file) file->finish();
  }
};

/// The reporter Google Benchmark would make for --benchmark_out_format=`format` ("json", "csv" or
/// "console" without colour). Throws std::invalid_argument for another format.
std::unique_ptr<benchmark::BenchmarkReporter> make_file_reporter(const std::string& format);

/// --benchmark_out's file, written under a temporary name beside it and renamed into place by
/// commit(); a run that never commits leaves `path` as it was. A path that exists and is not a
/// regular file (/dev/stdout, a pipe, a symbolic link) is written in place, as Google Benchmark
/// would.
class ReportFile {
 public:
  /// Throws std::runtime_error (in the user's terms) when the file cannot be created.
  explicit ReportFile(std::string path);
  ~ReportFile();
  ReportFile(const ReportFile&) = delete;
  ReportFile& operator=(const ReportFile&) = delete;
  std::ostream& stream() { return out_; }
  /// Closes and renames; throws std::runtime_error if the writes or the rename failed.
  void commit();

 private:
  std::string path_, tmp_;  // tmp_ empty: written in place
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace mdb::bench
