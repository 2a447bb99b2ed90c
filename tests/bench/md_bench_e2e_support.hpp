#pragma once
// What the md_bench end-to-end tests share (test_md_bench_e2e.cpp, test_md_bench_cli_e2e.cpp):
// the md_bench this build made (MDB_MD_BENCH_PATH, set on their target), started as a user
// would, and a JSON path of this process's own for what it writes.
#include <filesystem>
#include <string>

#include "tests/support/run_command.hpp"
#include "tests/support/temp_path.hpp"

namespace mdb::bench::md_bench_e2e {

using Result = test::CommandResult;

inline Result run_md_bench(const std::string& args) {
  return test::run_command(MDB_MD_BENCH_PATH, args);
}

inline std::filesystem::path temp_json(const char* name) {
  return test::process_temp_path(std::string("mdbench_e2e_") + name, ".json");
}

}  // namespace mdb::bench::md_bench_e2e
