// md_report's CSV table, read back with an RFC 4180 parser: the parts of each name, the medians
// exactly, quoting that survives commas, quotes and line breaks, and the command line.
#include "compare/report/report_csv.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "compare/diff/cli.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/report/report_cli.hpp"
#include "tests/compare/report_test_data.hpp"

namespace mdb::compare {
namespace {

using Table = std::vector<std::vector<std::string>>;

// RFC 4180, strictly: a quoted field ends at a lone quote followed by a comma, a newline or the
// end; anything else after a closing quote is an error.
Table parse_csv(const std::string& text) {
  Table rows;
  std::vector<std::string> row;
  std::string field;
  std::size_t i = 0;
  bool quoted = false, any = false;
  auto end_field = [&] {
    row.push_back(field);
    field.clear();
    quoted = false;
    any = false;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (!any && c == '"') {
      quoted = any = true;
      ++i;
      while (true) {
        if (i >= text.size()) throw std::runtime_error("unterminated quote");
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
      if (i < text.size() && text[i] != ',' && text[i] != '\n')
        throw std::runtime_error("text after a closing quote");
      continue;
    }
    if (c == ',') {
      end_field();
    } else if (c == '\n') {
      end_field();
      rows.push_back(row);
      row.clear();
    } else {
      if (quoted) throw std::runtime_error("text after a closing quote");
      if (c == '"' || c == '\r') throw std::runtime_error("bare quote or CR in an unquoted field");
      field += c;
      any = true;
    }
    ++i;
  }
  if (any || !row.empty()) throw std::runtime_error("last line without a newline");
  return rows;
}

// Rows by name, each as column -> field.
std::map<std::string, std::map<std::string, std::string>> by_name(const Table& t) {
  std::map<std::string, std::map<std::string, std::string>> out;
  for (std::size_t r = 1; r < t.size(); ++r) {
    EXPECT_EQ(t[r].size(), t[0].size()) << "row " << r;
    for (std::size_t c = 0; c < t[0].size() && c < t[r].size(); ++c)
      out[t[r][0]][t[0][c]] = t[r][c];
  }
  return out;
}

std::string csv_of(const RunSummary& run) {
  std::ostringstream out;
  write_report_csv(out, run);
  return out.str();
}

TEST(ReportCsv, FieldQuoting) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field(""), "");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(ReportCsv, LatticeRowsWithTheirPartsAndExactMedians) {
  const RunSummary run = load("hnlq_run.json");
  const Table t = parse_csv(csv_of(run));
  ASSERT_EQ(t.size(), 1 + run.benchmarks.size());
  const std::vector<std::string> fixed = {
      "name",    "program",     "family", "op",           "case",       "ensemble",
      "lattice", "q",           "M",      "atoms",        "replicas",   "batch",
      "backend", "repetitions", "error",  "real_time_ns", "cpu_time_ns"};
  ASSERT_GE(t[0].size(), fixed.size());
  EXPECT_EQ(std::vector<std::string>(t[0].begin(), t[0].begin() + 17), fixed);
  // Every counter of the run is a column, after the fixed ones.
  for (const char* c : {"GB_per_s", "bits_per_dim", "compression_ratio", "mse_per_dim",
                        "ns_per_vector", "overloaded_fraction", "vectors_per_s"}) {
    EXPECT_NE(std::find(t[0].begin() + 17, t[0].end(), c), t[0].end()) << c;
  }
  const auto rows = by_name(t);
  const auto& r = rows.at("Quantize/RoundTrip/D4/q4/M2/100/cpu");
  EXPECT_EQ(r.at("program"), "lattice_bench");
  EXPECT_EQ(r.at("family"), "Quantize");
  EXPECT_EQ(r.at("op"), "RoundTrip");
  EXPECT_EQ(r.at("lattice"), "D4");
  EXPECT_EQ(r.at("q"), "4");
  EXPECT_EQ(r.at("M"), "2");
  EXPECT_EQ(r.at("batch"), "100");
  EXPECT_EQ(r.at("backend"), "cpu");
  EXPECT_EQ(r.at("repetitions"), "3");
  EXPECT_EQ(r.at("case"), "");
  EXPECT_EQ(r.at("atoms"), "");
  EXPECT_EQ(r.at("error"), "");
  // The very doubles md_report computed, not rounded copies.
  const BenchSummary& b = *run.find("Quantize/RoundTrip/D4/q4/M2/100/cpu");
  for (const char* m : {"vectors_per_s", "mse_per_dim", "GB_per_s"}) {
    EXPECT_EQ(std::strtod(r.at(m).c_str(), nullptr), b.value(m)) << m;
  }
  EXPECT_EQ(std::strtod(r.at("real_time_ns").c_str(), nullptr), b.value("real_time"));
  // Encode rows have no mse: an empty cell, not 0.
  EXPECT_EQ(rows.at("Quantize/Encode/D4/q4/M2/100/cpu").at("mse_per_dim"), "");
}

TEST(ReportCsv, MdBenchRowsWithTheirParts) {
  const RunSummary run = load("report_run.json");
  const auto rows = by_name(parse_csv(csv_of(run)));
  ASSERT_EQ(rows.size(), run.benchmarks.size());
  const auto& r = rows.at("Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time");
  EXPECT_EQ(r.at("program"), "md_bench");
  EXPECT_EQ(r.at("family"), "Batched");
  EXPECT_EQ(r.at("case"), "lj-ar");
  EXPECT_EQ(r.at("ensemble"), "NVE");
  EXPECT_EQ(r.at("atoms"), "64");
  EXPECT_EQ(r.at("replicas"), "2");
  EXPECT_EQ(r.at("backend"), "cpu");
  EXPECT_EQ(r.at("lattice"), "");
  EXPECT_EQ(r.at("batch"), "");
  const BenchSummary& b = *run.find("Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time");
  EXPECT_EQ(std::strtod(r.at("atom_steps_per_s").c_str(), nullptr), b.value("atom_steps_per_s"));
  EXPECT_EQ(std::strtod(r.at("frac_force").c_str(), nullptr), b.value("frac_force"));
}

TEST(ReportCsv, AwkwardNamesAndErrorsSurviveTheRoundTrip) {
  RunSummary run;
  BenchSummary odd;
  odd.name = "BM_Convert<int, float>/8";
  odd.repetitions = 2;
  odd.medians = {{"real_time", 1.5}, {"cpu_time", 1.25}, {"items, per \"s\"", 3e9}};
  BenchSummary failed;
  failed.name = "Quantize/Encode/E8/q4/M2/100/cuda/manual_time";
  failed.error = true;
  failed.error_message = "outputs differ from the CPU's, first at vector 7, \"x\"\nsecond line";
  run.benchmarks = {odd, failed};
  const Table t = parse_csv(csv_of(run));
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].back(), "items, per \"s\"");
  const auto rows = by_name(t);
  EXPECT_EQ(rows.at("BM_Convert<int, float>/8").at("program"), "other");
  EXPECT_EQ(
      std::strtod(rows.at("BM_Convert<int, float>/8").at("items, per \"s\"").c_str(), nullptr),
      3e9);
  EXPECT_EQ(rows.at("BM_Convert<int, float>/8").at("cpu_time_ns"), "1.25");
  const auto& f = rows.at("Quantize/Encode/E8/q4/M2/100/cuda/manual_time");
  EXPECT_EQ(f.at("error"), failed.error_message);
  EXPECT_EQ(f.at("backend"), "cuda");
  EXPECT_EQ(f.at("real_time_ns"), "");
  EXPECT_EQ(f.at("items, per \"s\""), "");
}

