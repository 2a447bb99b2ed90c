// A run's iterations in batches (bench/iteration_batches.hpp), run through Google Benchmark's own
// runner with manual time from a scripted clock: without a fill the run is Google Benchmark's
// count exactly; with one its last batch runs on until the fill is reached, and Google Benchmark
// reports every iteration that ran.
#include "bench/iteration_batches.hpp"

#include <benchmark/benchmark.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace mdb::bench {
namespace {

// Times in powers of two, so the sums are exact.
constexpr double kPace = 1.0 / 128;  // s per iteration

TEST(LastBatch, RunsOnlyTheRestWhenTheRestFillsTheRun) {
  // 70 done in 0.375 s; 30 more at 1/128 s reach 0.609 s.
  EXPECT_EQ(last_batch(70, 30, 0.375, kPace, 0.5, 800), 30);
  EXPECT_EQ(last_batch(70, 30, 0.625, kPace, 0.5, 800), 30);  // already past the fill
}

TEST(LastBatch, RunsOnUntilTheFillAtThePaceGiven) {
  EXPECT_EQ(last_batch(70, 10, 0.375, kPace, 0.625, 800), 32);      // 0.25 s more
  EXPECT_EQ(last_batch(70, 10, 0.375, kPace / 2, 0.625, 800), 64);  // at a faster pace
  // Rounded up, so the run reaches the fill: 0.255 s is 32.64 iterations.
  EXPECT_EQ(last_batch(70, 10, 0.375, kPace, 0.63, 800), 33);
}

TEST(LastBatch, StaysWithinTheMostAndNeverBelowTheRest) {
  EXPECT_EQ(last_batch(70, 10, 0.375, kPace, 10.0, 100), 30);  // 100 in all
  EXPECT_EQ(last_batch(70, 10, 0.375, kPace, 10.0, 75), 10);   // the count itself comes first
  EXPECT_EQ(last_batch(70, 10, 0.375, 0.0, 0.625, 800), 10);   // no pace: the count as is
  EXPECT_EQ(last_batch(70, 10, 0.375, std::nan(""), 0.625, 800), 10);
  EXPECT_EQ(last_batch(0, 10, 0.0, 0.0, 0.625, 800), 10);  // nothing timed yet
}

// One scripted run: the body's iterations take seconds_of(i) each (i counts from 0), as
// SetIterationTime reports them; it records each batch it was handed.
struct Script {
  explicit Script(std::function<double(std::int64_t)> f, std::int64_t error_after_count = -1)
      : seconds_of(std::move(f)), error_after(error_after_count) {}
  std::function<double(std::int64_t)> seconds_of;
  std::int64_t error_after;  ///< SkipWithError once this many ran (-1: never)
  std::int64_t ran = 0;
  std::vector<std::int64_t> batches;
  std::int64_t most = 0;
};
Script* g_script = nullptr;

void scripted_benchmark(benchmark::State& state) {
  Script& s = *g_script;
  s.ran = 0;
  s.batches.clear();
  IterationBatches batches(state, 0);
  s.most = batches.most();
  double timed = 0.0;
  for (std::int64_t k; (k = batches.next(timed)) > 0;) {
    s.batches.push_back(k);
    double batch_s = 0.0;
    for (std::int64_t i = 0; i < k; ++i) batch_s += s.seconds_of(s.ran++);
    state.SetIterationTime(batch_s);
    timed += batch_s;
    if (s.error_after >= 0 && s.ran >= s.error_after) {
      state.SkipWithError("scripted error");
      return;
    }
  }
}

class Runs : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& r) override {
    for (const Run& run : r) {
      if (run.run_type == Run::RT_Iteration) runs.push_back(run);
    }
  }
  std::vector<Run> runs;
};

// Runs the script with Google Benchmark's count `n` under `fill_s` (and the pace it was sized by).
std::vector<benchmark::BenchmarkReporter::Run> run(Script& script, std::int64_t n, double fill_s,
                                                   double sized_pace_s = 0.0) {
  g_script = &script;
  benchmark::ClearRegisteredBenchmarks();
  benchmark::RegisterBenchmark("IterationBatchesTest", scripted_benchmark)
      ->Iterations(n)
      ->UseManualTime();
  set_run_fill(fill_s, sized_pace_s);
  Runs reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter, "^IterationBatchesTest");
  set_run_fill(0.0);
  benchmark::ClearRegisteredBenchmarks();
  g_script = nullptr;
  return reporter.runs;
}

