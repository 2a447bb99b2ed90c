#pragma once
// Helpers for the structure-file tests: files in a private temporary folder, line edits of
// fixture texts, and a check of StructureFileError's one-line "<path>:<line>: <problem>" form.
#include <gtest/gtest.h>

#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "md/structure/structure_file.hpp"

namespace mdb::test {

/// A fresh folder under the system temporary directory, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("mdb_structure_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  /// Writes text to dir/name and returns the path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::string p = path(name);
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

 private:
  std::filesystem::path dir_;
};

/// text with its 1-based line `line` replaced by `replacement`, which may hold several lines
/// (to insert) or none (to blank the line). The line must exist and end with a newline.
inline std::string with_line(const std::string& text, int line, const std::string& replacement) {
  std::size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  return text.substr(0, start) + replacement + text.substr(end);
}

/// Runs f and checks it throws StructureFileError whose what() is exactly one line that starts
/// with "<path>:<line>: " (or "<path>: " for line 0) and contains `fragment`.
template <class F>
void expect_file_error(F f, const std::string& path, int line, const std::string& fragment) {
  try {
    f();
    ADD_FAILURE() << "no StructureFileError; expected line " << line << ": " << fragment;
  } catch (const StructureFileError& e) {
    const std::string what = e.what();
    std::string prefix = path;
    if (line > 0) prefix.append(":").append(std::to_string(line));
    prefix.append(": ");
    EXPECT_EQ(what.rfind(prefix, 0), 0u)
        << "message '" << what << "' does not start with '" << prefix << "'";
    EXPECT_EQ(e.line(), line) << what;
    EXPECT_EQ(e.path(), path);
    EXPECT_NE(what.find(fragment), std::string::npos)
        << "message '" << what << "' lacks '" << fragment << "'";
    EXPECT_EQ(what.find('\n'), std::string::npos) << "message has several lines: " << what;
  }
}

}  // namespace mdb::test
