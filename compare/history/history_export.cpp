// `history export`: the whole store as CSV (one value per line) or JSON (runs with their values).
#include <iomanip>
#include <limits>
#include <ostream>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "compare/history/history_cli.hpp"

namespace mdb::history {
namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

nlohmann::json run_json(const RunInfo& r) {
  return {{"id", r.id},
          {"key", r.key},
          {"commit", r.commit},
          {"branch", r.branch},
          {"time", r.time},
          {"machine", r.machine},
          {"cpu_model", r.cpu_model},
          {"gpu", r.gpu},
          {"build", r.build},
          {"version", r.version},
          {"source", r.source},
          {"added_at", r.added_at},
          {"values", nlohmann::json::object()}};
}

}  // namespace

int history_export(const HistoryArgs& a, Store& store, std::ostream& out) {
  a.allow({"format"});
  const std::string format = a.get("format", "csv");
  if (format != "csv" && format != "json") {
    throw UsageError("--format wants csv or json, not '" + format + "'");
  }
  const std::vector<RunInfo> runs = store.runs();
  std::unordered_map<std::int64_t, const RunInfo*> by_id;
  for (const auto& r : runs) by_id[r.id] = &r;
  if (format == "csv") {
    out << "run_id,commit,branch,time,machine,benchmark,metric,repetition,value\n";
    out << std::setprecision(std::numeric_limits<double>::max_digits10);
    store.for_each_sample([&](const StoredSample& s) {
      const RunInfo& r = *by_id.at(s.run_id);
      out << s.run_id << ',' << csv_field(r.commit) << ',' << csv_field(r.branch) << ','
          << csv_field(r.time) << ',' << csv_field(r.machine) << ',' << csv_field(s.benchmark)
          << ',' << csv_field(s.metric) << ',' << s.repetition << ',' << s.value << "\n";
    });
    return 0;
  }
  // JSON: {"schema_version", "runs": [{..., "values": {benchmark: {metric: [v, ...]}}}]}; NaN
  // becomes null, as nlohmann writes it.
  std::unordered_map<std::int64_t, nlohmann::json> values;
  store.for_each_sample(
      [&](const StoredSample& s) { values[s.run_id][s.benchmark][s.metric].push_back(s.value); });
  nlohmann::json doc = {{"schema_version", store.schema_version()},
                        {"runs", nlohmann::json::array()}};
  for (const auto& r : runs) {
    nlohmann::json j = run_json(r);
    if (auto it = values.find(r.id); it != values.end()) j["values"] = std::move(it->second);
    doc["runs"].push_back(std::move(j));
  }
  out << doc.dump(1) << "\n";
  return 0;
}

}  // namespace mdb::history
