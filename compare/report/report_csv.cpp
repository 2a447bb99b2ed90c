#include "compare/report/report_csv.hpp"

#include <charconv>
#include <cmath>
#include <set>
#include <vector>

#include "compare/report/hnlq/rows.hpp"

namespace mdb::compare {
namespace {

// Shortest round-trip text, so a reader gets back the very double md_report computed.
std::string number(double v) {
  if (std::isnan(v)) return "";
  char buffer[64];
  const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  return ec == std::errc() ? std::string(buffer, ptr) : "";
}

std::string count(long long v) {
  return v > 0 ? std::to_string(v) : "";
}

void write_row(std::ostream& out, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
  out << "\n";
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char ch : text) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

void write_report_csv(std::ostream& out, const RunSummary& run) {
  std::set<std::string> counters;
  for (const auto& b : run.benchmarks) {
    for (const auto& [metric, value] : b.medians) {
      if (metric != "real_time" && metric != "cpu_time") counters.insert(metric);
    }
  }
  std::vector<std::string> header = {
      "name",    "program",     "family", "op",           "case",       "ensemble",
      "lattice", "q",           "M",      "atoms",        "replicas",   "batch",
      "backend", "repetitions", "error",  "real_time_ns", "cpu_time_ns"};
  header.insert(header.end(), counters.begin(), counters.end());
  write_row(out, header);
  for (const auto& b : run.benchmarks) {
    const BenchName& md = b.parts;
    const LatticeName lq = parse_lattice_name(b.name);
    std::vector<std::string> row = {b.name};
    if (md.md_bench) {
      row.insert(row.end(), {"md_bench", md.family, "", md.case_name, md.ensemble, "", "", "",
                             count(md.atoms), count(md.replicas), "", md.backend});
    } else if (lq.valid) {
      row.insert(row.end(), {"lattice_bench", "Quantize", lq.op, "", "", lq.lattice, count(lq.q),
                             count(lq.levels), "", "", count(lq.batch), lq.impl});
    } else {
      row.insert(row.end(), {"other", "", "", "", "", "", "", "", "", "", "", ""});
    }
    row.push_back(count(static_cast<long long>(b.repetitions)));
    row.push_back(b.error ? (b.error_message.empty() ? "error" : b.error_message) : "");
    row.push_back(number(b.value("real_time")));
    row.push_back(number(b.value("cpu_time")));
    for (const auto& c : counters) row.push_back(number(b.value(c)));
    write_row(out, row);
  }
}

}  // namespace mdb::compare
