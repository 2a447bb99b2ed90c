// The NN device force's kernels: thin wrappers that turn the thread index into the arguments of
// the MDB_HD bodies (kernels/common/nn_*_body.hpp) and reduce per-replica sums.
#include <cuda_runtime_api.h>

#include "kernels/common/nn_dense_body.hpp"
#include "kernels/common/nn_descriptor_body.hpp"
#include "kernels/common/nn_network_fused.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nn_kernels.cuh"
#include "kernels/cuda/replica_sum.cuh"

namespace mdb {
namespace {

// One thread per atom runs the descriptor serially over its neighbours: 64 keeps the 64-atom
// cases on two SMs' worth of warps without idle lanes, and large systems fill every SM.
constexpr int kAtomBlock = 64;
// Dense kernels: a block covers 64 neurons of one tile, so the weight slice a block streams
// (64 x inputs floats; 320 KB for the teacher's first layer) stays small per SM.
constexpr int kDenseBlock = 64;
constexpr int kWarp = 32;
// Fused network: one block per tile of kNnDenseTile atoms; 64 threads cover the widest level a
// fused network may have (kNnFusedMaxWidth) in two passes, and at least a tile's atoms.
constexpr int kFusedBlock = 64;
static_assert(kFusedBlock >= kNnDenseTile, "the output phase gives each thread one atom at most");

unsigned blocks_for(long long threads, int block) {
  return static_cast<unsigned>((threads + block - 1) / block);
}
// Neurons per tile rounded up to whole warps, so a warp never spans two tiles: its threads
// then read the same input rows (broadcasts) and the same species.
int padded(int width) {
  return (width + kWarp - 1) / kWarp * kWarp;
}

__global__ void __launch_bounds__(kAtomBlock)
    nn_aev_forward_kernel(ImageNeighborView nl, NnDescriptorView d, float* aev, int* net_species,
                          int* error, double* fx, double* fy, double* fz) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= nl.n) return;
  nn_aev_forward_body(i, nl, d, aev, net_species, error);
  if (fx != nullptr) {
    fx[i] = 0.0;
    fy[i] = 0.0;
    fz[i] = 0.0;
  }
}

__global__ void __launch_bounds__(kDenseBlock)
    nn_dense_forward_kernel(int l, int n, int width_pad, NnNetView net, const int* net_species,
                            const float* in, float* out) {
  const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int tile = static_cast<int>(t / width_pad);
  const int o = static_cast<int>(t % width_pad);
  if (tile * kNnDenseTile >= n) return;
  nn_dense_forward_body<kNnDenseTile>(tile * kNnDenseTile, o, l, n, net, net_species, in, out);
}

__global__ void __launch_bounds__(kAtomBlock)
    nn_output_kernel(int n, int atoms_per_replica, NnNetView net, const int* net_species,
                     const float* in, float* seed, double* sums) {
  const int a = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  double e[1] = {0.0};
  if (a < n) e[0] = nn_output_body(a, net, net_species, in, seed);
  if (sums != nullptr) add_replica_sums<1>(e, a, n, atoms_per_replica, 0, sums);
}

__global__ void __launch_bounds__(kDenseBlock)
    nn_dense_backward_kernel(int l, int n, int width_pad, NnNetView net, const int* net_species,
                             const float* delta_out, const float* act_in, float* delta_in) {
  const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int tile = static_cast<int>(t / width_pad);
  const int k = static_cast<int>(t % width_pad);
  if (tile * kNnDenseTile >= n) return;
  nn_dense_backward_body<kNnDenseTile>(tile * kNnDenseTile, k, l, n, net, net_species, delta_out,
                                       act_in, delta_in);
}

