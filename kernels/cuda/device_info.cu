#include <cuda_runtime.h>

#include <cstdio>

#include "kernels/cuda/device_info_cuda.hpp"

namespace mdb {
namespace {

// Has an image in this binary only when it was built for the device's architecture.
__global__ void probe_kernel() {}

}  // namespace

bool cuda_device_available() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    static_cast<void>(cudaGetLastError());  // do not leave the error for the next checked call
    return false;
  }
  // A device the binary has no image for (e.g. built for sm_90 only) is not usable either.
  cudaFuncAttributes attr{};
  if (cudaFuncGetAttributes(&attr, probe_kernel) != cudaSuccess) {
    static_cast<void>(cudaGetLastError());
    return false;
  }
  return true;
}

std::string cuda_device_description() noexcept {
  try {
    int count = 0;
    cudaDeviceProp p{};
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0 ||
        cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
      static_cast<void>(cudaGetLastError());  // leave no sticky error for later checked calls
      return {};
    }
    char buf[320];
    std::snprintf(buf, sizeof buf, "%s, sm_%d%d, %.1f GiB", p.name, p.major, p.minor,
                  static_cast<double>(p.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0));
    return buf;
  } catch (...) {
    return {};
  }
}

}  // namespace mdb
