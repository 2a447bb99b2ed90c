#pragma once
// How md_bench hands its selected rows to Google Benchmark: with sized runs (run_sizing.hpp),
// one call per row, or per size of a Scaling family (its probes, then its reported run on the
// same warmed-up workspace; the family's O(N) fit computed as Google Benchmark computes it); else,
// or with random interleaving (which needs every row in one call), one call for all and Google
// Benchmark's own iteration search.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/registry.hpp"
#include "bench/run_sizing.hpp"
#include "bench/suite_reporter.hpp"

namespace mdb::bench {

struct RowRunOptions {
  bool size_runs = true;     ///< --md_size_runs
  bool interleaved = false;  ///< --benchmark_enable_random_interleaving
  /// How sized runs run; its heap hook serves Google Benchmark's own search too.
  SizingSettings sizing;
};

/// Runs `plan` (the selected rows, each registered by itself here) and reports through
/// `reporters`; finishes them. Leaves no benchmark registered.
void run_rows(const std::vector<PlannedBenchmark>& plan, const RowRunOptions& options,
              SuiteReporters reporters);

}  // namespace mdb::bench
