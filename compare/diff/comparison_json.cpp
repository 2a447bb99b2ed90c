#include <cmath>

#include <nlohmann/json.hpp>

#include "compare/diff/comparison_output.hpp"

namespace mdb::compare {
namespace {

using nlohmann::json;

// JSON has no NaN or infinity: null stands for "no value".
json number(double v) {
  return std::isfinite(v) ? json(v) : json(nullptr);
}

json metric_json(const MetricDiff& m) {
  return {
      {"metric", m.spec.name},
      {"direction", std::string(to_string(m.spec.direction))},
      {"unit", m.spec.unit},
      {"threshold", m.spec.threshold},
      {"abs_tolerance", m.spec.abs_tolerance},
      {"old", number(m.old_value)},
      {"new", number(m.new_value)},
      {"change", number(m.change)},
      {"n_old", m.n_old},
      {"n_new", m.n_new},
      {"u", m.test.method == UTestMethod::kNone ? json(nullptr) : json(m.test.u)},
      {"p_value", m.test.method == UTestMethod::kNone ? json(nullptr) : json(m.test.p_value)},
      {"test", std::string(to_string(m.test.method))},
      {"confirmed", m.confirmed},
      {"verdict", std::string(to_string(m.verdict))},
  };
}

}  // namespace

void write_json(std::ostream& out, const Comparison& c, const ReportOptions& options) {
  const Summary& s = c.summary;
  json rows = json::array();
  for (const auto& row : c.rows) {
    json metrics = json::array();
    for (const auto& m : row.metrics) metrics.push_back(metric_json(m));
    json violations = json::array();
    for (const auto& v : row.violations) {
      violations.push_back({{"metric", v.metric}, {"value", number(v.value)}, {"limit", v.limit}});
    }
    rows.push_back({{"name", row.name},
                    {"status", std::string(to_string(row.status))},
                    {"note", row.note},
                    {"regressed", row.regressed()},
                    {"speedup", row.speedup > 0 ? json(row.speedup) : json(nullptr)},
                    {"metrics", metrics},
                    {"limit_violations", violations}});
  }
  const json doc = {
      {"schema", "mdbench-compare/1"},
      {"exit_code", c.exit_code()},
      {"failed", c.failed},
      {"alpha", c.alpha},
      {"old", {{"label", options.old_label}, {"files", options.old_sources}}},
      {"new", {{"label", options.new_label}, {"files", options.new_sources}}},
      {"header", options.header_lines},
      {"summary",
       {{"compared", s.compared},
        {"regressed", s.regressed},
        {"improved", s.improved},
        {"unconfirmed", s.unconfirmed},
        {"only_old", s.only_old},
        {"only_new", s.only_new},
        {"errors_new", s.errors_new},
        {"errors_old", s.errors_old},
        {"size_mismatches", s.mismatched},
        {"ignored", s.ignored},
        {"skipped", s.skipped},
        {"limit_violations", s.limit_violations},
        {"geomean_real_time_ratio", number(s.geomean_real)},
        {"geomean_cpu_time_ratio", number(s.geomean_cpu)},
        {"geomean_count", s.geomean_count},
        {"line", summary_line(c)}}},
      {"notes", c.notes},
      {"benchmarks", rows},
  };
  out << doc.dump(2) << "\n";
}

namespace {

// Workflow command data must escape %, CR and LF; property values also ':' and ','.
std::string escape_data(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    if (ch == '%')
      out += "%25";
    else if (ch == '\r')
      out += "%0D";
    else if (ch == '\n')
      out += "%0A";
    else
      out += ch;
  }
  return out;
}

std::string escape_property(const std::string& s) {
  std::string out;
  for (const char ch : escape_data(s)) {
    if (ch == ':')
      out += "%3A";
    else if (ch == ',')
      out += "%2C";
    else
      out += ch;
  }
  return out;
}

void annotate(std::ostream& out, const char* level, const std::string& title,
              const std::string& message) {
  out << "::" << level << " title=" << escape_property(title) << "::" << escape_data(message)
      << "\n";
}

}  // namespace

void write_github_annotations(std::ostream& out, const Comparison& c) {
  for (const auto& row : c.rows) {
    switch (row.status) {
      case RowStatus::kErrorNew:
        annotate(out, "error", "Benchmark error", row.name + ": " + row.note);
        break;
      case RowStatus::kOnlyOld:
        annotate(out, c.fail_on_missing ? "error" : "warning", "Benchmark missing",
                 row.name + " is only in OLD");
        break;
      case RowStatus::kSizeMismatch:
        annotate(out, "warning", "Size mismatch", row.name + ": " + row.note);
        break;
      default:
        break;
    }
    for (const auto& m : row.metrics) {
      if (m.verdict != Verdict::kRegressed) continue;
      annotate(out, "error", m.confirmed ? "Performance regression" : "Unconfirmed regression",
               row.name + ": " + metric_label(m) + " " + format_value(m.old_value, m.spec.unit) +
                   " -> " + format_value(m.new_value, m.spec.unit) + " (" +
                   format_change(m.change) + ", p=" + format_p(m) +
                   ", n=" + std::to_string(m.n_old) + "/" + std::to_string(m.n_new) + ")");
    }
    for (const auto& v : row.violations) {
      annotate(
          out, "error", "Limit broken",
          row.name + ": " + v.metric + " = " + format_value(v.value, "") + " breaks " + v.limit);
    }
  }
}

}  // namespace mdb::compare
