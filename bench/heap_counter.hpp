#pragma once
// Process-wide heap accounting: md_bench replaces the global operator new/delete (in
// heap_counter.cpp) so a benchmark can prove a step allocates nothing and see any growth.
#include <cstdint>

namespace mdb::bench {

/// A snapshot of the counters since process start (bytes as malloc_usable_size reports them).
struct HeapCounts {
  std::int64_t allocations = 0;      ///< operator new calls
  std::int64_t allocated_bytes = 0;  ///< bytes handed out in total
  std::int64_t live_bytes = 0;       ///< allocated minus freed
};
HeapCounts heap_counts();

/// Peak of live_bytes since the last reset_heap_peak() (or process start).
std::int64_t heap_peak_live_bytes();
/// Restarts peak tracking from the current live bytes.
void reset_heap_peak();

/// Resident set size now, and the process's peak so far (bytes; 0 where /proc is unreadable).
std::int64_t resident_bytes();
std::int64_t peak_resident_bytes();

}  // namespace mdb::bench
