// Three-pass exclusive scan (tiles, tile totals in one block, add back), gated by the control
// block.
#include "kernels/common/image_list_build.hpp"  // list_build_due
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_scan.cuh"

namespace mdb {
namespace {

constexpr int kThreads = 256;
constexpr int kItems = kScanTile / kThreads;
static_assert(kItems * kThreads == kScanTile, "a tile is whole items per thread");

/// Exclusive scan of one value per thread over the block; `total` gets the block's sum.
__device__ long long block_exclusive_scan(long long v, long long& total) {
  __shared__ long long warp_sums[kThreads / kWarpSize];
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % kWarpSize, warp = tid / kWarpSize;
  long long inc = v;
#pragma unroll
  for (int o = 1; o < kWarpSize; o *= 2) {
    const long long t = __shfl_up_sync(0xffffffffu, inc, o);
    if (lane >= o) inc += t;
  }
  if (lane == kWarpSize - 1) warp_sums[warp] = inc;
  __syncthreads();
  if (warp == 0) {
    constexpr int kWarps = kThreads / kWarpSize;
    long long w = lane < kWarps ? warp_sums[lane] : 0;
#pragma unroll
    for (int o = 1; o < kWarps; o *= 2) {
      const long long t = __shfl_up_sync(0xffffffffu, w, o);
      if (lane >= o) w += t;
    }
    if (lane < kWarps) warp_sums[lane] = w;
  }
  __syncthreads();
  const long long prefix = warp > 0 ? warp_sums[warp - 1] : 0;
  total = warp_sums[kThreads / kWarpSize - 1];
  __syncthreads();  // warp_sums is reused by the next call
  return prefix + inc - v;
}

template <class Out>
__global__ void __launch_bounds__(kThreads)
    scan_tiles_kernel(const int* __restrict__ in, Out* __restrict__ out, long long* tile_sums,
                      int n, const EngineControl* ctl) {
  if (!list_build_due(ctl)) return;  // the same for every thread of the grid
  const long long base =
      static_cast<long long>(blockIdx.x) * kScanTile + static_cast<long long>(threadIdx.x) * kItems;
  long long vals[kItems];
  long long sum = 0;
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    vals[k] = base + k < n ? in[base + k] : 0;
    sum += vals[k];
  }
  long long total;
  long long pre = block_exclusive_scan(sum, total);
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    if (base + k < n) out[base + k] = static_cast<Out>(pre);
    pre += vals[k];
  }
  if (threadIdx.x == 0) tile_sums[blockIdx.x] = total;
}

template <class Out>
__global__ void __launch_bounds__(kThreads)
    scan_tile_sums_kernel(long long* tile_sums, int tiles, Out* __restrict__ out, int n,
                          const EngineControl* ctl) {
  if (!list_build_due(ctl)) return;
  long long carry = 0;
  for (int start = 0; start < tiles; start += kThreads) {
    const int idx = start + static_cast<int>(threadIdx.x);
    const long long v = idx < tiles ? tile_sums[idx] : 0;
    long long total;
    const long long ex = block_exclusive_scan(v, total);
    if (idx < tiles) tile_sums[idx] = carry + ex;
    carry += total;
  }
  if (threadIdx.x == 0) out[n] = static_cast<Out>(carry);
}

template <class Out>
__global__ void __launch_bounds__(kThreads)
    scan_add_kernel(Out* __restrict__ out, const long long* tile_sums, int n,
                    const EngineControl* ctl) {
  if (!list_build_due(ctl) || blockIdx.x == 0) return;  // tile 0 has nothing to add
  const long long base =
      static_cast<long long>(blockIdx.x) * kScanTile + static_cast<long long>(threadIdx.x) * kItems;
  const long long add = tile_sums[blockIdx.x];
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    if (base + k < n) out[base + k] = static_cast<Out>(out[base + k] + add);
  }
}

template <class Out>
void enqueue_scan(const int* in, Out* out, int n, long long* tile_sums, const EngineControl* ctl,
                  cudaStream_t stream) {
  const int tiles = scan_tiles(n);
  if (tiles > 0) {
    scan_tiles_kernel<Out><<<tiles, kThreads, 0, stream>>>(in, out, tile_sums, n, ctl);
    MDB_CUDA_CHECK(cudaGetLastError());
  }
  scan_tile_sums_kernel<Out><<<1, kThreads, 0, stream>>>(tile_sums, tiles, out, n, ctl);
  MDB_CUDA_CHECK(cudaGetLastError());
  if (tiles > 1) {
    scan_add_kernel<Out><<<tiles, kThreads, 0, stream>>>(out, tile_sums, n, ctl);
    MDB_CUDA_CHECK(cudaGetLastError());
  }
}

}  // namespace

void enqueue_exclusive_scan(const int* in, int* out, int n, long long* tile_sums,
                            const EngineControl* ctl, cudaStream_t stream) {
  enqueue_scan(in, out, n, tile_sums, ctl, stream);
}
void enqueue_exclusive_scan(const int* in, std::int64_t* out, int n, long long* tile_sums,
                            const EngineControl* ctl, cudaStream_t stream) {
  enqueue_scan(in, out, n, tile_sums, ctl, stream);
}

}  // namespace mdb
