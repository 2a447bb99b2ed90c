// Barostat kernels of the device engine: thin wrappers over the barostat_bodies.hpp bodies.
#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_barostat.cuh"

namespace mdb {
namespace {

constexpr int kBlock = 128;

unsigned blocks_for(int n) {
  return (static_cast<unsigned>(n) + kBlock - 1) / kBlock;
}

__global__ void __launch_bounds__(kBlock) move_kernel(BarostatView v, int replicas) {
  const int r = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const double shift = r < replicas ? barostat_move(v, r) : 0.0;
  block_max_to_global<kBlock>(double_bits(shift), &v.ctl->max_shift_bits);
}

__global__ void __launch_bounds__(kBlock) scale_kernel(BarostatView v) {
  const int i = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const double d2 = i < v.n ? barostat_scale_atom(v, i) : 0.0;
  block_max_to_global<kBlock>(double_bits(d2), &v.ctl->max_disp2_bits);
}

}  // namespace

DeviceBarostat::DeviceBarostat(const BarostatView& view, int replicas,
                               const std::vector<double>& box_lo)
    : view_(view), replicas_(replicas) {
  box_lo_ = upload(box_lo);
  lambda_ = upload(std::vector<double>(static_cast<std::size_t>(replicas), 1.0));
  view_.box_lo = box_lo_.data();
  view_.lambda = lambda_.data();
}

void DeviceBarostat::enqueue(cudaStream_t stream) {
  MDB_NVTX_RANGE("integrate/barostat");
  move_kernel<<<blocks_for(replicas_), kBlock, 0, stream>>>(view_, replicas_);
  MDB_CUDA_CHECK(cudaGetLastError());
  scale_kernel<<<blocks_for(view_.n), kBlock, 0, stream>>>(view_);
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb
