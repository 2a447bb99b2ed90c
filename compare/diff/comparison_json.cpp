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
        {"likely_regressed", s.likely_regressed},
        {"likely_improved", s.likely_improved},
        {"only_old", s.only_old},
        {"only_new", s.only_new},
        {"errors_new", s.errors_new},
        {"errors_old", s.errors_old},
        {"size_mismatches", s.mismatched},
        {"ignored", s.ignored},
        {"skipped", s.skipped},
        {"shared", s.shared},
        {"limit_violations", s.limit_violations},
        {"geomean_real_time_ratio", number(s.geomean_real)},
        {"geomean_cpu_time_ratio", number(s.geomean_cpu)},
        {"geomean_count", s.geomean_count},
        {"line", summary_line(c)}}},
      {"notes", c.notes},
      {"confirm", options.confirm_lines},
      {"benchmarks", rows},
  };
  out << doc.dump(2) << "\n";
}

}  // namespace mdb::compare
