#include "compare/diff/gbench_json.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>

namespace mdb::compare {
namespace {

using nlohmann::json;

// Keys Google Benchmark 1.7.x writes itself; every other numeric key of a row is a counter.
// clang-format off
const std::set<std::string, std::less<>> kStandardKeys = {
    "name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
    "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
    "aggregate_name", "aggregate_unit", "error_occurred", "error_message", "big_o", "label",
    "skipped", "skip_message"};
// clang-format on

// --- Row fields ---------------------------------------------------------------------------------

[[noreturn]] void row_error(const std::string& where, const std::string& what) {
  throw JsonError(where + ": " + what);
}

void read_string(const json& row, const char* key, std::string& out, const std::string& where) {
  const auto it = row.find(key);
  if (it == row.end()) return;
  if (!it->is_string()) row_error(where, std::string("\"") + key + "\" is not a string");
  out = it->get<std::string>();
}

void read_integer(const json& row, const char* key, long long& out, const std::string& where) {
  const auto it = row.find(key);
  if (it == row.end()) return;
  if (it->is_number_integer()) {
    out = it->get<long long>();
    return;
  }
  // Accept 3.0 from other writers, but not 2.5 or NaN: truncating would invent a value.
  if (it->is_number_float()) {
    const double v = it->get<double>();
    if (std::isfinite(v) && std::trunc(v) == v && std::abs(v) < 9.2e18) {
      out = static_cast<long long>(v);
      return;
    }
  }
  row_error(where, std::string("\"") + key + "\" is not an integer");
}

void read_double(const json& row, const char* key, double& out, const std::string& where) {
  const auto it = row.find(key);
  if (it == row.end()) return;
  if (!it->is_number()) row_error(where, std::string("\"") + key + "\" is not a number");
  out = it->get<double>();
}

BenchmarkRun read_run(const json& row, std::size_t index, const std::string& source) {
  std::string where = source + ": benchmarks[" + std::to_string(index) + "]";
  if (!row.is_object()) row_error(where, "is not an object");
  BenchmarkRun r;
  if (!row.contains("name")) row_error(where, "has no \"name\"");
  read_string(row, "name", r.name, where);
  where += " (" + quoted_for_message(r.name) + ")";

  r.run_name = r.name;
  read_string(row, "run_name", r.run_name, where);
  if (r.name.size() > kMaxNameBytes || r.run_name.size() > kMaxNameBytes) {
    row_error(where, "name or run_name longer than " + std::to_string(kMaxNameBytes) + " bytes");
  }
  read_string(row, "run_type", r.run_type, where);
  read_string(row, "aggregate_name", r.aggregate_name, where);
  read_string(row, "aggregate_unit", r.aggregate_unit, where);
  if (r.run_type.empty()) r.run_type = r.aggregate_name.empty() ? "iteration" : "aggregate";
  read_integer(row, "family_index", r.family_index, where);
  read_integer(row, "per_family_instance_index", r.per_family_instance_index, where);
  read_integer(row, "repetitions", r.repetitions, where);
  read_integer(row, "repetition_index", r.repetition_index, where);
  read_integer(row, "threads", r.threads, where);
  read_integer(row, "iterations", r.iterations, where);
  read_double(row, "real_time", r.real_time, where);
  read_double(row, "cpu_time", r.cpu_time, where);
  read_string(row, "time_unit", r.time_unit, where);
  read_string(row, "error_message", r.error_message, where);
  read_string(row, "big_o", r.big_o, where);
  read_string(row, "label", r.label, where);
  if (const auto it = row.find("error_occurred"); it != row.end()) {
    if (!it->is_boolean()) row_error(where, "\"error_occurred\" is not a boolean");
    r.error_occurred = it->get<bool>();
  }
  if (const auto it = row.find("skipped"); it != row.end()) {
    if (!it->is_boolean()) row_error(where, "\"skipped\" is not a boolean");
    r.skipped = it->get<bool>();
  }
  read_string(row, "skip_message", r.skip_message, where);

  // A time whose unit is unknown can't be compared with anything; refuse rather than guess.
  if (!r.time_unit.empty()) {
    try {
      seconds_per_time_unit(r.time_unit);
    } catch (const JsonError& e) {
      row_error(where, e.what());
    }
  } else if (row.contains("real_time") || row.contains("cpu_time")) {
    row_error(where, "has times but no \"time_unit\"");
  }

  for (const auto& [key, value] : row.items()) {
    if (value.is_number() && !kStandardKeys.contains(key)) r.counters[key] = value.get<double>();
  }
  return r;
}

// Multipliers to nanoseconds, kept apart from seconds_per_time_unit so "us" -> ns is an exact
// multiplication by 1000 rather than a round trip through 1e-6 * 1e9.
double ns_per_time_unit(std::string_view unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

double BenchmarkRun::real_time_ns() const {
  return real_time * ns_per_time_unit(time_unit);
}
double BenchmarkRun::cpu_time_ns() const {
  return cpu_time * ns_per_time_unit(time_unit);
}

const BenchmarkRun* BenchmarkFile::find(std::string_view name) const {
  for (const auto& r : runs) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

BenchmarkFile read_benchmark_json(std::string_view text, std::string source) {
  json root;
  try {
    root = parse_tolerant_json(text);
  } catch (const JsonError& e) {
    throw JsonError(source + ": " + e.what());
  }
  if (!root.is_object())
    throw JsonError(source + ": not Google Benchmark JSON (top level is not an object)");

  BenchmarkFile file;
  file.source = std::move(source);
  if (const auto it = root.find("context"); it != root.end()) {
    if (!it->is_object()) throw JsonError(file.source + ": \"context\" is not an object");
    file.context = *it;
  }
  const auto benchmarks = root.find("benchmarks");
  if (benchmarks == root.end())
    throw JsonError(file.source + ": not Google Benchmark JSON (no \"benchmarks\" array)");
  if (!benchmarks->is_array())
    throw JsonError(file.source + ": not Google Benchmark JSON (\"benchmarks\" is not an array)");
  file.runs.reserve(benchmarks->size());
  for (std::size_t i = 0; i < benchmarks->size(); ++i) {
    file.runs.push_back(read_run((*benchmarks)[i], i, file.source));
  }
  return file;
}

std::string read_text_file(const std::filesystem::path& path) {
  const std::string shown = path.string();
  std::error_code ec;
  // On Linux an ifstream opens a directory and then reads nothing, which would read as "empty".
  if (std::filesystem::is_directory(path, ec)) {
    throw JsonError("cannot open " + shown + ": is a directory");
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int err = errno;  // filebuf's open() leaves the OS reason in errno on POSIX
    throw JsonError("cannot open " + shown + (err ? ": " + std::string(std::strerror(err)) : ""));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw JsonError("cannot read " + shown);
  return buffer.str();
}

BenchmarkFile load_benchmark_json(const std::filesystem::path& path) {
  return read_benchmark_json(read_text_file(path), path.string());
}

std::vector<BenchmarkFile> load_benchmark_files(const std::vector<std::string>& paths) {
  std::vector<BenchmarkFile> files;
  for (const auto& p : paths) {
    files.push_back(load_benchmark_json(p));
    if (files.back().runs.empty())
      throw JsonError(p + ": no benchmark runs (the \"benchmarks\" array is empty)");
  }
  return files;
}

double seconds_per_time_unit(std::string_view unit) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1.0;
  throw JsonError("unknown time unit " + quoted_for_message(unit) + " (expected ns, us, ms or s)");
}

}  // namespace mdb::compare
