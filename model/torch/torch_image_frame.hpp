#pragma once
// A TorchFrame made where the device engine keeps its atoms: from its image list
// (kernels/common/image_neighbors.hpp), with tensor operations alone on the list's own memory, so
// a model on the GPU reads the engine's positions without a copy through the host. Private to
// mdb_torch (it includes libtorch).
#include "kernels/common/image_neighbors.hpp"
#include "model/torch/torch_convention.hpp"

namespace mdb {

/// A tensor over memory the engine owns on `device`, without asking libtorch to find the pointer's
/// device (it may be null: an empty list). Read-only use takes a const pointer's const_cast.
torch::Tensor wrap_engine_memory(void* data, torch::IntArrayRef shape, torch::ScalarType type,
                                 torch::Device device);

/// The model's view of one replica of `list` (its pointers in `device`'s memory): the replica's
/// positions, its model types (`species_to_type[species]`, int64 on `device`), every listed pair
/// closer than `cutoff` and than its type pair's entry of `pair_cutoffs` (n_types x n_types
/// float64 on `device`, or undefined for none) as edges of replica-local indices with the
/// neighbour's image as the cell shift, and the replica's orthorhombic cell. The edges are in the
/// list's order. Reads the replica's entry range and its edge count back: waits for `device`.
TorchFrame torch_frame_from_image_list(const ImageNeighborView& list, int replica, double cutoff,
                                       const torch::Tensor& species_to_type,
                                       const torch::Tensor& pair_cutoffs, torch::Device device);

}  // namespace mdb
