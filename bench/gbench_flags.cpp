#include "bench/gbench_flags.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace mdb::bench {
namespace {

// $BENCHMARK_<NAME>, then every --benchmark_<name>=value in argv, in order: each one that parses
// replaces the one before. A bare --benchmark_<name> (booleans only) reads as "true".
std::vector<std::string> flag_values(int argc, char** argv, std::string_view name, bool is_bool) {
  std::vector<std::string> values;
  std::string env = "BENCHMARK_";
  for (char c : name) env += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (const char* e = std::getenv(env.c_str())) values.emplace_back(e);
  const std::string flag = "--benchmark_" + std::string(name);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (is_bool && arg == flag) values.emplace_back("true");
    if (arg.size() > flag.size() && arg.substr(0, flag.size()) == flag && arg[flag.size()] == '=') {
      values.emplace_back(arg.substr(flag.size() + 1));
    }
  }
  return values;
}

// Google Benchmark's reading of a boolean: empty or anything but 0/false/no/off (any case).
bool truthy(std::string v) {
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v != "0" && v != "false" && v != "f" && v != "no" && v != "n" && v != "off";
}

}  // namespace

GbenchFlags read_gbench_flags(int argc, char** argv) {
  GbenchFlags f;
  for (const std::string& v : flag_values(argc, argv, "list_tests", true)) f.list_tests = truthy(v);
  for (const std::string& v : flag_values(argc, argv, "format", false)) f.format = v;
  for (const std::string& v : flag_values(argc, argv, "repetitions", false)) {
    char* end = nullptr;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (end != v.c_str() && *end == '\0' && n > 0 && n < 1000000)
      f.repetitions = static_cast<int>(n);
  }
  for (const std::string& v : flag_values(argc, argv, "min_time", false)) {
    char* end = nullptr;
    const double t = std::strtod(v.c_str(), &end);
    if (end != v.c_str() && *end == '\0' && std::isfinite(t)) f.min_time_s = t;
  }
  for (const std::string& v : flag_values(argc, argv, "out", false)) f.out = v;
  for (const std::string& v : flag_values(argc, argv, "out_format", false)) f.out_format = v;
  for (const std::string& v : flag_values(argc, argv, "enable_random_interleaving", true)) {
    f.random_interleaving = truthy(v);
  }
  for (const std::string& v : flag_values(argc, argv, "display_aggregates_only", true)) {
    f.display_aggregates_only = truthy(v);
  }
  for (const std::string& v : flag_values(argc, argv, "report_aggregates_only", true)) {
    f.report_aggregates_only = truthy(v);
  }
  return f;
}

std::vector<char*> gbench_argv(int argc, char** argv, bool file_wanted) {
  // Google Benchmark 1.7.1 reads BENCHMARK_OUT into its flag when the library loads, so an
  // explicit value is the only way to override it.
  static char out_none[] = "--benchmark_out=";
  static char out_sink[] = "--benchmark_out=/dev/null";
  constexpr std::string_view kOut = "--benchmark_out=";
  std::vector<char*> out{argv[0], file_wanted ? out_sink : out_none};
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]).substr(0, kOut.size()) != kOut) out.push_back(argv[i]);
  }
  out.push_back(nullptr);
  return out;
}

}  // namespace mdb::bench
