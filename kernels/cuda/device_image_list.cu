// Build kernels of the device image list: thin wrappers over the image_list_build.hpp bodies.
#include <algorithm>

#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_image_list.cuh"
#include "kernels/cuda/device_scan.cuh"

namespace mdb {
namespace {

constexpr int kBlock = 128;

unsigned blocks_for(int n) {
  return (static_cast<unsigned>(n) + kBlock - 1) / kBlock;
}

__device__ int thread_index() {
  return static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
}

__global__ void refit_grids_kernel(ImageListBuildView v, int replicas) {
  if (!list_build_due(v.ctl)) return;
  const int r = thread_index();
  if (r < replicas) refit_grid(v, r);
}

__global__ void zero_cells_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int c = thread_index();
  if (c < v.n_cells) {
    v.cell_count[c] = 0;
    v.cell_cursor[c] = 0;
  }
}

__global__ void bin_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int i = thread_index();
  if (i < v.n) bin_atom(v, i);
}

__global__ void place_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int i = thread_index();
  if (i < v.n) place_atom(v, i);
}

__global__ void sort_cells_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int c = thread_index();
  if (c < v.n_cells) sort_cell(v, c);
}

__global__ void count_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int i = thread_index();
  if (i < v.n) count_neighbors(v, i);
}

__global__ void fill_kernel(ImageListBuildView v) {
  if (!list_build_due(v.ctl)) return;
  const int i = thread_index();
  if (i < v.n) fill_neighbors(v, i);
}

}  // namespace

DeviceImageList::DeviceImageList(const std::vector<ReplicaCellGrid>& grids, int n,
                                 int atoms_per_replica, double range, double* x, double* y,
                                 double* z, double* x0, double* y0, double* z0,
                                 const double* box_len, EngineControl* ctl)
    : replicas_(static_cast<int>(grids.size())) {
  int n_cells = 0;
  for (const ReplicaCellGrid& g : grids) n_cells += g.num_cells();
  const auto un = static_cast<std::size_t>(n);
  const auto uc = static_cast<std::size_t>(n_cells);
  grids_ = upload(grids);
  cell_of_ = DeviceBuffer<int>(un);
  cell_count_ = DeviceBuffer<int>(uc);
  cell_cursor_ = DeviceBuffer<int>(uc);
  cell_start_ = DeviceBuffer<int>(uc + 1);
  cell_atoms_ = DeviceBuffer<int>(un);
  list_count_ = DeviceBuffer<int>(un);
  scan_ = DeviceBuffer<std::int64_t>(un + 1);
  offsets_ = DeviceBuffer<std::int64_t>(un + 1);
  tile_sums_ = DeviceBuffer<long long>(
      static_cast<std::size_t>(std::max(scan_tiles(n), scan_tiles(n_cells)) + 1));
  // An empty list until the first build: offsets all 0 keep a force call on it harmless.
  MDB_CUDA_CHECK(cudaMemset(offsets_.data(), 0, (un + 1) * sizeof(std::int64_t)));

  view_.n = n;
  view_.atoms_per_replica = atoms_per_replica;
  view_.x = x;
  view_.y = y;
  view_.z = z;
  view_.x0 = x0;
  view_.y0 = y0;
  view_.z0 = z0;
  view_.grids = grids_.data();
  view_.box_len = box_len;
  view_.n_cells = n_cells;
  view_.cell_of = cell_of_.data();
  view_.cell_count = cell_count_.data();
  view_.cell_cursor = cell_cursor_.data();
  view_.cell_start = cell_start_.data();
  view_.cell_atoms = cell_atoms_.data();
  view_.list_count = list_count_.data();
  view_.scan = scan_.data();
  view_.offsets = offsets_.data();
  view_.neighbors = nullptr;
  view_.images = nullptr;
  view_.capacity = 0;
  view_.range = range;
  view_.range2 = range * range;
  view_.ctl = ctl;
}

void DeviceImageList::grow(std::int64_t needed) {
  const auto size = static_cast<std::size_t>(needed + needed / 4 + 64);
  neighbors_ = DeviceBuffer<int>();  // free first, so the old and new never coexist
  images_ = DeviceBuffer<ImageCode>();
  neighbors_ = DeviceBuffer<int>(size);
  images_ = DeviceBuffer<ImageCode>(size);
  view_.neighbors = neighbors_.data();
  view_.images = images_.data();
  view_.capacity = static_cast<std::int64_t>(size);
}

void DeviceImageList::enqueue_build(cudaStream_t stream) {
  MDB_NVTX_RANGE("neighbor/device_build");
  const ImageListBuildView& v = view_;
  const unsigned atom_blocks = blocks_for(v.n), cell_blocks = blocks_for(v.n_cells);
  if (v.box_len) {
    refit_grids_kernel<<<blocks_for(replicas_), kBlock, 0, stream>>>(v, replicas_);
    MDB_CUDA_CHECK(cudaGetLastError());
  }
  zero_cells_kernel<<<cell_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
  bin_kernel<<<atom_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
  enqueue_exclusive_scan(v.cell_count, v.cell_start, v.n_cells, tile_sums_.data(), v.ctl, stream);
  place_kernel<<<atom_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
  sort_cells_kernel<<<cell_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
  count_kernel<<<atom_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
  enqueue_exclusive_scan(v.list_count, v.scan, v.n, tile_sums_.data(), v.ctl, stream);
  fill_kernel<<<atom_blocks, kBlock, 0, stream>>>(v);
  MDB_CUDA_CHECK(cudaGetLastError());
}

ImageNeighborView DeviceImageList::view(const int* species, const double* box_len) const {
  ImageNeighborView l;
  l.n = view_.n;
  l.atoms_per_replica = view_.atoms_per_replica;
  l.offsets = view_.offsets;
  l.neighbors = view_.neighbors;
  l.images = view_.images;
  l.x = view_.x;
  l.y = view_.y;
  l.z = view_.z;
  l.species = species;
  l.box_len = box_len;
  return l;
}

}  // namespace mdb
