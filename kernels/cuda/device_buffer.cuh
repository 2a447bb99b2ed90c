#pragma once
// Owning device memory, so CUDA allocations follow the same RAII rules as std::vector.
#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"

namespace mdb {

/// A fixed-size array of T in device global memory (cudaMalloc / cudaFree). Move-only; the
/// contents are uninitialised after construction. Copies are synchronous and size-checked.
template <class T>
class DeviceBuffer {
  // Bytes are copied with cudaMemcpy, which is only meaningful for trivially copyable types.
  static_assert(std::is_trivially_copyable_v<T>, "DeviceBuffer needs a trivially copyable T");

 public:
  DeviceBuffer() = default;
  /// Allocates n elements (none for n == 0). Throws std::runtime_error when cudaMalloc fails.
  explicit DeviceBuffer(std::size_t n) {
    if (n == 0) return;
    void* p = nullptr;
    MDB_CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
    data_ = static_cast<T*>(p);
    size_ = n;
  }
  ~DeviceBuffer() { release(); }

  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }

  std::size_t size() const { return size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }

  /// Copies n elements from host memory to the start of the buffer and waits until they are
  /// on the device. Throws std::out_of_range when n > size(), std::runtime_error when the copy
  /// fails.
  void copy_from_host(const T* src, std::size_t n) {
    check_count(n);
    if (n == 0) return;
    MDB_CUDA_CHECK(cudaMemcpy(data_, src, n * sizeof(T), cudaMemcpyHostToDevice));
    // From pageable memory cudaMemcpy returns once the data is staged, ordered only before later
    // legacy-stream work: a kernel on a non-blocking stream (the device engine's) could read the
    // old contents. Waiting here makes the copy complete for every stream.
    MDB_CUDA_CHECK(cudaStreamSynchronize(cudaStreamLegacy));
  }
  /// Copies the first n elements to host memory; waits for preceding work on the legacy default
  /// stream, so kernel errors surface here too.
  void copy_to_host(T* dst, std::size_t n) const {
    check_count(n);
    if (n == 0) return;
    MDB_CUDA_CHECK(cudaMemcpy(dst, data_, n * sizeof(T), cudaMemcpyDeviceToHost));
  }

 private:
  void check_count(std::size_t n) const {
    if (n > size_) throw std::out_of_range("DeviceBuffer: copy larger than the buffer");
  }
  void release() noexcept {
    // The error is dropped on purpose: a destructor must not throw, and cudaFree fails
    // harmlessly at process exit once the runtime has been unloaded.
    if (data_ != nullptr) static_cast<void>(cudaFree(data_));
    data_ = nullptr;
    size_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
};

/// A device copy of n host elements (complete for every stream on return, as copy_from_host).
template <class T>
DeviceBuffer<T> upload(const T* src, std::size_t n) {
  DeviceBuffer<T> d(n);
  d.copy_from_host(src, n);
  return d;
}
template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
  return upload(host.data(), host.size());
}

}  // namespace mdb
