#pragma once
// Google Benchmark's MemoryManager hook, fed by the global heap counter.
#include <benchmark/benchmark.h>

#include <cstdint>

namespace mdb::bench {

/// True between HeapMemoryManager::Start and Stop: Google Benchmark's memory pass, in which a
/// benchmark runs run_memory_pass instead of its work.
bool in_memory_pass();

/// Heap use of the last measured (timed) run of a benchmark.
struct MeasuredHeap {
  std::int64_t iterations = 0;  ///< Google Benchmark iterations of that run
  std::int64_t allocations = 0;
  std::int64_t allocated_bytes = 0;
  std::int64_t peak_live_bytes = 0;  ///< peak of live heap bytes above the level at its start
  std::int64_t net_growth_bytes = 0;
};
/// Records the measured run's heap use, for the memory pass that follows it.
void note_measured_heap(const MeasuredHeap& heap);
/// Forgets it (a new benchmark starts: an error row must not report the previous one's).
void forget_measured_heap();

/// Google Benchmark's memory pass, folded into the measured run: it re-runs a benchmark for
/// min(16, iterations) more iterations only to count their allocations, which for a slow row
/// (a Trajectory, 8 SNAP replicas) doubled its cost. Instead the pass iterates without working
/// and the manager reports what the measured run allocated, scaled to the pass's iterations.
void run_memory_pass(benchmark::State& state);

/// Reports, for Google Benchmark's allocs_per_iter, max_bytes_used, total_allocated_bytes and
/// net_heap_growth, the heap use of the measured run before the pass (see run_memory_pass):
/// allocations and bytes per measured iteration times the pass's iteration count, the peak of
/// live bytes above the run's start, and the run's net growth.
class HeapMemoryManager final : public benchmark::MemoryManager {
 public:
  void Start() override;
  // Google Benchmark 1.7.1 declares Stop(Result*) pure virtual (and deprecated) and forwards
  // Stop(Result&) to it, so this is the one to override.
  void Stop(Result* result) override;
};

}  // namespace mdb::bench
