#pragma once
// Page-locked host memory, so copies to and from it run as DMA at the link's speed and without
// the driver's staging copy (which also makes small copies several microseconds slower). Plain
// C++ header (no CUDA includes).
#include <cstddef>
#include <span>

namespace mdb {

/// `bytes` of page-locked host memory (cudaMallocHost); nullptr for 0 bytes. Throws
/// std::runtime_error (file:line: CUDA error) when the driver refuses.
void* pinned_host_alloc(std::size_t bytes);

/// Frees what pinned_host_alloc returned (nullptr: nothing). Never throws.
void pinned_host_free(void* p) noexcept;

/// `count` Ts of page-locked host memory, uninitialised, freed with the array. T must be
/// trivially copyable (bytes only move by copies).
template <class T>
class PinnedHostArray {
 public:
  explicit PinnedHostArray(std::size_t count)
      : data_(static_cast<T*>(pinned_host_alloc(count * sizeof(T)))), size_(count) {}
  ~PinnedHostArray() { pinned_host_free(data_); }
  PinnedHostArray(const PinnedHostArray&) = delete;
  PinnedHostArray& operator=(const PinnedHostArray&) = delete;

  T* data() { return data_; }
  std::size_t size() const { return size_; }
  std::span<T> span() { return {data_, size_}; }

 private:
  T* data_;
  std::size_t size_;
};

}  // namespace mdb