TEST(IterationBatches, WithoutAFillTheRunIsGoogleBenchmarksCountInEighths) {
  Script s([](std::int64_t) { return 0.001; });
  const auto runs = run(s, 100, 0.0);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].iterations, 100);
  EXPECT_EQ(s.ran, 100);
  EXPECT_EQ(s.most, 100);
  std::int64_t sum = 0;
  for (std::int64_t k : s.batches) {
    EXPECT_LE(k, 12) << "a batch above an eighth of the count";
    sum += k;
  }
  EXPECT_EQ(sum, 100);
  EXPECT_NEAR(runs[0].real_accumulated_time, 0.1, 1e-12);  // the manual time, summed
}

TEST(IterationBatches, AShortRunGoesOnUntilTheFillAndReportsEveryIteration) {
  // 64 iterations of 1/128 s are 0.5 s; the fill asks for 1.25 s: 160 iterations. The last
  // batch starts after seven batches of 8.
  Script s([](std::int64_t) { return kPace; });
  const auto runs = run(s, 64, 1.25);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(runs[0].error_occurred);
  EXPECT_EQ(runs[0].iterations, s.ran);  // Google Benchmark counts what ran
  EXPECT_EQ(s.ran, 160);
  EXPECT_EQ(s.batches.back(), 160 - 56);
  EXPECT_DOUBLE_EQ(runs[0].real_accumulated_time, 1.25);
  EXPECT_EQ(s.most, 64 * kMaxRunGrowth);
}

TEST(IterationBatches, ARunThatAlreadyFillsIsNotExtended) {
  Script s([](std::int64_t) { return kPace; });
  const auto runs = run(s, 64, 0.3);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].iterations, 64);
  EXPECT_EQ(s.ran, 64);
}

// The machine sped up during the run: the last batch is sized by the fastest batch, so the run
// still fills; sized by the run's mean pace so far it would stop short.
TEST(IterationBatches, TheLastBatchIsSizedByTheFastestBatch) {
  // Batches of 8: two at 1/32 s an iteration, then 1/128 s: 0.5 + 5 x 0.0625 = 0.8125 s after 56.
  Script s([](std::int64_t i) { return i < 16 ? 4 * kPace : kPace; });
  const auto runs = run(s, 64, 1.25);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(s.batches.back(), 56);  // (1.25 - 0.8125) x 128, where the mean pace gives 31
  EXPECT_DOUBLE_EQ(runs[0].real_accumulated_time, 1.25);
  EXPECT_EQ(runs[0].iterations, s.ran);
}

TEST(IterationBatches, GrowsAtMostByItsFactor) {
  Script s([](std::int64_t) { return 0.001; });
  const auto runs = run(s, 10, 100.0);  // would need 100,000
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].iterations, 10 * kMaxRunGrowth);
  EXPECT_EQ(s.ran, 10 * kMaxRunGrowth);
}

// A count of one is its own last batch: only the pace the count was sized by can extend it.
TEST(IterationBatches, ACountOfOneIsExtendedOnlyByThePaceItWasSizedBy) {
  Script s([](std::int64_t) { return 0.375; });  // a trajectory of 0.375 s
  const auto alone = run(s, 1, 0.51);
  ASSERT_EQ(alone.size(), 1u);
  EXPECT_EQ(alone[0].iterations, 1);  // 0.375 s: short of the fill, and nothing to extend by
  const auto sized = run(s, 1, 0.51, 0.375);
  ASSERT_EQ(sized.size(), 1u);
  EXPECT_EQ(sized[0].iterations, 2);
  EXPECT_EQ(s.ran, 2);
  EXPECT_DOUBLE_EQ(sized[0].real_accumulated_time, 0.75);
  // Once a batch has run, its own pace sizes the last one, not the pace given.
  const auto two = run(s, 2, 1.1, 0.05);
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two[0].iterations, 3);
}

TEST(IterationBatches, AnErrorEndsTheRunAsGoogleBenchmarksLoopWould) {
  Script s([](std::int64_t) { return 0.001; }, 30);
  const auto runs = run(s, 100, 1.0);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_TRUE(runs[0].error_occurred);
  EXPECT_EQ(runs[0].error_message, "scripted error");
}

}  // namespace
}  // namespace mdb::bench
