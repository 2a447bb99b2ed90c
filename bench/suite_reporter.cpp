#include "bench/suite_reporter.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace mdb::bench {

SuiteReporter::SuiteReporter(benchmark::BenchmarkReporter* inner, Options options)
    : inner_(inner), options_(options) {}

bool SuiteReporter::ReportContext(const Context& context) {
  if (context_reported_) return context_accepted_;
  context_reported_ = true;
  // Google Benchmark sizes the console's name column from the names in its call (a row's, with
  // its "iterations:N"): this is its width over every row's name (at least 10, and room for "_"
  // and a statistic's name when rows repeat).
  Context wide = context;
  constexpr std::size_t kMinWidth = 10;
  constexpr std::size_t kAggregateSuffix = 7;
  wide.name_field_width =
      std::max(kMinWidth, options_.name_width) + (options_.repetitions > 1 ? kAggregateSuffix : 0);
  if (options_.pass_streams) {
    inner_->SetOutputStream(&GetOutputStream());
    inner_->SetErrorStream(&GetErrorStream());
  }
  context_accepted_ = inner_->ReportContext(wide);
  return context_accepted_;
}

void SuiteReporter::ReportRuns(const std::vector<Run>& runs) {
  std::vector<Run> plain = runs;
  for (Run& r : plain) {
    r.run_name.iterations.clear();
    if (family_index_ >= 0) r.family_index = family_index_;
  }
  inner_->ReportRuns(plain);
}

void SuiteReporter::finish() {
  if (context_reported_) inner_->Finalize();  // nothing ran: Google Benchmark writes nothing either
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

ReportFile::ReportFile(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(path_, ec);
  if (ec || !std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) {
    tmp_ = path_ + ".part-" + std::to_string(::getpid());
  }
  out_.open(tmp_.empty() ? path_ : tmp_, std::ios::out | std::ios::trunc);
  if (!out_) throw std::runtime_error("--benchmark_out: cannot write " + path_);
}

ReportFile::~ReportFile() {
  if (committed_ || tmp_.empty()) return;
  out_.close();
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void ReportFile::commit() {
  out_.close();
  std::error_code ec;
  if (!out_) {
    if (!tmp_.empty()) std::filesystem::remove(tmp_, ec);
    throw std::runtime_error("--benchmark_out: writing " + path_ + " failed");
  }
  if (tmp_.empty()) {
    committed_ = true;
    return;
  }
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) {
    std::filesystem::remove(tmp_, ec);
    throw std::runtime_error("--benchmark_out: cannot write " + path_);
  }
  committed_ = true;
}

}  // namespace mdb::bench
