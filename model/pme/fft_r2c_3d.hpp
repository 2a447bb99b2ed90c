#pragma once
// A three-dimensional real-to-complex FFT and its inverse for one grid size, planned once: the
// project's only door to FFTW (fft_r2c_3d.cpp is the only file that includes fftw3.h, in its own
// CMake target, mdb_fftw), so another library (cuFFT, pocketfft) would replace one file.
#include <cstddef>
#include <memory>

namespace mdb {

/// How hard FFTW searches for a fast plan when a grid size is first planned.
///  - Measure: times candidate algorithms on the grid (tens of milliseconds to a second, once per
///    size and process: FFTW's wisdom remembers it for every later plan of that size) and keeps
///    the fastest; what GROMACS does by default. The chosen algorithm may differ between
///    processes, so results agree between runs to rounding, not bit for bit.
///  - Estimate: picks an algorithm by heuristics without running any (instant, reproducible
///    across processes; GROMACS's choice under `mdrun -reprod`), often somewhat slower.
enum class FftPlanning { Measure, Estimate };

/// Forward and backward transforms of an nx x ny x nz real grid, row-major (z fastest), and its
/// half-complex transform, nx x ny x (nz/2 + 1) complex values as (re, im) pairs. Both buffers
/// are owned here, aligned for SIMD, and allocated once; forward() and backward() allocate
/// nothing. Planning is serialised process-wide (FFTW's planner is not thread-safe); the
/// transforms of different objects may run concurrently.
class FftR2c3d {
 public:
  /// Throws std::invalid_argument for a size < 1 and std::runtime_error when FFTW cannot plan.
  FftR2c3d(int nx, int ny, int nz, FftPlanning planning);
  ~FftR2c3d();
  FftR2c3d(const FftR2c3d&) = delete;
  FftR2c3d& operator=(const FftR2c3d&) = delete;

  int nx() const { return nx_; }
  int ny() const { return ny_; }
  int nz() const { return nz_; }
  /// nz/2 + 1: the complex grid's last dimension.
  int nz_complex() const { return nz_ / 2 + 1; }

  /// The real grid: nx * ny * nz values.
  double* real_data() { return real_; }
  const double* real_data() const { return real_; }
  /// The complex grid: nx * ny * nz_complex() (re, im) pairs.
  double* complex_data() { return complex_; }
  const double* complex_data() const { return complex_; }

  /// complex <- F(real): F(m) = sum_k real(k) exp(-2 pi i sum_a m_a k_a / K_a). The real grid is
  /// left as it was.
  void forward();
  /// real <- sum_m F(m) exp(+2 pi i sum_a m_a k_a / K_a) over the full (Hermitian) spectrum, not
  /// divided by the point count; overwrites the complex grid.
  void backward();

 private:
  int nx_, ny_, nz_;
  double* real_ = nullptr;
  double* complex_ = nullptr;
  void* forward_plan_ = nullptr;   // fftw_plan
  void* backward_plan_ = nullptr;  // fftw_plan
};

}  // namespace mdb
