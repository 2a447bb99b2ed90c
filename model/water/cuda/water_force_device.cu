// WaterForceDevice: thin kernels over water_pairs_atom and water_intramolecular_atom
// (kernels/common/water_image_list.hpp), then DevicePme per replica.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "kernels/common/nvtx.hpp"
#include "kernels/common/water_image_list.hpp"
#include "kernels/cuda/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "model/pme/cuda/device_pme.hpp"
#include "model/water/cuda/water_force_device.hpp"

namespace mdb {
namespace {

constexpr int kBlock = 128;

/// Grid (atom blocks per replica, replicas), as LJ's: a block never straddles two replicas.
template <bool kEnergyVirial, bool kIntramolecular>
__global__ void __launch_bounds__(kBlock)
    water_kernel(ImageNeighborView l, WaterDeviceView w, double* __restrict__ fx,
                 double* __restrict__ fy, double* __restrict__ fz, double* __restrict__ sums) {
  const int local = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
  const int replica = static_cast<int>(blockIdx.y);
  double s[kEnergyVirialSums] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  if (local < l.atoms_per_replica) {
    const int i = replica * l.atoms_per_replica + local;
    if constexpr (kIntramolecular) {
      water_intramolecular_atom<kEnergyVirial>(l, w, i, fx, fy, fz, s);
    } else {
      water_pairs_atom<kEnergyVirial>(l, w, i, fx, fy, fz, s);
    }
  }
  // No early return above: every thread takes part in the block reduction.
  if constexpr (kEnergyVirial) block_sum_to_global<kBlock>(s, sums + kEnergyVirialSums * replica);
}

template <bool kIntramolecular>
void launch(const ImageNeighborView& l, const WaterDeviceView& w, const DeviceForceOutput& out,
            bool energy_virial, cudaStream_t stream) {
  const dim3 grid((static_cast<unsigned>(l.atoms_per_replica) + kBlock - 1) / kBlock,
                  static_cast<unsigned>(l.n / l.atoms_per_replica));
  if (energy_virial) {
    water_kernel<true, kIntramolecular>
        <<<grid, kBlock, 0, stream>>>(l, w, out.fx, out.fy, out.fz, out.sums);
  } else {
    water_kernel<false, kIntramolecular>
        <<<grid, kBlock, 0, stream>>>(l, w, out.fx, out.fy, out.fz, out.sums);
  }
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

struct WaterForceDevice::Impl {
  Impl(const WaterDeviceData& d, const PmeParams& pme_params, const Box& b)
      : host(d),
        table(upload(d.table)),
        molecule(upload(d.molecule)),
        charge(upload(d.charge)),
        excluded_offsets(upload(d.excluded_offsets)),
        excluded_of_atom(upload(d.excluded_of_atom)),
        excluded(upload(d.excluded)),
        bond_offsets(upload(d.bond_offsets)),
        bond_of_atom(upload(d.bond_of_atom)),
        bonds(upload(d.bonds)),
        angle_offsets(upload(d.angle_offsets)),
        angle_of_atom(upload(d.angle_of_atom)),
        angles(upload(d.angles)),
        pme(pme_params),
        box(b) {
    view = water_device_view(*this, host);
  }

  WaterDeviceData host;
  DeviceBuffer<LjCoulLongPair> table;
  DeviceBuffer<int> molecule;
  DeviceBuffer<double> charge;
  DeviceBuffer<int> excluded_offsets, excluded_of_atom, excluded;
  DeviceBuffer<int> bond_offsets, bond_of_atom, bonds;
  DeviceBuffer<int> angle_offsets, angle_of_atom, angles;
  DevicePme pme;
  Box box;
  WaterDeviceView view;
};

WaterForceDevice::WaterForceDevice(const WaterDeviceData& data, const PmeParams& pme,
                                   const Box& box, double cutoff)
    : impl_(std::make_unique<Impl>(data, pme, box)), cutoff_(cutoff) {}

WaterForceDevice::~WaterForceDevice() = default;

void WaterForceDevice::reserve(int, int atoms_per_replica) {
  if (static_cast<std::size_t>(atoms_per_replica) != impl_->host.molecule.size()) {
    throw std::invalid_argument("water (GPU): replicas of " + std::to_string(atoms_per_replica) +
                                " atoms, but the topology is of " +
                                std::to_string(impl_->host.molecule.size()));
  }
}

void WaterForceDevice::compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                               bool energy_virial, CUstream_st* stream) {
  MDB_NVTX_RANGE("force/water_device");
  if (list.n == 0) return;
  Impl& m = *impl_;
  launch<false>(list, m.view, out, energy_virial, stream);
  launch<true>(list, m.view, out, energy_virial, stream);
  const int apr = list.atoms_per_replica;
  for (int r = 0; r < list.n / apr; ++r) {
    const std::size_t off = static_cast<std::size_t>(r) * static_cast<std::size_t>(apr);
    m.pme.compute_async(m.box, list.x + off, list.y + off, list.z + off, m.charge.data(), apr,
                        out.fx + off, out.fy + off, out.fz + off,
                        energy_virial ? out.sums + kEnergyVirialSums * r : nullptr, stream);
  }
}

}  // namespace mdb
