#include "bench/heap_counter.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace mdb::bench {
namespace {

// Relaxed atomics: the counters are read between timed regions, never used for synchronisation,
// and an MD step makes no allocation, so their cost never lands inside a measured step.
std::atomic<std::int64_t> g_allocations{0};
std::atomic<std::int64_t> g_allocated{0};
std::atomic<std::int64_t> g_live{0};
std::atomic<std::int64_t> g_peak{0};

void note_alloc(void* p) {
  const auto bytes = static_cast<std::int64_t>(malloc_usable_size(p));
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  g_allocated.fetch_add(bytes, std::memory_order_relaxed);
  const std::int64_t live = g_live.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  std::int64_t peak = g_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
}

void note_free(void* p) {
  if (p == nullptr) return;
  g_live.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
}

void* counted_alloc(std::size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  note_alloc(p);
  return p;
}

void* counted_aligned_alloc(std::size_t n, std::align_val_t al) {
  const auto a = static_cast<std::size_t>(al);
  void* p = std::aligned_alloc(a, ((n == 0 ? 1 : n) + a - 1) / a * a);
  if (p == nullptr) throw std::bad_alloc();
  note_alloc(p);
  return p;
}

void counted_free(void* p) {
  note_free(p);
  std::free(p);
}

}  // namespace

HeapCounts heap_counts() {
  HeapCounts c;
  c.allocations = g_allocations.load(std::memory_order_relaxed);
  c.allocated_bytes = g_allocated.load(std::memory_order_relaxed);
  c.live_bytes = g_live.load(std::memory_order_relaxed);
  return c;
}

std::int64_t heap_peak_live_bytes() {
  return g_peak.load(std::memory_order_relaxed);
}

void reset_heap_peak() {
  g_peak.store(g_live.load(std::memory_order_relaxed));
}

std::int64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  long pages_total = 0, pages_resident = 0;
  const int got = std::fscanf(f, "%ld %ld", &pages_total, &pages_resident);
  std::fclose(f);
  if (got != 2) return 0;
  return static_cast<std::int64_t>(pages_resident) * sysconf(_SC_PAGESIZE);
}

std::int64_t peak_resident_bytes() {
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<std::int64_t>(u.ru_maxrss) * 1024;  // Linux reports kilobytes
}

}  // namespace mdb::bench

// The replaceable global allocation functions ([new.delete]); every other form forwards here.
void* operator new(std::size_t n) {
  return mdb::bench::counted_alloc(n);
}
void* operator new[](std::size_t n) {
  return mdb::bench::counted_alloc(n);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return mdb::bench::counted_aligned_alloc(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return mdb::bench::counted_aligned_alloc(n, a);
}
void operator delete(void* p) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete[](void* p) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  mdb::bench::counted_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  mdb::bench::counted_free(p);
}
