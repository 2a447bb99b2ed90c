#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "tests/support/cuda/device_force_harness.hpp"

namespace mdb {
struct DeviceForceHarness::Impl {
  DeviceBuffer<std::int64_t> offsets;
  DeviceBuffer<int> neighbors, species;
  DeviceBuffer<ImageCode> images;
  DeviceBuffer<double> x, y, z, box_len, fx, fy, fz, sums;
  ImageNeighborView view;
  std::size_t n_sums = 0;
};

DeviceForceHarness::DeviceForceHarness(const ImageNeighborView& h)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  const auto n = static_cast<std::size_t>(h.n);
  const auto entries = static_cast<std::size_t>(h.offsets[h.n]);
  const std::size_t replicas = h.n / h.atoms_per_replica;
  m.offsets = upload(h.offsets, n + 1);
  m.neighbors = upload(h.neighbors, entries);
  m.images = upload(h.images, entries);
  m.species = upload(h.species, n);
  m.x = upload(h.x, n);
  m.y = upload(h.y, n);
  m.z = upload(h.z, n);
  m.box_len = upload(h.box_len, 3 * replicas);
  m.fx = DeviceBuffer<double>(n);
  m.fy = DeviceBuffer<double>(n);
  m.fz = DeviceBuffer<double>(n);
  m.n_sums = kEnergyVirialSums * replicas;
  m.sums = DeviceBuffer<double>(m.n_sums);
  m.view = h;
  m.view.offsets = m.offsets.data();
  m.view.neighbors = m.neighbors.data();
  m.view.images = m.images.data();
  m.view.species = m.species.data();
  m.view.x = m.x.data();
  m.view.y = m.y.data();
  m.view.z = m.z.data();
  m.view.box_len = m.box_len.data();
}

DeviceForceHarness::~DeviceForceHarness() = default;

const ImageNeighborView& DeviceForceHarness::device_view() const {
  return impl_->view;
}

void DeviceForceHarness::compute(DeviceForce& force, bool energy_virial) {
  Impl& m = *impl_;
  MDB_CUDA_CHECK(cudaMemset(m.sums.data(), 0, m.n_sums * sizeof(double)));
  DeviceForceOutput out;
  out.fx = m.fx.data();
  out.fy = m.fy.data();
  out.fz = m.fz.data();
  out.sums = m.sums.data();
  force.compute(m.view, out, energy_virial, nullptr);
  MDB_CUDA_CHECK(cudaGetLastError());
  MDB_CUDA_CHECK(cudaDeviceSynchronize());
}

DeviceForceResult DeviceForceHarness::run(DeviceForce& force, bool energy_virial) {
  compute(force, energy_virial);
  Impl& m = *impl_;
  const auto n = static_cast<std::size_t>(m.view.n);
  DeviceForceResult r;
  r.fx.resize(n);
  r.fy.resize(n);
  r.fz.resize(n);
  r.sums.resize(m.n_sums);
  m.fx.copy_to_host(r.fx.data(), n);
  m.fy.copy_to_host(r.fy.data(), n);
  m.fz.copy_to_host(r.fz.data(), n);
  m.sums.copy_to_host(r.sums.data(), m.n_sums);
  return r;
}

std::size_t cuda_free_device_memory() {
  std::size_t free_bytes = 0, total = 0;
  MDB_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  return free_bytes;
}

}  // namespace mdb
