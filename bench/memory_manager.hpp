#pragma once
// Google Benchmark's MemoryManager hook, fed by the global heap counter.
#include <benchmark/benchmark.h>

#include <cstdint>

namespace mdb::bench {

/// Reports allocations of Google Benchmark's extra memory pass (it reruns each benchmark for a
/// few iterations between Start and Stop and writes allocs_per_iter and max_bytes_used into the
/// JSON). max_bytes_used is the peak of live heap bytes above the level at Start.
/// True between HeapMemoryManager::Start and Stop. Benchmarks skip publishing counters then:
/// Google Benchmark discards that pass's counters, and storing them would be the only
/// allocations a healthy benchmark makes, hiding a real leak behind a constant.
bool in_memory_pass();

class HeapMemoryManager final : public benchmark::MemoryManager {
 public:
  void Start() override;
  // Google Benchmark 1.7.1 declares Stop(Result*) pure virtual (and deprecated) and forwards
  // Stop(Result&) to it, so this is the one to override.
  void Stop(Result* result) override;

 private:
  std::int64_t allocations_ = 0;
  std::int64_t allocated_ = 0;
  std::int64_t live_ = 0;
};

}  // namespace mdb::bench
