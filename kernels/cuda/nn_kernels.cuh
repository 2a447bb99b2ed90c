#pragma once
// Launchers of the NN device force's kernels (nn_kernels.cu), one per pipeline stage, for
// nn_force.cu. Every pointer and view field is device memory; all launches are asynchronous on
// `stream` and checked with cudaGetLastError.
#include <cuda_runtime_api.h>

#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/nn_device_view.hpp"
#include "kernels/common/nn_network_fused.hpp"

namespace mdb {

/// Atoms per tile of the dense kernels (nn_dense_body.hpp): each weight read serves 8 atoms.
inline constexpr int kNnDenseTile = 8;

/// AEVs of every atom and their network species; when fx is not null also zeroes fx, fy, fz
/// (the backward pass adds into them and there is no baseline to overwrite them first).
void launch_nn_aev_forward(const ImageNeighborView& nl, const NnDescriptorView& d, float* aev,
                           int* net_species, int* error, double* fx, double* fy, double* fz,
                           cudaStream_t stream);
/// Hidden layer l for n atoms: in (row stride stride[l]) -> out (stride[l + 1]).
void launch_nn_dense_forward(int l, int n, const NnNetView& net, const int* strides,
                             const int* net_species, const float* in, float* out,
                             cudaStream_t stream);
/// The output layer and the backward pass's seed; per-replica energies into sums when not null.
void launch_nn_output(int n, int atoms_per_replica, const NnNetView& net, const int* net_species,
                      const float* in, float* seed, double* sums, cudaStream_t stream);
/// Backward through hidden layer l: delta_out (stride[l + 1]) -> delta_in (stride[l]).
void launch_nn_dense_backward(int l, int n, const NnNetView& net, const int* strides,
                              const int* net_species, const float* delta_out, const float* act_in,
                              float* delta_in, cudaStream_t stream);
/// The hidden layers forward, the output layer (energies into sums when not null) and the
/// backward pass to dE/dAEV in one launch, a block per tile (nn_network_fused.hpp): for networks
/// that nn_network_fusable accepts, instead of the three launchers above.
void launch_nn_network_fused(int n, int atoms_per_replica, const NnNetView& net,
                             const int* net_species, const NnLevelBuffers& levels, double* sums,
                             cudaStream_t stream);
/// dE/dAEV -> forces (added) and, when sums is not null, the per-replica virial.
void launch_nn_aev_backward(const ImageNeighborView& nl, const NnDescriptorView& d,
                            const float* grad, double* fx, double* fy, double* fz, double* sums,
                            int* error, cudaStream_t stream);

}  // namespace mdb
