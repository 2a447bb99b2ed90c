#pragma once
// Storage for the arrays SIMD kernels load and store as whole vectors: cache-line aligned.
//
// Why: std::allocator's blocks are 16-byte aligned (glibc), so with 32-byte vectors every other
// one straddled two cache lines, and a straddling load or store costs two. The mixed LJ kernel's
// j-force read-modify-writes took a quarter longer per row from that alone (measured,
// docs/PERFORMANCE_HISTORY.md).
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
