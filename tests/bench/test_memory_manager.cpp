#include "bench/memory_manager.hpp"

#include <benchmark/benchmark.h>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "bench/counters.hpp"
#include "bench/workspace.hpp"

namespace mdb::bench {
namespace {

constexpr int kAllocationsPerIteration = 3;
// Set by PassWatcher between Google Benchmark's Start and Stop of the memory pass, independently
// of in_memory_pass(), so a pass that ran the work (in_memory_pass() wrongly false) is counted.
std::atomic<bool> g_pass_open{false};
std::atomic<long> g_worked_in_pass{0};

// A benchmark shaped like md_bench's families: the memory pass runs run_memory_pass, the measured
// runs allocate kAllocationsPerIteration blocks per iteration inside a MemoryProbe.
void allocating_benchmark(benchmark::State& state) {
  if (in_memory_pass()) return run_memory_pass(state);
  forget_measured_heap();
  MemoryProbe probe;
  probe.start();
  for (auto _ : state) {
    if (g_pass_open.load()) g_worked_in_pass.fetch_add(1);
    for (int k = 0; k < kAllocationsPerIteration; ++k) {
      auto block = std::make_unique<std::int64_t[]>(16);
      benchmark::DoNotOptimize(block.get());
    }
  }
  Measurement m;
  probe.finish(m, state.iterations());
}

struct MemoryFigures {
  bool reported = false;
  double allocs_per_iter = -1;
  std::int64_t max_bytes_used = -1, total_allocated_bytes = -1;
  std::int64_t iterations = 0;
};

// HeapMemoryManager with the pass's span marked for the test.
class PassWatcher final : public benchmark::MemoryManager {
 public:
  void Start() override {
    g_pass_open.store(true);
    inner_.Start();
  }
  void Stop(Result* result) override {
    inner_.Stop(result);
    g_pass_open.store(false);
  }

 private:
  HeapMemoryManager inner_;
};

// Reads the memory result while Google Benchmark still owns it (it points into the runner).
class MemoryReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.memory_result == nullptr) continue;
      figures.reported = true;
      figures.allocs_per_iter = r.allocs_per_iter;
      figures.max_bytes_used = r.memory_result->max_bytes_used;
      figures.total_allocated_bytes = r.memory_result->total_allocated_bytes;
      figures.iterations = r.iterations;
    }
  }
  MemoryFigures figures;
};

// Google Benchmark's memory pass does no work in md_bench, yet reports the measured run's heap
// use per iteration: allocs_per_iter is the allocations of one measured iteration.
TEST(FoldedMemoryPass, ReportsTheMeasuredRunsAllocationsPerIteration) {
  benchmark::RegisterBenchmark("MemoryManagerTest/allocating", allocating_benchmark)->MinTime(0.01);
  PassWatcher manager;
  benchmark::RegisterMemoryManager(&manager);
  MemoryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter, "^MemoryManagerTest/allocating");
  benchmark::RegisterMemoryManager(nullptr);
  ASSERT_TRUE(reporter.figures.reported);
  EXPECT_GT(reporter.figures.iterations, 16);  // so the pass (min(16, iterations)) is shorter
  EXPECT_DOUBLE_EQ(reporter.figures.allocs_per_iter, kAllocationsPerIteration);
  // Every block is freed within its iteration: the peak is a few blocks, the total one per
  // allocation of the pass's iterations.
  EXPECT_GE(reporter.figures.max_bytes_used, 16 * 8);
  EXPECT_LT(reporter.figures.max_bytes_used, kAllocationsPerIteration * 16 * 8 * 2);
  EXPECT_GE(reporter.figures.total_allocated_bytes, 16 * kAllocationsPerIteration * 16 * 8);
  EXPECT_LT(reporter.figures.total_allocated_bytes, 16 * kAllocationsPerIteration * 16 * 8 * 2);
  EXPECT_EQ(g_worked_in_pass.load(), 0);
}

}  // namespace
}  // namespace mdb::bench
