#pragma once
// md_report's tests: a run summarised from a file of the data folder.
#include "compare/diff/gbench_json.hpp"
#include "compare/report/run_summary.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {

inline RunSummary load(const char* file) {
  return summarize_run({load_benchmark_json(kData / file)});
}

}  // namespace mdb::compare
