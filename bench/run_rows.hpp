#pragma once
// How md_bench hands its selected rows to Google Benchmark: with sized runs (run_sizing.hpp),
// one call per row, or per size of a Scaling family (its probes, then its reported run on the
// same warmed-up workspace; the family's O(N) fit computed as Google Benchmark computes it); else,
// or with random interleaving (which needs every row in one call), one call for all and Google
// Benchmark's own iteration search.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/registry.hpp"
#include "bench/suite_reporter.hpp"

namespace mdb::bench {

struct RowRunOptions {
  bool size_runs = true;                 ///< --md_size_runs
  bool interleaved = false;              ///< --benchmark_enable_random_interleaving
  double min_time_s = 0.5;               ///< --benchmark_min_time
  int repetitions = 1;                   ///< --benchmark_repetitions
  bool display_aggregates_only = false;  ///< the display's: Google Benchmark's routing flags
  bool file_aggregates_only = false;     ///< --benchmark_report_aggregates_only
  /// Google Benchmark's heap hook for reported runs (nullptr: none); never on probes.
  benchmark::MemoryManager* memory = nullptr;
};

/// Runs `plan` (the selected rows, each registered by itself here) and reports through
/// `reporters`; finishes them. Leaves no benchmark registered.
void run_rows(const std::vector<PlannedBenchmark>& plan, const RowRunOptions& options,
              SuiteReporters reporters);

}  // namespace mdb::bench
