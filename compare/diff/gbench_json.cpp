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

// The non-finite tokens Google Benchmark's FormatKV writes for doubles, and their values.
struct NonFinite {
  std::string_view token;
  double value;
};
constexpr NonFinite kNonFinite[] = {{"NaN", std::numeric_limits<double>::quiet_NaN()},
                                    {"Infinity", std::numeric_limits<double>::infinity()},
                                    {"-Infinity", -std::numeric_limits<double>::infinity()}};

// Text with the bare non-finite tokens replaced by sentinel string literals, plus what is needed
// to map a parse error's offset back to the caller's text.
struct Rewritten {
  std::string text;
  struct Edit {
    std::size_t out_end, in_end;  // offsets just past the replacement in the output and input
  };
  std::vector<Edit> edits;
};

std::string sentinel(unsigned nonce, std::size_t kind) {
  // U+0001 keeps it out of any name a benchmark would plausibly use; the nonce makes a collision
  // detectable and avoidable (see parse_tolerant_json).
  return "\u0001mdb-nonfinite#" + std::to_string(nonce) + "#" + std::to_string(kind);
}

Rewritten rewrite_non_finite(std::string_view in, unsigned nonce) {
  Rewritten out;
  out.text.reserve(in.size());
  std::vector<char> containers;  // '{' or '[' currently open
  char prev = '\0';              // last significant character outside strings
  bool in_string = false;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (in_string) {
      out.text += c;
      if (c == '\\' && i + 1 < in.size()) {
        out.text += in[++i];  // the escaped character can't end the string, even if it is '"'
      } else if (c == '"') {
        in_string = false;
        prev = '"';
      }
      continue;
    }
    // A value (not a key) is expected at the start, after ':' or '[', and after ',' in an array.
    const bool value_expected = prev == '\0' || prev == ':' || prev == '[' ||
                                (prev == ',' && !containers.empty() && containers.back() == '[');
    bool replaced = false;
    if (value_expected && (c == 'N' || c == 'I' || c == '-')) {
      for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
        const std::string_view tok = kNonFinite[k].token;
        const std::size_t end = i + tok.size();
        if (in.substr(i, tok.size()) != tok) continue;
        out.text += json(sentinel(nonce, k)).dump();  // dump() writes U+0001 as a \u escape
        out.edits.push_back({out.text.size(), end});
        i = end - 1;
        prev = 'v';
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    out.text += c;
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      containers.push_back(c);
    } else if ((c == '}' || c == ']') && !containers.empty()) {
      containers.pop_back();
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '"') prev = c;
  }
  return out;
}

// Offset in the caller's text of offset `pos` in the rewritten text.
std::size_t original_offset(const Rewritten& r, std::size_t pos) {
  std::size_t out_end = 0, in_end = 0;
  for (const auto& e : r.edits) {
    if (e.out_end > pos) break;
    out_end = e.out_end;
    in_end = e.in_end;
  }
  return in_end + (pos - out_end);
}

// Replaces sentinel strings in value position with their numbers; returns how many it replaced.
std::size_t restore_non_finite(json& j, unsigned nonce) {
  std::size_t n = 0;
  if (j.is_structured()) {
    for (auto& child : j) n += restore_non_finite(child, nonce);
  } else if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
      if (s == sentinel(nonce, k)) {
        j = kNonFinite[k].value;
        ++n;
        break;
      }
    }
  }
  return n;
}

std::string line_column(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Refuses nesting deeper than kMaxJsonDepth, in one pass that skips strings (brackets inside them
// do not nest), before anything recursive sees the text.
void check_depth(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        throw JsonError("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels at " +
                        line_column(text, i) + " (Google Benchmark JSON has 4)");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line L, column C: why".
// Keep only "why": L and C refer to the rewritten text, and any placeholder it quotes in "last
// read" is shown as the token the caller wrote.
std::string parse_reason(const std::string& what, unsigned nonce) {
  std::string why = what;
  if (const auto at = why.find("column "); at != std::string::npos) {
    if (const auto colon = why.find(": ", at); colon != std::string::npos) why.erase(0, colon + 2);
  } else if (why.starts_with("[json.exception.")) {
    if (const auto close = why.find("] "); close != std::string::npos) why.erase(0, close + 2);
  }
  for (std::size_t k = 0; k < std::size(kNonFinite); ++k) {
    const std::string placeholder = json(sentinel(nonce, k)).dump();
    for (auto p = why.find(placeholder); p != std::string::npos; p = why.find(placeholder, p)) {
      why.replace(p, placeholder.size(), kNonFinite[k].token);
    }
  }
  for (char& c : why) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return why;
}

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

std::string quoted_for_message(std::string_view text, std::size_t max_bytes) {
  std::string out = "\"";
  std::size_t shown = std::min(text.size(), max_bytes);
  // Cut on a character boundary: half a UTF-8 character would make the message (and the JSON
  // report it may go into) invalid UTF-8.
  while (shown > 0 && shown < text.size() &&
         (static_cast<unsigned char>(text[shown]) & 0xC0) == 0x80) {
    --shown;
  }
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
  if (shown < text.size()) out += "... (" + std::to_string(text.size() - shown) + " more bytes)";
  return out;
}

nlohmann::json parse_tolerant_json(std::string_view text) {
  if (text.find_first_not_of(" \t\n\r") == std::string_view::npos) {
    throw JsonError("empty input");
  }
  check_depth(text);
  // A string in the input could equal a sentinel; then more strings get restored than were
  // replaced. Retrying with another nonce makes that case correct instead of merely unlikely.
  for (unsigned nonce = 0; nonce < 16; ++nonce) {
    const Rewritten rw = rewrite_non_finite(text, nonce);
    json j;
    try {
      j = json::parse(rw.text);
    } catch (const json::parse_error& e) {
      const std::size_t at = original_offset(rw, e.byte == 0 ? 0 : e.byte - 1);
      throw JsonError("invalid JSON at " + line_column(text, at) + ": " +
                      parse_reason(e.what(), nonce));
    } catch (const json::exception& e) {
      throw JsonError(std::string("invalid JSON: ") + parse_reason(e.what(), nonce));
    }
    if (rw.edits.empty()) return j;
    if (restore_non_finite(j, nonce) == rw.edits.size()) return j;
  }
  throw JsonError("cannot pick a NaN/Infinity placeholder distinct from the input's strings");
}

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
