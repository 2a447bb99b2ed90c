// A Scaling family's O(N) fit, computed by md_bench when the family's sizes run in calls of their
// own (bench/scaling_fit.hpp), against the oracle it replaces: Google Benchmark's own fit of the
// same runs, when one call runs the whole family with Complexity(oN).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/scaling_fit.hpp"

namespace mdb::bench {
namespace {

using GbRun = benchmark::BenchmarkReporter::Run;

class FitRecorder final : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& r) override {
    runs.insert(runs.end(), r.begin(), r.end());
  }
  std::vector<GbRun> runs;
};

// Times per iteration that are not exactly linear in N, so the residuals (RMS) are not zero.
void scaling_body(benchmark::State& state) {
  const auto n = static_cast<double>(state.range(0));
  int k = 0;
  for (auto _ : state) {
    state.SetIterationTime(1e-6 * (3.0 * n + 40.0 + 5.0 * (k++ % 3)));
  }
  state.SetComplexityN(state.range(0));
}

void erring_body(benchmark::State& state) {
  if (state.range(0) == 64) {
    state.SkipWithError("a size that blew up");
    for (auto _ : state) {
    }
    return;
  }
  scaling_body(state);
}

struct Reference {
  std::vector<std::vector<GbRun>> sizes;  // each size's runs, as a call of its own would give them
  std::vector<GbRun> fit;                 // Google Benchmark's BigO and RMS rows
};

Reference run_family(void (*body)(benchmark::State&), int repetitions) {
  benchmark::ClearRegisteredBenchmarks();
  benchmark::RegisterBenchmark("Scaling/NVE/fit/cpu", body)
      ->UseManualTime()
      ->Unit(benchmark::kMicrosecond)
      ->Arg(32)
      ->Arg(64)
      ->Arg(256)
      ->Iterations(7)
      ->Repetitions(repetitions)
      ->Complexity(benchmark::oN);
  FitRecorder recorder;
  benchmark::RunSpecifiedBenchmarks(&recorder, nullptr, "Scaling/NVE/fit/");
  benchmark::ClearRegisteredBenchmarks();
  Reference ref;
  ref.sizes.resize(3);
  for (const GbRun& r : recorder.runs) {
    if (r.aggregate_name == "BigO" || r.aggregate_name == "RMS") {
      ref.fit.push_back(r);
    } else {
      ref.sizes.at(static_cast<std::size_t>(r.per_family_instance_index)).push_back(r);
    }
  }
  return ref;
}

void expect_same_fit(const std::vector<GbRun>& ours, const std::vector<GbRun>& theirs) {
  ASSERT_EQ(ours.size(), 2u);
  ASSERT_EQ(theirs.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const GbRun& a = ours[i];
    const GbRun& b = theirs[i];
    SCOPED_TRACE(b.aggregate_name);
    EXPECT_EQ(a.benchmark_name(), b.benchmark_name());
    EXPECT_EQ(a.aggregate_name, b.aggregate_name);
    EXPECT_EQ(a.run_type, b.run_type);
    EXPECT_EQ(a.aggregate_unit, b.aggregate_unit);
    EXPECT_EQ(a.family_index, b.family_index);
    EXPECT_EQ(a.per_family_instance_index, b.per_family_instance_index);
    EXPECT_EQ(a.repetitions, b.repetitions);
    EXPECT_EQ(a.repetition_index, b.repetition_index);
    EXPECT_EQ(a.threads, b.threads);
    EXPECT_EQ(a.iterations, b.iterations);
    EXPECT_EQ(a.time_unit, b.time_unit);
    EXPECT_EQ(a.complexity, b.complexity);
    EXPECT_EQ(a.report_big_o, b.report_big_o);
    EXPECT_EQ(a.report_rms, b.report_rms);
    // The same sums in the same order: the same doubles, to the rounding of pow(x, 2) and x * x.
    EXPECT_DOUBLE_EQ(a.real_accumulated_time, b.real_accumulated_time);
    EXPECT_DOUBLE_EQ(a.cpu_accumulated_time, b.cpu_accumulated_time);
    EXPECT_GT(b.real_accumulated_time, 0.0);
  }
  // Manual times of 3 us per atom and change: the fit finds the slope near 3 us.
  EXPECT_NEAR(ours[0].real_accumulated_time, 3.2e-6, 0.3e-6);
}

TEST(ScalingFit, IsGoogleBenchmarksFitOfTheSameRuns) {
  const Reference ref = run_family(scaling_body, 1);
  ScalingFit fit;
  for (const auto& size : ref.sizes) fit.add(size);
  expect_same_fit(fit.rows(), ref.fit);
}

TEST(ScalingFit, CountsEveryRepetitionAndLeavesErrorsOut) {
  const Reference ref = run_family(erring_body, 2);
  ScalingFit fit;
  for (const auto& size : ref.sizes) fit.add(size);  // with their statistics: not fitted
  expect_same_fit(fit.rows(), ref.fit);
}

TEST(ScalingFit, NeedsTwoRuns) {
  const Reference ref = run_family(scaling_body, 1);
  ScalingFit fit;
  fit.add(ref.sizes.at(0));
  EXPECT_TRUE(fit.rows().empty());
  fit.add(ref.sizes.at(1));
  EXPECT_EQ(fit.rows().size(), 2u);
}

}  // namespace
}  // namespace mdb::bench
