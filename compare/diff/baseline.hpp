#pragma once
// Picks, from a directory of stored runs, the one recorded in the context most like a new run's
// (same CPU model, ISA, GPU, build type...), so a stored baseline is compared like with like.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace mdb::compare {

/// The pick and why.
struct BaselineChoice {
  std::filesystem::path path;
  std::vector<std::string> matched;     // context keys equal in both, by weight
  std::vector<std::string> mismatched;  // "cpu_model: \"A\" vs \"B\"" for keys both have
  int score = 0;
};

/// Context keys and their weights: the CPU model and what the code was built for matter most;
/// the host name least (machines get renamed, CI runners are anonymous).
const std::vector<std::pair<std::string, int>>& baseline_context_keys();

/// Scores one stored context against the new run's: the sum of weights of keys equal in both.
BaselineChoice score_context(const nlohmann::json& stored, const nlohmann::json& wanted);

/// The best-scoring Google Benchmark JSON file in `dir` (*.json files that have a "benchmarks"
/// key; others, such as a policy file, are passed over). Ties go to the file name that sorts
/// first, so the pick is reproducible. Throws JsonError when `dir` is missing or holds none.
BaselineChoice select_baseline(const std::filesystem::path& dir, const nlohmann::json& wanted);

}  // namespace mdb::compare
