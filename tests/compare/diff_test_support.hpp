#pragma once
// What compare_samples' tests share (test_diff.cpp, test_diff_edge_cases.cpp): benchmarks of
// quiet samples to build both sides from, and a lookup into the comparison.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "compare/diff/diff.hpp"

namespace mdb::compare::diff_test {

// Ten samples around `center` with a +-1 % spread (a quiet machine).
inline std::vector<double> around(double center, std::size_t n = 10) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) {
    v.push_back(center * (1.0 + 0.01 * (static_cast<double>(i % 5) - 2.0) / 2.0 +
                          1e-4 * static_cast<double>(i)));
  }
  return v;
}

inline BenchmarkSamples bench(const std::string& name, double time_ns, std::size_t n = 10) {
  BenchmarkSamples b;
  b.name = name;
  b.metrics["real_time"] = around(time_ns, n);
  b.metrics["cpu_time"] = around(time_ns * 1.001, n);
  b.metrics["natoms"] = std::vector<double>(n, 64);
  return b;
}

inline SampleSet set_of(std::vector<BenchmarkSamples> benchmarks) {
  SampleSet s;
  s.benchmarks = std::move(benchmarks);
  return s;
}

inline const MetricDiff& metric(const Comparison& c, const std::string& bench_name,
                                const std::string& m) {
  for (const auto& row : c.rows) {
    if (row.name != bench_name) continue;
    if (const MetricDiff* d = row.metric(m)) return *d;
  }
  ADD_FAILURE() << "no " << m << " for " << bench_name;
  static const MetricDiff none{};
  return none;
}
// A reference into a temporary Comparison would dangle once the statement ends: keep it in a
// variable first (ASan caught two such tests, which passed in Release by luck).
const MetricDiff& metric(Comparison&& c, const std::string& bench_name,
                         const std::string& m) = delete;

}  // namespace mdb::compare::diff_test
