#include "kernels/cuda/cufft_r2c_3d.hpp"

#include <cuda_runtime.h>
#include <cufft.h>

#include <stdexcept>
#include <string>

#include "kernels/cuda/device_buffer.cuh"

namespace mdb {
namespace {

void check(cufftResult r, const char* what) {
  if (r != CUFFT_SUCCESS) {
    throw std::runtime_error(std::string("cuFFT: ") + what + " failed (cufftResult " +
                             std::to_string(static_cast<int>(r)) + ")");
  }
}

}  // namespace

struct DeviceFftR2c3d::Impl {
  DeviceBuffer<double> real, complex;
  cufftHandle forward_plan = 0, backward_plan = 0;
  bool forward_made = false, backward_made = false;
  ~Impl() {
    // Errors dropped: a destructor must not throw (and at exit the runtime may be gone).
    if (forward_made) static_cast<void>(cufftDestroy(forward_plan));
    if (backward_made) static_cast<void>(cufftDestroy(backward_plan));
  }
};

DeviceFftR2c3d::DeviceFftR2c3d(int nx, int ny, int nz, void* stream) : impl_(new Impl) {
  if (nx < 1 || ny < 1 || nz < 1) {
    throw std::invalid_argument("DeviceFftR2c3d: every grid size must be >= 1");
  }
  const std::size_t points = static_cast<std::size_t>(nx) * ny * nz;
  impl_->real = DeviceBuffer<double>(points);
  impl_->complex = DeviceBuffer<double>(2 * static_cast<std::size_t>(nx) * ny * (nz / 2 + 1));
  check(cufftPlan3d(&impl_->forward_plan, nx, ny, nz, CUFFT_D2Z), "planning the forward FFT");
  impl_->forward_made = true;
  check(cufftPlan3d(&impl_->backward_plan, nx, ny, nz, CUFFT_Z2D), "planning the backward FFT");
  impl_->backward_made = true;
  const auto s = static_cast<cudaStream_t>(stream);
  check(cufftSetStream(impl_->forward_plan, s), "setting the stream");
  check(cufftSetStream(impl_->backward_plan, s), "setting the stream");
}

DeviceFftR2c3d::~DeviceFftR2c3d() = default;

double* DeviceFftR2c3d::real_data() {
  return impl_->real.data();
}

double* DeviceFftR2c3d::complex_data() {
  return impl_->complex.data();
}

void DeviceFftR2c3d::forward() {
  check(cufftExecD2Z(impl_->forward_plan, impl_->real.data(),
                     reinterpret_cast<cufftDoubleComplex*>(impl_->complex.data())),
        "the forward FFT");
}

void DeviceFftR2c3d::backward() {
  check(cufftExecZ2D(impl_->backward_plan,
                     reinterpret_cast<cufftDoubleComplex*>(impl_->complex.data()),
                     impl_->real.data()),
        "the backward FFT");
}

}  // namespace mdb
