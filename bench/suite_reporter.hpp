#pragma once
// One Google Benchmark reporter over the several RunSpecifiedBenchmarks calls of one md_bench run
// (run_rows.hpp: a call per row when run_sizing fixes the rows' iteration counts), so the
// console and the --benchmark_out file read as one run: the context once, the rows' names as
// the public contract has them (Google Benchmark 1.7.1 puts "iterations:N" into the name of a
// benchmark registered with Iterations(n)), family indices counted across calls, one Finalize.
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
    std::size_t name_width = 0;            ///< the longest reported name, for the console's column
    bool display_aggregates_only = false;  ///< --benchmark_display_aggregates_only
    int repetitions = 1;                   ///< --benchmark_repetitions
  };
  /// `display` (Google Benchmark's default display reporter, not owned) prints; `file` (may be
  /// null) writes to the stream set on it.
  SuiteReporter(benchmark::BenchmarkReporter* display,
                std::unique_ptr<benchmark::BenchmarkReporter> file, Options options);

  /// The first call's context goes to both reporters; later calls' are dropped.
  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  /// Each call's end: nothing (finish() ends the run).
  void Finalize() override {}

  /// The family index the next runs report (-1: Google Benchmark's own, one call for all rows).
  void set_family_index(std::int64_t index) { family_index_ = index; }
  /// Ends the run on both reporters (a JSON file's closing brackets).
  void finish();

 private:
  benchmark::BenchmarkReporter* display_;
  std::unique_ptr<benchmark::BenchmarkReporter> file_;
  Options options_;
  bool context_reported_ = false;
  bool context_accepted_ = true;
  std::int64_t family_index_ = -1;
};

/// The reporter Google Benchmark would make for --benchmark_out_format=`format` ("json", "csv" or
/// "console" without colour). Throws std::invalid_argument for another format.
std::unique_ptr<benchmark::BenchmarkReporter> make_file_reporter(const std::string& format);

/// --benchmark_out's file, written under a temporary name beside it and renamed into place by
/// commit(); a run that never commits leaves `path` as it was.
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
  std::string path_, tmp_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace mdb::bench
