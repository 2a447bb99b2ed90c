#pragma once
// What the compare and md_report tests share: their data folder (tests/compare/data), a program
// run's outcome, and a substring check.
#include <filesystem>
#include <string>
#include <vector>

namespace mdb::compare {

inline const std::filesystem::path kData = MDB_COMPARE_DATA_DIR;

/// What a command-line entry point (run_compare, run_md_report) returned and printed.
struct CliRun {
  int code;
  std::string out, err;
};

/// `args` with each bare fixture name ("x.json", no folder) taken from the data folder.
inline std::vector<std::string> with_data_folder(std::vector<std::string> args) {
  for (auto& a : args) {
    if (a.size() > 5 && a.ends_with(".json") && a.find('/') == std::string::npos) {
      a = (kData / a).string();
    }
  }
  return args;
}

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace mdb::compare
