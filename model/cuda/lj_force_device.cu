// LjForceDevice: the kernel is a thin wrapper over lj_image_list_atom (kernels/common).
#include <cuda_runtime.h>

#include <stdexcept>
#include <vector>

#include "kernels/common/lj_image_list.hpp"
#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "model/cuda/lj_force_device.hpp"

namespace mdb {
namespace {

constexpr int kBlock = 128;

/// Grid (atom blocks per replica, replicas): a block never straddles two replicas, so the block
/// sums go to the replica's own seven words.
template <bool kEnergyVirial>
__global__ void __launch_bounds__(kBlock)
    lj_image_list_kernel(ImageNeighborView l, const LjPair<double>* __restrict__ table,
                         int n_species, double* __restrict__ fx, double* __restrict__ fy,
                         double* __restrict__ fz, double* __restrict__ sums) {
  const int local = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const int replica = static_cast<int>(blockIdx.y);
  double s[kEnergyVirialSums] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  if (local < l.atoms_per_replica) {
    lj_image_list_atom<kEnergyVirial>(l, table, n_species, replica * l.atoms_per_replica + local,
                                      fx, fy, fz, s);
  }
  // No early return above: every thread takes part in the block reduction.
  if constexpr (kEnergyVirial) block_sum_to_global<kBlock>(s, sums + kEnergyVirialSums * replica);
}

}  // namespace

struct LjForceDevice::Impl {
  DeviceBuffer<LjPair<double>> table;
  int n_species = 0;
};

LjForceDevice::LjForceDevice(const LjPair<double>* table, int n_species, double cutoff)
    : impl_(std::make_unique<Impl>()), cutoff_(cutoff) {
  if (table == nullptr || n_species < 1) {
    throw std::invalid_argument("LjForceDevice: need a table of n_species >= 1 squared entries");
  }
  if (!(cutoff > 0.0)) throw std::invalid_argument("LjForceDevice: cutoff must be > 0");
  const auto entries = static_cast<std::size_t>(n_species) * static_cast<std::size_t>(n_species);
  impl_->table = upload(table, entries);
  impl_->n_species = n_species;
}

LjForceDevice::~LjForceDevice() = default;

void LjForceDevice::reserve(int, int) {}  // no scratch

void LjForceDevice::compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                            bool energy_virial, CUstream_st* stream) {
  MDB_NVTX_RANGE("force/lj_device");
  if (list.n == 0) return;
  const dim3 grid((static_cast<unsigned>(list.atoms_per_replica) + kBlock - 1) / kBlock,
                  static_cast<unsigned>(list.n / list.atoms_per_replica));
  if (energy_virial) {
    lj_image_list_kernel<true><<<grid, kBlock, 0, stream>>>(
        list, impl_->table.data(), impl_->n_species, out.fx, out.fy, out.fz, out.sums);
  } else {
    lj_image_list_kernel<false><<<grid, kBlock, 0, stream>>>(
        list, impl_->table.data(), impl_->n_species, out.fx, out.fy, out.fz, out.sums);
  }
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb
