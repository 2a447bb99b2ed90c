#pragma once
// Block-wide reductions for the thin kernel wrappers of the device engine: warp shuffles, then one
// atomic per block. They live here, never in the MDB_HD bodies, which stay plain per-thread code.
#include <cuda_runtime.h>

namespace mdb {

inline constexpr int kWarpSize = 32;

/// Adds every thread's v[0..N) into out[0..N) (one atomicAdd per block and sum). Must be reached by
/// every thread of the block; kBlock is the block size (a multiple of 32, N <= kBlock).
template <int kBlock, int N>
__device__ void block_sum_to_global(double (&v)[N], double* __restrict__ out) {
  static_assert(kBlock % kWarpSize == 0 && N <= kBlock, "whole warps, one thread per sum");
  __shared__ double partial[kBlock / kWarpSize][N];
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarpSize, warp = tid / kWarpSize;
#pragma unroll
  for (int c = 0; c < N; ++c) {
#pragma unroll
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
      v[c] += __shfl_down_sync(0xffffffffu, v[c], offset);
    }
  }
  if (lane == 0) {
#pragma unroll
    for (int c = 0; c < N; ++c) partial[warp][c] = v[c];
  }
  __syncthreads();
  if (tid < N) {
    double total = 0.0;
#pragma unroll
    for (int w = 0; w < kBlock / kWarpSize; ++w) total += partial[w][tid];
    atomicAdd(out + tid, total);
  }
}

/// *out = max(*out, max over the block of v) for unsigned words (one atomicMax per block).
template <int kBlock>
__device__ void block_max_to_global(unsigned long long v, unsigned long long* __restrict__ out) {
  __shared__ unsigned long long partial[kBlock / kWarpSize];
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarpSize, warp = tid / kWarpSize;
#pragma unroll
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    const unsigned long long o = __shfl_down_sync(0xffffffffu, v, offset);
    v = o > v ? o : v;
  }
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (tid == 0) {
    unsigned long long m = partial[0];
    for (int w = 1; w < kBlock / kWarpSize; ++w) m = partial[w] > m ? partial[w] : m;
    atomicMax(out, m);
  }
}

}  // namespace mdb
