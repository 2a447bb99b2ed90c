#include <cuda_runtime.h>

#include <cstdio>
#include <stdexcept>
#include <string>

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

std::string cuda_unavailable_reason() noexcept {
  try {
    int count = 0;
    if (const cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess) {
      static_cast<void>(cudaGetLastError());
      return std::string("no usable CUDA driver or device (") + cudaGetErrorString(e) + ")";
    }
    if (count == 0) return "no CUDA device";
    cudaFuncAttributes attr{};
    if (const cudaError_t e = cudaFuncGetAttributes(&attr, probe_kernel); e != cudaSuccess) {
      static_cast<void>(cudaGetLastError());
      int device = 0, major = 0, minor = 0;
      static_cast<void>(cudaGetDevice(&device));
      static_cast<void>(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
      static_cast<void>(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
      return "device " + std::to_string(device) + " (sm_" + std::to_string(major) +
             std::to_string(minor) + ") has no code in this build (" + cudaGetErrorString(e) +
             "; rebuild with -DCMAKE_CUDA_ARCHITECTURES=native)";
    }
    return {};
  } catch (...) {
    return "the CUDA runtime could not be queried";
  }
}

void cuda_select_device(int index) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    static_cast<void>(cudaGetLastError());
    count = 0;
  }
  if (index < 0 || index >= count) {
    throw std::invalid_argument("no CUDA device " + std::to_string(index) + " (this machine has " +
                                std::to_string(count) + ")");
  }
  if (const cudaError_t e = cudaSetDevice(index); e != cudaSuccess) {
    static_cast<void>(cudaGetLastError());
    throw std::invalid_argument("cannot use CUDA device " + std::to_string(index) + ": " +
                                cudaGetErrorString(e));
  }
}

std::string cuda_device_description() noexcept {
  try {
    int count = 0, device = 0;
    cudaDeviceProp p{};
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0 ||
        cudaGetDevice(&device) != cudaSuccess ||
        cudaGetDeviceProperties(&p, device) != cudaSuccess) {
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

double cuda_peak_memory_bandwidth_gb_per_s() noexcept {
  int device = 0, clock_khz = 0, bus_bits = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess) {
    static_cast<void>(cudaGetLastError());
    return 0.0;
  }
  // Two transfers per memory clock (the DDR/HBM convention NVIDIA's deviceQuery and
  // bandwidthTest use: an H100 SXM's 2,619 MHz x 5,120 bits gives 3,352 GB/s).
  return 2.0 * 1e3 * clock_khz * (bus_bits / 8.0) * 1e-9;
}

}  // namespace mdb
