#pragma once
// Google Benchmark's own flags that md_bench needs before benchmark::Initialize consumes them,
// read as Google Benchmark 1.7.1 reads them: the last --benchmark_<flag>=value in argv, else the
// BENCHMARK_<FLAG> environment variable, else its default; a value it cannot parse it ignores,
// and so does this.
#include <string>

namespace mdb::bench {

struct GbenchFlags {
  bool list_tests = false;           ///< --benchmark_list_tests: only list, so nothing is prepared
  std::string format = "console";    ///< --benchmark_format: the display's
  int repetitions = 1;               ///< --benchmark_repetitions
  double min_time_s = 0.5;           ///< --benchmark_min_time: each reported run's least time
  std::string out;                   ///< --benchmark_out: the file, empty for none
  std::string out_format = "json";   ///< --benchmark_out_format
  bool random_interleaving = false;  ///< --benchmark_enable_random_interleaving
  bool display_aggregates_only = false;  ///< --benchmark_display_aggregates_only
};

/// Reads the flags above from argv and the environment; argv is left as it is.
GbenchFlags read_gbench_flags(int argc, char** argv);

/// Takes --benchmark_out, --benchmark_out_format and --benchmark_display_aggregates_only out of
/// argv (shifting the rest down, updating argc) and their variables out of the environment, so
/// that Google Benchmark leaves them to md_bench (suite_reporter.hpp). Read them first.
void take_output_flags(int& argc, char** argv);

}  // namespace mdb::bench
