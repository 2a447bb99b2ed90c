#pragma once
// Smooth PME's reciprocal space on the GPU: the stages of model/pme/pme.hpp as kernels over the
// same per-item bodies (kernels/common/pme_thread_bodies.hpp) with cuFFT for the transforms.
// Plain C++ header; target mdb_pme_cuda, built with the CUDA backend.
#include <memory>

#include "md/core/box.hpp"
#include "md/force/force_field.hpp"
#include "model/pme/pme_params.hpp"

namespace mdb {

class DevicePme {
 public:
  /// Checks the parameters (check_pme_params), plans the transforms and allocates the grids.
  /// Throws std::invalid_argument for bad parameters, std::runtime_error for a CUDA failure.
  explicit DevicePme(const PmeParams& params);
  ~DevicePme();
  DevicePme(const DevicePme&) = delete;
  DevicePme& operator=(const DevicePme&) = delete;

  const PmeParams& params() const;

  /// Pme::compute on device arrays: adds the reciprocal forces (eV/Angstrom) on n charges q (e)
  /// at (x, y, z) (Angstrom, anywhere) into (fx, fy, fz), and returns the energy (eV) and virial
  /// when `flags` ask (copied back, so the call then waits for the device). Enqueued on the
  /// legacy default stream. The caller checks positions and neutrality (Pme::compute does on
  /// the host).
  ForceResult compute(const Box& box, const double* x, const double* y, const double* z,
                      const double* q, int n, double* fx, double* fy, double* fz,
                      ComputeFlags flags);

  /// The same on `stream` (a cudaStream_t) with nothing copied back, for a device force inside
  /// the engine's step: the energy and virial are added into the 7 device doubles at `sums`
  /// (energy, then W in LAMMPS order) when it is not null. A box of other lengths than the last
  /// call's remakes the influence function's tables with a synchronous copy: under stream
  /// capture the box must stay as it was.
  void compute_async(const Box& box, const double* x, const double* y, const double* z,
                     const double* q, int n, double* fx, double* fy, double* fz, double* sums,
                     void* stream);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
