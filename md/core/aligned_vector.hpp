#pragma once
// Storage for the arrays SIMD kernels load and store as whole vectors: cache-line aligned.
//
// Why: std::allocator's blocks are 16-byte aligned (glibc; large ones 16 bytes past a page), so
// with 32-byte vectors every other one straddled two cache lines, and a straddling load or store
// costs two. Measured on 2026-11-29: the mixed LJ kernel alone 4.5 % slower per row with its
// arrays 16 bytes past a line (bench/array_alignment_probe), and the cpu-mixed steps of lj-melt,
// lj-ar and water 5-6 % faster with the arrays aligned (docs/PERFORMANCE_HISTORY.md).
#include <cstddef>
#include <new>
#include <vector>

namespace mdb {

inline constexpr std::size_t kCacheLineBytes = 64;

template <class T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() noexcept = default;
  template <class U>
  explicit CacheLineAllocator(const CacheLineAllocator<U>& /*other*/) noexcept {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{kCacheLineBytes}));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete (p, n * sizeof(T), std::align_val_t{kCacheLineBytes});
  }
  template <class U>
  struct rebind {
    using other = CacheLineAllocator<U>;
  };
  friend bool operator==(const CacheLineAllocator&, const CacheLineAllocator&) noexcept {
    return true;
  }
};

/// A std::vector whose data() starts on a cache line.
template <class T>
using AlignedVector = std::vector<T, CacheLineAllocator<T>>;

}  // namespace mdb
