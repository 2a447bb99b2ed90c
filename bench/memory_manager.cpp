#include "bench/memory_manager.hpp"

#include <algorithm>
#include <atomic>

#include "bench/heap_counter.hpp"

namespace mdb::bench {
namespace {
std::atomic<bool> g_in_memory_pass{false};
}  // namespace

bool in_memory_pass() {
  return g_in_memory_pass.load(std::memory_order_relaxed);
}

void HeapMemoryManager::Start() {
  const HeapCounts c = heap_counts();
  allocations_ = c.allocations;
  allocated_ = c.allocated_bytes;
  live_ = c.live_bytes;
  reset_heap_peak();
  g_in_memory_pass.store(true, std::memory_order_relaxed);
}

void HeapMemoryManager::Stop(Result* result) {
  g_in_memory_pass.store(false, std::memory_order_relaxed);
  const HeapCounts c = heap_counts();
  result->num_allocs = c.allocations - allocations_;
  result->max_bytes_used = std::max<std::int64_t>(0, heap_peak_live_bytes() - live_);
  result->total_allocated_bytes = c.allocated_bytes - allocated_;
  result->net_heap_growth = c.live_bytes - live_;
}

}  // namespace mdb::bench
