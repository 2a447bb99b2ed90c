#include "bench/memory_manager.hpp"

#include <atomic>
#include <cmath>

namespace mdb::bench {
namespace {
std::atomic<bool> g_in_memory_pass{false};
MeasuredHeap g_measured;
std::int64_t g_pass_iterations = 0;
}  // namespace

bool in_memory_pass() {
  return g_in_memory_pass.load(std::memory_order_relaxed);
}

void note_measured_heap(const MeasuredHeap& heap) {
  g_measured = heap;
}

void forget_measured_heap() {
  g_measured = MeasuredHeap{};
}

void run_memory_pass(benchmark::State& state) {
  std::int64_t n = 0;
  for (auto _ : state) ++n;
  g_pass_iterations = n;
}

void HeapMemoryManager::Start() {
  g_pass_iterations = 0;
  g_in_memory_pass.store(true, std::memory_order_relaxed);
}

void HeapMemoryManager::Stop(Result* result) {
  g_in_memory_pass.store(false, std::memory_order_relaxed);
  const MeasuredHeap& m = g_measured;
  const double per_iteration =
      m.iterations > 0 ? static_cast<double>(g_pass_iterations) / static_cast<double>(m.iterations)
                       : 0.0;
  result->num_allocs = std::llround(static_cast<double>(m.allocations) * per_iteration);
  result->max_bytes_used = m.peak_live_bytes;
  result->total_allocated_bytes =
      std::llround(static_cast<double>(m.allocated_bytes) * per_iteration);
  result->net_heap_growth = m.net_growth_bytes;
}

}  // namespace mdb::bench
