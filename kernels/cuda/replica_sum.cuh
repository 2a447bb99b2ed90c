#pragma once
// Per-replica sums from a kernel with one thread per atom, for DeviceForceOutput::sums (7
// doubles per replica: energy, then the virial xx yy zz xy xz yz).
#include "kernels/common/image_neighbors.hpp"

namespace mdb {

/// Adds each thread's v[0..K) into sums[kEnergyVirialSums * replica(atom) + first + c]. Every
/// thread of the block must call it (pass atom >= n with v = 0 for idle threads); blockDim.x must
/// be a multiple of 32 and at most 1024. A block whose atoms all belong to one replica (the usual
/// case) reduces in shared memory and issues K atomics; a block that straddles replicas lets each
/// thread add its own, so a few blocks per batch pay K atomics per atom rather than all of them.
template <int K>
__device__ void add_replica_sums(const double (&v)[K], int atom, int n, int atoms_per_replica,
                                 int first, double* __restrict__ sums) {
  constexpr int kWarp = 32;
  __shared__ double partial[1024 / kWarp][K];
  const int block_first = static_cast<int>(blockIdx.x * blockDim.x);
  const int block_last = min(block_first + static_cast<int>(blockDim.x), n) - 1;
  const int replica = block_first / atoms_per_replica;
  if (block_last / atoms_per_replica != replica) {
    if (atom < n) {
      double* out = sums + kEnergyVirialSums * (atom / atoms_per_replica) + first;
      for (int c = 0; c < K; ++c) atomicAdd(out + c, v[c]);
    }
    return;  // the whole block takes this branch: no barrier is skipped by only some threads
  }
  const int tid = static_cast<int>(threadIdx.x);
  double s[K];
#pragma unroll
  for (int c = 0; c < K; ++c) {
    s[c] = v[c];
#pragma unroll
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
      s[c] += __shfl_down_sync(0xffffffffu, s[c], offset);
    }
  }
  if (tid % kWarp == 0) {
#pragma unroll
    for (int c = 0; c < K; ++c) partial[tid / kWarp][c] = s[c];
  }
  __syncthreads();
  if (tid < K) {
    double total = 0.0;
    for (int w = 0; w < static_cast<int>(blockDim.x) / kWarp; ++w) total += partial[w][tid];
    atomicAdd(sums + kEnergyVirialSums * replica + first + tid, total);
  }
}

}  // namespace mdb
