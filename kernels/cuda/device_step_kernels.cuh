#pragma once
// The kernels of one device MD step: thin wrappers over kernels/common/integrate_bodies.hpp and
// engine_control.hpp. Included by device_simulation.cu only.
#include <cuda_runtime.h>

#include "kernels/common/engine_control.hpp"
#include "kernels/common/integrate_bodies.hpp"
#include "kernels/cuda/block_reduce.cuh"

namespace mdb::device_step {

constexpr int kBlock = 128;

inline unsigned blocks_for(int n) {
  return (static_cast<unsigned>(n) + kBlock - 1) / kBlock;
}

/// B A (velocity Verlet) or B A O A (BAOAB), then (kDisplacement) the largest displacement since
/// the last build into the control block; under a barostat its scaling kernel reduces it instead.
template <bool kLangevin, bool kDisplacement>
__global__ void __launch_bounds__(kBlock) head_kernel(IntegrateView v) {
  const int i = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  double d2 = 0.0;
  if (i < v.n) d2 = kLangevin ? baoab_head(v, i) : verlet_head(v, i);
  if constexpr (kDisplacement) block_max_to_global<kBlock>(double_bits(d2), &v.ctl->max_disp2_bits);
}

/// One thread. Inside a step graph with a conditional rebuild (`set_condition`), also sets the
/// condition of the IF node that holds the list-build kernels, so a step that builds nothing
/// launches none of them; plain launches pass set_condition = false (the handle is then unused).
__global__ void decide_kernel(EngineControl* ctl, NeighborPolicy policy,
                              cudaGraphConditionalHandle rebuild_condition, bool set_condition) {
  decide_rebuild(*ctl, policy);
  if (set_condition) cudaGraphSetConditional(rebuild_condition, ctl->rebuild != 0 ? 1u : 0u);
}

__global__ void __launch_bounds__(kBlock) tail_kernel(IntegrateView v) {
  const int i = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  if (i < v.n) kick_tail(v, i);
}

/// Grid (atom blocks per replica, replicas): kinetic energy per replica into ke[replica].
__global__ void __launch_bounds__(kBlock)
    kinetic_kernel(const double* vx, const double* vy, const double* vz, const double* mass,
                   double mvv2e, int atoms_per_replica, double* ke) {
  const int local = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const int replica = static_cast<int>(blockIdx.y);
  double k[1] = {0.0};
  if (local < atoms_per_replica) {
    k[0] = kinetic_atom(vx, vy, vz, mass, mvv2e, replica * atoms_per_replica + local);
  }
  block_sum_to_global<kBlock>(k, ke + replica);
}

}  // namespace mdb::device_step
