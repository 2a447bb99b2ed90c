#include <cuda_runtime.h>

#include <cstdio>

#include "kernels/cuda/device_info_cuda.hpp"

namespace mdb {

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
