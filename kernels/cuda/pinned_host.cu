#include "kernels/cuda/pinned_host.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda/cuda_check.hpp"

namespace mdb {

void* pinned_host_alloc(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = nullptr;
  MDB_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return p;
}

void pinned_host_free(void* p) noexcept {
  if (p != nullptr) static_cast<void>(cudaFreeHost(p));  // must not throw
}

}  // namespace mdb
