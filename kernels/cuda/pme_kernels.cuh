#pragma once
// Smooth PME's device stages, one thread per item over the bodies of
// kernels/common/pme_thread_bodies.hpp: spread (per charge, atomic adds), fold (per periodic
// point), solve (per half-complex entry; energy and virial by atomic adds into acc[0..6]), unfold
// (per extended point), gather (per charge). Internal to the CUDA code (DevicePme).
#include <cuda_runtime.h>

#include "kernels/common/box_pbc.hpp"
#include "kernels/common/pme_thread_bodies.hpp"

namespace mdb {

/// Positions, charges and forces of n atoms (device arrays; forces are added to).
struct PmeDeviceAtoms {
  const double* x;
  const double* y;
  const double* z;
  const double* q;
  double* fx;
  double* fy;
  double* fz;
  int n;
};

/// ext must be zeroed first (cudaMemsetAsync); order in kPmeMinOrder..kPmeMaxOrder.
void launch_pme_spread(const OrthoBoxView& box, const PmeDeviceAtoms& atoms, const PmeGridShape& g,
                       double* ext, cudaStream_t stream);
void launch_pme_fold(const PmeGridShape& g, const double* ext, double* periodic,
                     cudaStream_t stream);
/// acc: 7 doubles (energy, virial xx yy zz xy xz yz), zeroed first when `sums`.
void launch_pme_solve(const PmeGridShape& g, double* complex_grid, const double* axis_m,
                      const double* axis_factor, double ke_over_pi_v, double beta, bool sums,
                      double* acc, cudaStream_t stream);
void launch_pme_unfold(const PmeGridShape& g, const double* periodic, double* ext,
                       cudaStream_t stream);
void launch_pme_gather(const OrthoBoxView& box, const PmeDeviceAtoms& atoms, const PmeGridShape& g,
                       const double* ext, cudaStream_t stream);

}  // namespace mdb
