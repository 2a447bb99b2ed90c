#pragma once
// Shared by the history tests: stores on every backend this build has, and synthetic runs.
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compare/history/open_store.hpp"
#include "compare/history/run_record.hpp"

namespace mdb::history::testing {

/// A fresh, empty place for a store on `backend` ("sqlite" or "postgres"), or "" with a reason
/// to skip. PostgreSQL comes from MDB_TEST_PG_URL, which tests/history/with_postgres.sh sets
/// after starting a throwaway server; each call gets a schema of its own.
struct StoreLocation {
  std::string where;        // what --db would say
  std::string skip_reason;  // non-empty: this backend cannot be tested here
};
StoreLocation fresh_store(const std::string& backend, const std::string& tag);

/// A synthetic run: `rows` benchmarks named "Row/<i>", each with `metrics` metrics of `reps`
/// repetitions; the values differ by `salt` so two calls with different salts are different
/// runs (the key is `key`).
RunRecord synthetic_run(const std::string& key, int rows, int metrics, int reps, double salt,
                        const std::string& machine = "test-machine");

/// A run with one benchmark and real_time = `value` (one repetition), at commit "c<index>" and
/// a time that sorts by index.
RunRecord point_run(const std::string& benchmark, double value, int index,
                    const std::string& machine = "test-machine");

inline std::string data_path(const std::string& name) {
  // Appended in place: GCC 12 can misread `std::string(literal) + "/" + name` as a read past
  // the temporary (-Warray-bounds), as it did once a precompiled header changed its inlining.
  std::string path = MDB_COMPARE_DATA_DIR;
  path.append("/").append(name);
  return path;
}

}  // namespace mdb::history::testing