CliRun run_cli(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_md_report(args, out, err);
  return {code, out.str(), err.str()};
}

TEST(ReportCsv, FormatCsvWritesTheTableToStdout) {
  const CliRun r = run_cli({(kData / "hnlq_run.json").string(), "--format=csv"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Table t = parse_csv(r.out);
  EXPECT_EQ(t.size(), 55u);
  EXPECT_EQ(t[0][0], "name");
}

TEST(ReportCsv, CsvFlagWritesTheTableBesideThePage) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("mdb_report_csv_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string page = (dir / "r.html").string(), table = (dir / "r.csv").string();
  const CliRun r = run_cli({(kData / "report_run.json").string(), "-o", page, "--csv", table});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("wrote " + table), std::string::npos) << r.err;
  std::ifstream html(page), csv(table);
  std::stringstream html_text, csv_text;
  html_text << html.rdbuf();
  csv_text << csv.rdbuf();
  EXPECT_EQ(html_text.str().rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(parse_csv(csv_text.str()).size(), 20u);  // 19 benchmarks and the header
  std::filesystem::remove_all(dir);
}

TEST(ReportCsv, BadCsvOptions) {
  CliRun r = run_cli({(kData / "hnlq_run.json").string(), "--format=xml"});
  EXPECT_EQ(r.code, kExitBadInput);
  EXPECT_NE(r.err.find("html, md or csv"), std::string::npos) << r.err;
  r = run_cli({(kData / "hnlq_run.json").string(), "--csv"});
  EXPECT_EQ(r.code, kExitBadInput);
  EXPECT_EQ(r.err.rfind("md_report: ", 0), 0u) << r.err;
  r = run_cli({(kData / "hnlq_run.json").string(), "-o", "-", "--csv", "/no/such/dir/t.csv"});
  EXPECT_EQ(r.code, kExitBadInput);
  EXPECT_NE(r.err.find("cannot write /no/such/dir/t.csv"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace mdb::compare
