#pragma once
// A three-dimensional real-to-complex FFT on the device and its inverse, planned once: the
// project's only door to cuFFT (cufft_r2c_3d.cu, target mdb_cufft), the device twin of
// model/pme/fft_r2c_3d.hpp with the same layouts and conventions. Plain C++ header.
#include <memory>
#include <string>

namespace mdb {

/// Forward and backward transforms of an nx x ny x nz real grid (row-major, z fastest) and its
/// half-complex transform (nx x ny x (nz/2 + 1) (re, im) pairs), both in device memory owned
/// here and allocated once. forward(): complex <- F(real), the real grid kept; backward(): real
/// <- the unnormalised inverse, the complex grid overwritten (as FFTW's c2r). Both are enqueued
/// on `stream` (a cudaStream_t; nullptr: the legacy default stream).
/// Whether libcufft (opened at run time, not linked) can be loaded here; "" or why not.
std::string cufft_unavailable_reason();

class DeviceFftR2c3d {
 public:
  /// Throws std::invalid_argument for a size < 1, std::runtime_error when cuFFT cannot plan or
  /// memory cannot be had.
  DeviceFftR2c3d(int nx, int ny, int nz, void* stream = nullptr);
  ~DeviceFftR2c3d();
  DeviceFftR2c3d(const DeviceFftR2c3d&) = delete;
  DeviceFftR2c3d& operator=(const DeviceFftR2c3d&) = delete;

  /// Enqueues later transforms on `stream` instead.
  void set_stream(void* stream);
  double* real_data();
  double* complex_data();
  void forward();
  void backward();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
