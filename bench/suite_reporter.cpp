#include "bench/suite_reporter.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace mdb::bench {

SuiteReporter::SuiteReporter(benchmark::BenchmarkReporter* display,
                             std::unique_ptr<benchmark::BenchmarkReporter> file, Options options)
    : display_(display), file_(std::move(file)), options_(options) {}

bool SuiteReporter::ReportContext(const Context& context) {
  if (context_reported_) return context_accepted_;
  context_reported_ = true;
  // Google Benchmark sizes the console's name column from the names in this call (one row's,
  // with its "iterations:N"), so widen it to every row's; aggregates add "_" and a statistic's
  // name ("median", "stddev"), as Google Benchmark's own width does.
  Context wide = context;
  constexpr std::size_t kAggregateSuffix = 7;
  wide.name_field_width =
      std::max(wide.name_field_width,
               options_.name_width + (options_.repetitions > 1 ? kAggregateSuffix : 0));
  display_->SetOutputStream(&GetOutputStream());
  display_->SetErrorStream(&GetErrorStream());
  context_accepted_ = display_->ReportContext(wide);
  if (file_) context_accepted_ = file_->ReportContext(wide) && context_accepted_;
  return context_accepted_;
}

void SuiteReporter::ReportRuns(const std::vector<Run>& runs) {
  std::vector<Run> plain = runs;
  bool aggregates = false;
  for (Run& r : plain) {
    r.run_name.iterations.clear();
    if (family_index_ >= 0) r.family_index = family_index_;
    aggregates = aggregates || r.run_type == Run::RT_Aggregate;
  }
  // Google Benchmark hands this reporter every run (the flag is md_bench's, not its), so the
  // display's "aggregates only" is applied here: a row's repetitions are shown only when it has
  // no aggregates (one repetition).
  const bool show = aggregates || !options_.display_aggregates_only || options_.repetitions < 2;
  if (show) display_->ReportRuns(plain);
  if (file_) file_->ReportRuns(plain);
}

void SuiteReporter::finish() {
  if (!context_reported_) return;  // nothing ran: Google Benchmark writes nothing either
  display_->Finalize();
  if (file_) file_->Finalize();
}

std::unique_ptr<benchmark::BenchmarkReporter> make_file_reporter(const std::string& format) {
  if (format == "json") return std::make_unique<benchmark::JSONReporter>();
  if (format == "csv") {
    // Deprecated in Google Benchmark 1.7.1 but still what its own --benchmark_out_format=csv
    // writes; md_bench keeps that flag's meaning.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    return std::make_unique<benchmark::CSVReporter>();
#pragma GCC diagnostic pop
  }
  if (format == "console") {
    return std::make_unique<benchmark::ConsoleReporter>(benchmark::ConsoleReporter::OO_None);
  }
  throw std::invalid_argument("--benchmark_out_format: unknown format '" + format +
                              "' (expected json, csv or console)");
}

ReportFile::ReportFile(std::string path)
    : path_(std::move(path)), tmp_(path_ + ".part-" + std::to_string(::getpid())) {
  out_.open(tmp_, std::ios::out | std::ios::trunc);
  if (!out_) throw std::runtime_error("--benchmark_out: cannot write " + path_);
}

ReportFile::~ReportFile() {
  if (committed_) return;
  out_.close();
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void ReportFile::commit() {
  out_.close();
  std::error_code ec;
  if (!out_) {
    std::filesystem::remove(tmp_, ec);
    throw std::runtime_error("--benchmark_out: writing " + path_ + " failed");
  }
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) {
    std::filesystem::remove(tmp_, ec);
    throw std::runtime_error("--benchmark_out: cannot write " + path_);
  }
  committed_ = true;
}

}  // namespace mdb::bench
