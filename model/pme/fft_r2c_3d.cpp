#include "model/pme/fft_r2c_3d.hpp"

#include <fftw3.h>

#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

namespace mdb {
namespace {

/// FFTW's planner (plan creation and destruction, wisdom) is not thread-safe; fftw_execute on
/// distinct plans is.
std::mutex& planner_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

FftR2c3d::FftR2c3d(int nx, int ny, int nz, FftPlanning planning) : nx_(nx), ny_(ny), nz_(nz) {
  if (nx < 1 || ny < 1 || nz < 1) {
    throw std::invalid_argument("FFT grid " + std::to_string(nx) + "x" + std::to_string(ny) + "x" +
                                std::to_string(nz) + ": every size must be at least 1");
  }
  const std::size_t n_real = static_cast<std::size_t>(nx) * ny * nz;
  const std::size_t n_complex = static_cast<std::size_t>(nx) * ny * (nz / 2 + 1);
  const unsigned flags = planning == FftPlanning::Measure ? FFTW_MEASURE : FFTW_ESTIMATE;
  std::lock_guard<std::mutex> lock(planner_mutex());
  real_ = static_cast<double*>(fftw_malloc(sizeof(double) * n_real));
  complex_ = static_cast<double*>(fftw_malloc(sizeof(fftw_complex) * n_complex));
  if (real_ == nullptr || complex_ == nullptr) {
    fftw_free(real_);
    fftw_free(complex_);
    throw std::bad_alloc();
  }
  auto* c = reinterpret_cast<fftw_complex*>(complex_);
  // Planning with FFTW_MEASURE overwrites both arrays; nothing is in them yet.
  fftw_plan fwd = fftw_plan_dft_r2c_3d(nx, ny, nz, real_, c, flags);
  fftw_plan bwd = fftw_plan_dft_c2r_3d(nx, ny, nz, c, real_, flags);
  if (fwd == nullptr || bwd == nullptr) {
    if (fwd != nullptr) fftw_destroy_plan(fwd);
    if (bwd != nullptr) fftw_destroy_plan(bwd);
    fftw_free(real_);
    fftw_free(complex_);
    throw std::runtime_error("FFTW could not plan a " + std::to_string(nx) + "x" +
                             std::to_string(ny) + "x" + std::to_string(nz) + " transform");
  }
  forward_plan_ = fwd;
  backward_plan_ = bwd;
  const std::size_t n_values = 2 * n_complex;
  for (std::size_t i = 0; i < n_real; ++i) real_[i] = 0.0;
  for (std::size_t i = 0; i < n_values; ++i) complex_[i] = 0.0;
}

FftR2c3d::~FftR2c3d() {
  std::lock_guard<std::mutex> lock(planner_mutex());
  fftw_destroy_plan(static_cast<fftw_plan>(forward_plan_));
  fftw_destroy_plan(static_cast<fftw_plan>(backward_plan_));
  fftw_free(real_);
  fftw_free(complex_);
}

void FftR2c3d::forward() {
  fftw_execute(static_cast<fftw_plan>(forward_plan_));
}

void FftR2c3d::backward() {
  fftw_execute(static_cast<fftw_plan>(backward_plan_));
}

}  // namespace mdb
