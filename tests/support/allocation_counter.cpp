// The interposed allocation entry points behind allocations_so_far() (allocation_counter.hpp).
#include "tests/support/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> g_allocations{0};
}

// glibc's own entry points, which the interposed functions forward to.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);

void* malloc(std::size_t n) {
  ++g_allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  ++g_allocations;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  ++g_allocations;
  return __libc_realloc(p, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) {
  ++g_allocations;
  return __libc_memalign(a, n);
}
int posix_memalign(void** out, std::size_t a, std::size_t n) {
  ++g_allocations;
  *out = __libc_memalign(a, n);
  return *out ? 0 : 12;  // ENOMEM
}
}

void* operator new(std::size_t n) {
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = std::aligned_alloc(static_cast<std::size_t>(a),
                                   (n + static_cast<std::size_t>(a) - 1) /
                                       static_cast<std::size_t>(a) * static_cast<std::size_t>(a)))
    return p;
  throw std::bad_alloc();
}
// The deletes stay out of line: inlined into make_unique's unwinding path, GCC 12 pairs the
// new-expression with the free() inside and reports a mismatch that is not there
// (-Wmismatched-new-delete; which call sites it inlines into changes with unrelated code).
#define MDB_OUT_OF_LINE __attribute__((noinline))
MDB_OUT_OF_LINE void operator delete(void* p) noexcept {
  std::free(p);
}
MDB_OUT_OF_LINE void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
MDB_OUT_OF_LINE void operator delete[](void* p) noexcept {
  std::free(p);
}
MDB_OUT_OF_LINE void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
MDB_OUT_OF_LINE void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
MDB_OUT_OF_LINE void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}

long mdb::test::allocations_so_far() {
  return g_allocations.load();
}
