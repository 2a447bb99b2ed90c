#pragma once
// A Scaling family's O(N) fit when its sizes run in calls of their own (run_sizing.hpp): the
// "_BigO" and "_RMS" rows Google Benchmark 1.7.1 adds after a family registered with
// Complexity(oN) (its ComputeBigO, complexity.cc), computed the same way from the same runs, so
// the rows, their fields and their values are what one call of the whole family reports.
#include <benchmark/benchmark.h>

#include <vector>

namespace mdb::bench {

/// Collects the runs of one Scaling family's sizes, in the order they ran.
class ScalingFit {
 public:
  using Run = benchmark::BenchmarkReporter::Run;

  /// Adds a size's runs: every repetition that ended without error (Google Benchmark's rule).
  void add(const std::vector<Run>& runs);

  /// The BigO and RMS rows of a least-squares fit of time per iteration = coef * N, real and CPU
  /// time alike; none with fewer than two runs (Google Benchmark reports none then either).
  std::vector<Run> rows() const;

 private:
  std::vector<Run> runs_;
};

}  // namespace mdb::bench
