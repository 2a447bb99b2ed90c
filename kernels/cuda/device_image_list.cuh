#pragma once
// The device engine's neighbour list: storage and the build kernels over the bodies of
// kernels/common/image_list_build.hpp. Internal to kernels/cuda (DeviceSimulation owns one).
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "kernels/common/image_list_build.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/cuda/device_buffer.cuh"

namespace mdb {

/// Cell lists and the CSR image list of every replica. The storage of the list entries has a
/// capacity; a build that needs more leaves the old list in place and halts the engine
/// (fill_neighbors), and the owner grows it (grow) and builds again. Everything else is sized
/// once, in the constructor.
class DeviceImageList {
 public:
  /// Positions and build references are the engine's (device pointers, n entries each).
  /// `box_len` (3 per replica, device) is what each build refits the grids to under a barostat;
  /// null for fixed boxes.
  DeviceImageList(const std::vector<ReplicaCellGrid>& grids, int n, int atoms_per_replica,
                  double range, double* x, double* y, double* z, double* x0, double* y0, double* z0,
                  const double* box_len, EngineControl* ctl);

  /// The build kernels; each returns at once unless the control block says a build is due.
  void enqueue_build(cudaStream_t stream);
  /// Storage for at least `needed` entries plus headroom (a quarter); frees the old first.
  void grow(std::int64_t needed);
  std::int64_t capacity() const { return view_.capacity; }
  /// The published list, for the force call (device pointers).
  ImageNeighborView view(const int* species, const double* box_len) const;
  /// The cell grids (device), which the barostat reads for the box and image shells of the last
  /// build.
  const ReplicaCellGrid* grids() const { return grids_.data(); }

 private:
  int replicas_ = 0;
  ImageListBuildView view_;
  DeviceBuffer<ReplicaCellGrid> grids_;
  DeviceBuffer<int> cell_of_, cell_count_, cell_cursor_, cell_start_, cell_atoms_, list_count_;
  DeviceBuffer<std::int64_t> scan_, offsets_;
  DeviceBuffer<int> neighbors_;
  DeviceBuffer<ImageCode> images_;
  DeviceBuffer<long long> tile_sums_;
};

}  // namespace mdb
