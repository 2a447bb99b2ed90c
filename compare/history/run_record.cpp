#include "compare/history/run_record.hpp"

#include <cstdio>

#include "compare/diff/samples.hpp"
#include "compare/history/fnv1a.hpp"

namespace mdb::history {
namespace {

std::string context_text(const nlohmann::json& context, const char* key) {
  if (!context.is_object() || !context.contains(key)) return "";
  const auto& v = context[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string source_of(const compare::BenchmarkFile& file) {
  if (file.context.contains("mdbench_schema")) return "md_bench";
  if (file.context.contains("lq_seed")) return "lattice_bench";
  return "gbench";
}

}  // namespace

std::size_t RunRecord::sample_count() const {
  std::size_t n = 0;
  for (const auto& row : rows) {
    for (const auto& m : row.metrics) n += m.values.size();
  }
  return n;
}

std::string machine_of(const nlohmann::json& context) {
  const std::string cpu = context_text(context, "mdbench_cpu_model");
  const std::string gpu = context_text(context, "mdbench_gpu");
  if (!cpu.empty()) return gpu.empty() || gpu == "none" ? cpu : cpu + " + " + gpu;
  const std::string host = context_text(context, "host_name");
  return host.empty() ? "unknown" : host;
}

std::string content_hash(const std::string& bytes) {
  const std::uint64_t h = fnv1a(bytes.data(), bytes.size());
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

RunRecord make_run_record(const compare::BenchmarkFile& file, const RunLabels& labels) {
  if (file.runs.empty()) throw compare::JsonError(file.source + ": no benchmark rows to store");
  RunRecord r;
  r.context = file.context;
  // The parsed content, not the bytes: the same run re-indented or re-keyed is still the same.
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& run : file.runs) {
    rows.push_back({run.name, run.real_time, run.cpu_time, run.iterations, run.counters});
  }
  r.key = content_hash(file.context.dump() + rows.dump());
  r.commit =
      labels.commit.empty() ? context_text(file.context, "mdbench_git_revision") : labels.commit;
  r.branch = labels.branch;
  r.time = labels.time.empty() ? context_text(file.context, "date") : labels.time;
  r.machine = labels.machine.empty() ? machine_of(file.context) : labels.machine;
  r.cpu_model = context_text(file.context, "mdbench_cpu_model");
  r.gpu = context_text(file.context, "mdbench_gpu");
  for (const char* key : {"mdbench_build_type", "mdbench_compiler", "mdbench_isa"}) {
    const std::string v = context_text(file.context, key);
    if (v.empty()) continue;
    if (!r.build.empty()) r.build += "; ";
    r.build += v;
  }
  r.version = context_text(file.context, "mdbench_schema");
  r.source = source_of(file);

  const compare::SampleSet set = compare::collect_samples({file});
  for (const auto& b : set.benchmarks) {
    RowRecord row;
    row.name = b.name;
    row.status = b.error ? "error" : b.skipped ? "skipped" : "ok";
    row.message = b.error ? b.error_message : b.skipped ? b.skip_message : "";
    row.time_unit = b.time_unit;
    for (const auto& [metric, values] : b.metrics) row.metrics.push_back({metric, values});
    r.rows.push_back(std::move(row));
  }
  return r;
}

}  // namespace mdb::history
