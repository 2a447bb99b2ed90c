#include "kernels/cuda/cufft_r2c_3d.hpp"

#include <cuda_runtime.h>
#include <cufft.h>
#include <dlfcn.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/cuda/device_buffer.cuh"

namespace mdb {
namespace {

// cuFFT is opened when the first transform is planned, not linked: md_bench and the GPU tests
// then start where libcufft is missing (a GPU host without the toolkit's cuFFT; the device
// bundle cannot carry its ~290 MB), and only what transforms (PME, the water rows) fails, saying
// why.
struct CufftApi {
  decltype(&cufftPlan3d) plan_3d = nullptr;
  decltype(&cufftSetStream) set_stream = nullptr;
  decltype(&cufftExecD2Z) exec_d2z = nullptr;
  decltype(&cufftExecZ2D) exec_z2d = nullptr;
  decltype(&cufftDestroy) destroy = nullptr;
};

const CufftApi& cufft() {
  static const CufftApi api = [] {
    const std::string soname = "libcufft.so." + std::to_string(CUFFT_VER_MAJOR);
    void* lib = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      throw std::runtime_error("cuFFT: cannot load " + soname +
                               " (the device PME needs it): " + dlerror());
    }
    auto find = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      if (fn == nullptr) throw std::runtime_error("cuFFT: " + soname + " lacks " + name);
    };
    CufftApi a;
    find(a.plan_3d, "cufftPlan3d");
    find(a.set_stream, "cufftSetStream");
    find(a.exec_d2z, "cufftExecD2Z");
    find(a.exec_z2d, "cufftExecZ2D");
    find(a.destroy, "cufftDestroy");
    return a;
  }();
  return api;
}

void check(cufftResult r, const char* what) {
  if (r != CUFFT_SUCCESS) {
    throw std::runtime_error(std::string("cuFFT: ") + what + " failed (cufftResult " +
                             std::to_string(static_cast<int>(r)) + ")");
  }
}

}  // namespace

std::string cufft_unavailable_reason() {
  try {
    cufft();
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

struct DeviceFftR2c3d::Impl {
  DeviceBuffer<double> real, complex;
  cufftHandle forward_plan = 0, backward_plan = 0;
  bool forward_made = false, backward_made = false;
  ~Impl() {
    // Errors dropped: a destructor must not throw (and at exit the runtime may be gone).
    if (forward_made) static_cast<void>(cufft().destroy(forward_plan));
    if (backward_made) static_cast<void>(cufft().destroy(backward_plan));
  }
};

DeviceFftR2c3d::DeviceFftR2c3d(int nx, int ny, int nz, void* stream) : impl_(new Impl) {
  if (nx < 1 || ny < 1 || nz < 1) {
    throw std::invalid_argument("DeviceFftR2c3d: every grid size must be >= 1");
  }
  const std::size_t points = static_cast<std::size_t>(nx) * ny * nz;
  impl_->real = DeviceBuffer<double>(points);
  impl_->complex = DeviceBuffer<double>(2 * static_cast<std::size_t>(nx) * ny * (nz / 2 + 1));
  check(cufft().plan_3d(&impl_->forward_plan, nx, ny, nz, CUFFT_D2Z), "planning the forward FFT");
  impl_->forward_made = true;
  check(cufft().plan_3d(&impl_->backward_plan, nx, ny, nz, CUFFT_Z2D), "planning the backward FFT");
  impl_->backward_made = true;
  set_stream(stream);
}

void DeviceFftR2c3d::set_stream(void* stream) {
  const auto s = static_cast<cudaStream_t>(stream);
  check(cufft().set_stream(impl_->forward_plan, s), "setting the stream");
  check(cufft().set_stream(impl_->backward_plan, s), "setting the stream");
}

DeviceFftR2c3d::~DeviceFftR2c3d() = default;

double* DeviceFftR2c3d::real_data() {
  return impl_->real.data();
}

double* DeviceFftR2c3d::complex_data() {
  return impl_->complex.data();
}

void DeviceFftR2c3d::forward() {
  check(cufft().exec_d2z(impl_->forward_plan, impl_->real.data(),
                         reinterpret_cast<cufftDoubleComplex*>(impl_->complex.data())),
        "the forward FFT");
}

void DeviceFftR2c3d::backward() {
  check(cufft().exec_z2d(impl_->backward_plan,
                         reinterpret_cast<cufftDoubleComplex*>(impl_->complex.data()),
                         impl_->real.data()),
        "the backward FFT");
}

}  // namespace mdb
