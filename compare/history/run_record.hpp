#pragma once
// One benchmark run as the results store keeps it: where it came from (commit, branch, time,
// machine and the whole context) and every row's every repetition of every metric, read through
// compare's own Google Benchmark reader and sample pooling.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/diff/gbench_json.hpp"

namespace mdb::history {

/// One metric of one row: a value per repetition (times in ns, counters in their own unit, as
/// compare's samples hold them).
struct MetricValues {
  std::string metric;
  std::vector<double> values;
};

/// One row (benchmark) of a run.
struct RowRecord {
  std::string name;           // run name, aggregate suffix removed
  std::string status = "ok";  // "ok", "error" or "skipped"
  std::string message;        // the error or skip message
  std::string time_unit;      // as the file wrote it
  std::vector<MetricValues> metrics;
};

/// What the user says about a run on the command line; empty fields come from the context.
struct RunLabels {
  std::string commit;
  std::string branch;
  std::string time;
  std::string machine;
};

struct RunRecord {
  std::string key;     // content hash of the file: the same run added twice has the same key
  std::string commit;  // --commit, else the context's mdbench_git_revision
  std::string branch;
  std::string time;     // --time, else the context's date (ISO 8601, sorts as text)
  std::string machine;  // series are split by this: see machine_of()
  std::string cpu_model;
  std::string gpu;
  std::string build;       // build type, compiler and ISA, as one line
  std::string version;     // mdbench_schema of md_bench's JSON contract
  std::string source;      // "md_bench", "lattice_bench" or "gbench"
  nlohmann::json context;  // the whole context object as written
  std::vector<RowRecord> rows;

  std::size_t sample_count() const;
};

/// The machine a run's numbers belong to: CPU model and GPU from md_bench's context (the keys
/// compare --baseline weighs most), else Google Benchmark's host_name (lattice_bench writes no
/// mdbench_ keys), else "unknown".
std::string machine_of(const nlohmann::json& context);

/// Builds the record of one file. Throws compare::JsonError when the file has no rows.
RunRecord make_run_record(const compare::BenchmarkFile& file, const RunLabels& labels);

/// 64-bit FNV-1a of the bytes, as 16 hex digits: a run's identity, not a security property.
std::string content_hash(const std::string& bytes);

}  // namespace mdb::history