// Every phase of one tile in one block: the barrier makes a phase's global writes visible to the
// block's next phase (the tile's rows are this block's alone). n_layers is uniform, so every
// thread meets every barrier.
__global__ void __launch_bounds__(kFusedBlock)
    nn_network_fused_kernel(int n, int atoms_per_replica, NnNetView net, const int* net_species,
                            NnLevelBuffers buf, double* sums) {
  const int a0 = static_cast<int>(blockIdx.x) * kNnDenseTile;
  const int phases = nn_fused_phases(net);
  for (int p = 0; p < phases; ++p) {
    double e = 0.0;
    int atom = -1;
    nn_fused_phase<kNnDenseTile>(p, static_cast<int>(threadIdx.x), kFusedBlock, a0, n, net,
                                 net_species, buf, e, atom);
    if (atom >= 0 && sums != nullptr) {
      atomicAdd(sums + kEnergyVirialSums * (atom / atoms_per_replica), e);
    }
    __syncthreads();
  }
}

__global__ void __launch_bounds__(kAtomBlock)
    nn_aev_backward_kernel(ImageNeighborView nl, NnDescriptorView d, const float* grad, double* fx,
                           double* fy, double* fz, double* sums, int* error) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  double w[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  if (i < nl.n) nn_aev_backward_body(i, nl, d, grad, fx, fy, fz, w, error);
  if (sums != nullptr) add_replica_sums<6>(w, i, nl.n, nl.atoms_per_replica, 1, sums);
}

}  // namespace

void launch_nn_aev_forward(const ImageNeighborView& nl, const NnDescriptorView& d, float* aev,
                           int* net_species, int* error, double* fx, double* fy, double* fz,
                           cudaStream_t stream) {
  nn_aev_forward_kernel<<<blocks_for(nl.n, kAtomBlock), kAtomBlock, 0, stream>>>(
      nl, d, aev, net_species, error, fx, fy, fz);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_nn_dense_forward(int l, int n, const NnNetView& net, const int* strides,
                             const int* net_species, const float* in, float* out,
                             cudaStream_t stream) {
  const int width_pad = padded(strides[l + 1]);
  const long long tiles = (n + kNnDenseTile - 1) / kNnDenseTile;
  nn_dense_forward_kernel<<<blocks_for(tiles * width_pad, kDenseBlock), kDenseBlock, 0, stream>>>(
      l, n, width_pad, net, net_species, in, out);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_nn_output(int n, int atoms_per_replica, const NnNetView& net, const int* net_species,
                      const float* in, float* seed, double* sums, cudaStream_t stream) {
  nn_output_kernel<<<blocks_for(n, kAtomBlock), kAtomBlock, 0, stream>>>(
      n, atoms_per_replica, net, net_species, in, seed, sums);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_nn_dense_backward(int l, int n, const NnNetView& net, const int* strides,
                              const int* net_species, const float* delta_out, const float* act_in,
                              float* delta_in, cudaStream_t stream) {
  const int width_pad = padded(strides[l]);
  const long long tiles = (n + kNnDenseTile - 1) / kNnDenseTile;
  nn_dense_backward_kernel<<<blocks_for(tiles * width_pad, kDenseBlock), kDenseBlock, 0, stream>>>(
      l, n, width_pad, net, net_species, delta_out, act_in, delta_in);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_nn_network_fused(int n, int atoms_per_replica, const NnNetView& net,
                             const int* net_species, const NnLevelBuffers& levels, double* sums,
                             cudaStream_t stream) {
  const unsigned tiles = blocks_for(n, kNnDenseTile);
  nn_network_fused_kernel<<<tiles, kFusedBlock, 0, stream>>>(n, atoms_per_replica, net, net_species,
                                                             levels, sums);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_nn_aev_backward(const ImageNeighborView& nl, const NnDescriptorView& d,
                            const float* grad, double* fx, double* fy, double* fz, double* sums,
                            int* error, cudaStream_t stream) {
  nn_aev_backward_kernel<<<blocks_for(nl.n, kAtomBlock), kAtomBlock, 0, stream>>>(
      nl, d, grad, fx, fy, fz, sums, error);
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb
