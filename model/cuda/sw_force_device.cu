// SwForceDevice: the kernel is a thin wrapper over sw_image_list_atom (kernels/common).
#include <cuda_runtime.h>

#include <stdexcept>

#include "kernels/common/nvtx.hpp"
#include "kernels/common/sw_image_list.hpp"
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "model/cuda/sw_force_device.hpp"

namespace mdb {
namespace {

constexpr int kBlock = 128;

/// Grid (atom blocks per replica, replicas), as the LJ kernel: block sums per replica.
template <bool kEnergyVirial>
__global__ void __launch_bounds__(kBlock)
    sw_image_list_kernel(ImageNeighborView l, const SwPairCoeffs* __restrict__ pairs,
                         const SwTripletCoeffs* __restrict__ triplets, int n_species, double* fx,
                         double* fy, double* fz, double* __restrict__ sums) {
  const int local = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const int replica = static_cast<int>(blockIdx.y);
  double s[kEnergyVirialSums] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  if (local < l.atoms_per_replica) {
    sw_image_list_atom<kEnergyVirial>(l, pairs, triplets, n_species,
                                      replica * l.atoms_per_replica + local, fx, fy, fz, s);
  }
  if constexpr (kEnergyVirial) block_sum_to_global<kBlock>(s, sums + kEnergyVirialSums * replica);
}

}  // namespace

struct SwForceDevice::Impl {
  DeviceBuffer<SwPairCoeffs> pairs;
  DeviceBuffer<SwTripletCoeffs> triplets;
  int n_species = 0;
};

SwForceDevice::SwForceDevice(const SwPairCoeffs* pairs, const SwTripletCoeffs* triplets,
                             int n_species, double cutoff)
    : impl_(std::make_unique<Impl>()), cutoff_(cutoff) {
  if (pairs == nullptr || triplets == nullptr || n_species < 1) {
    throw std::invalid_argument("SwForceDevice: need pair and triplet tables, n_species >= 1");
  }
  if (!(cutoff > 0.0)) throw std::invalid_argument("SwForceDevice: cutoff must be > 0");
  const auto ns = static_cast<std::size_t>(n_species);
  impl_->pairs = upload(pairs, ns * ns);
  impl_->triplets = upload(triplets, ns * ns * ns);
  impl_->n_species = n_species;
}

SwForceDevice::~SwForceDevice() = default;

void SwForceDevice::reserve(int, int) {}  // no scratch: forces accumulate in place

void SwForceDevice::compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                            bool energy_virial, CUstream_st* stream) {
  MDB_NVTX_RANGE("force/sw_device");
  if (list.n == 0) return;
  const auto bytes = static_cast<std::size_t>(list.n) * sizeof(double);
  // The kernel adds (three-body terms push neighbours): start from zero.
  MDB_CUDA_CHECK(cudaMemsetAsync(out.fx, 0, bytes, stream));
  MDB_CUDA_CHECK(cudaMemsetAsync(out.fy, 0, bytes, stream));
  MDB_CUDA_CHECK(cudaMemsetAsync(out.fz, 0, bytes, stream));
  const dim3 grid((static_cast<unsigned>(list.atoms_per_replica) + kBlock - 1) / kBlock,
                  static_cast<unsigned>(list.n / list.atoms_per_replica));
  if (energy_virial) {
    sw_image_list_kernel<true>
        <<<grid, kBlock, 0, stream>>>(list, impl_->pairs.data(), impl_->triplets.data(),
                                      impl_->n_species, out.fx, out.fy, out.fz, out.sums);
  } else {
    sw_image_list_kernel<false>
        <<<grid, kBlock, 0, stream>>>(list, impl_->pairs.data(), impl_->triplets.data(),
                                      impl_->n_species, out.fx, out.fy, out.fz, out.sums);
  }
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb
