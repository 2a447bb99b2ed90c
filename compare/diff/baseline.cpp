#include "compare/diff/baseline.hpp"

#include <algorithm>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {

const std::vector<std::pair<std::string, int>>& baseline_context_keys() {
  // md_bench writes its own keys with the mdbench_ prefix (bench/run_context.cpp); num_cpus and
  // host_name are Google Benchmark's. The GPU outweighs everything else together: a GPU run's
  // cuda rows are only in a GPU's file, and a CPU-only run ("none") must not pick one.
  static const std::vector<std::pair<std::string, int>> keys = {
      {"mdbench_cpu_model", 16}, {"mdbench_isa", 8},      {"mdbench_gpu", 64},
      {"mdbench_build_type", 4}, {"mdbench_compiler", 2}, {"mdbench_cuda_built", 2},
      {"num_cpus", 2},           {"host_name", 1},
  };
  return keys;
}

BaselineChoice score_context(const nlohmann::json& stored, const nlohmann::json& wanted) {
  BaselineChoice c;
  for (const auto& [key, weight] : baseline_context_keys()) {
    if (!stored.is_object() || !wanted.is_object() || !stored.contains(key) ||
        !wanted.contains(key)) {
      continue;
    }
    if (stored[key] == wanted[key]) {
      c.score += weight;
      c.matched.push_back(key);
    } else {
      c.mismatched.push_back(key + ": " + stored[key].dump() + " vs " + wanted[key].dump());
    }
  }
  return c;
}

BaselineChoice select_baseline(const std::filesystem::path& dir, const nlohmann::json& wanted) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw JsonError("baseline directory " + dir.string() + " does not exist");
  }
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  BaselineChoice best;
  bool found = false;
  for (const auto& path : files) {
    const std::string text = read_text_file(path);
    nlohmann::json root;
    try {
      root = parse_tolerant_json(text);
    } catch (const JsonError& e) {
      throw JsonError(path.string() + ": " + e.what());
    }
    if (!root.is_object() || !root.contains("benchmarks")) continue;
    BaselineChoice c = score_context(root.value("context", nlohmann::json::object()), wanted);
    c.path = path;
    if (!found || c.score > best.score) best = std::move(c);
    found = true;
  }
  if (!found) throw JsonError("baseline directory " + dir.string() + " holds no benchmark JSON");
  return best;
}

}  // namespace mdb::compare
