#pragma once
// A path in the system's temporary folder that no other test process uses at the same time
// (ctest runs tests in parallel, each its own process).
#include <unistd.h>

#include <filesystem>
#include <string>

namespace mdb::test {

/// temp/<stem>_<this process's id><suffix>.
inline std::filesystem::path process_temp_path(const std::string& stem,
                                               const std::string& suffix = "") {
  return std::filesystem::temp_directory_path() /
         (stem + "_" + std::to_string(::getpid()) + suffix);
}

}  // namespace mdb::test
