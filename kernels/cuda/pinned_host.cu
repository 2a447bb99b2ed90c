#include "kernels/cuda/pinned_host.hpp"

#include <cuda_runtime.h>

#include "kernels/cuda/cuda_check.hpp"

namespace mdb {

PinnedHostRange::PinnedHostRange(const void* data, std::size_t bytes) {
  if (data == nullptr || bytes == 0) return;  // nothing to lock
  // cudaHostRegister takes a non-const pointer but only changes how the pages are mapped.
  void* p = const_cast<void*>(data);
  const cudaError_t e = cudaHostRegister(p, bytes, cudaHostRegisterDefault);
  if (e == cudaErrorHostMemoryAlreadyRegistered) {
    // Small buffers can share a page with one registered before: that page is locked already,
    // and the range stays unowned (nothing to unregister).
    static_cast<void>(cudaGetLastError());
    return;
  }
  MDB_CUDA_CHECK(e);
  data_ = p;
}

PinnedHostRange::~PinnedHostRange() {
  if (data_ != nullptr) static_cast<void>(cudaHostUnregister(data_));  // must not throw
}

}  // namespace mdb
