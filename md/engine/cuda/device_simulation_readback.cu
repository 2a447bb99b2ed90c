// DeviceSimulation's read-back side: thermo (with the kinetic-energy reduction), downloads of
// the state and the list, CUDA events, device memory and the control block's counters. Every
// call here synchronises; none is part of a step.
#include <cuda_runtime.h>

#include <array>
#include <span>
#include <stdexcept>
#include <vector>

#include "kernels/common/lj_image_list.hpp"  // kEnergyVirialSums
#include "kernels/cuda/cuda_check.hpp"
#include "md/engine/cuda/device_simulation.hpp"
#include "md/engine/cuda/device_simulation_impl.cuh"

namespace mdb {

std::vector<Thermo> DeviceSimulation::thermo() {
  std::vector<Thermo> out;
  thermo(out);
  return out;
}

void DeviceSimulation::thermo(std::vector<Thermo>& out) {
  Impl& d = *impl_;
  d.synchronize();
  if (!d.sums_valid) {
    d.enqueue_force(true);
    d.sums_valid = true;
  }
  MDB_CUDA_CHECK(cudaMemsetAsync(d.kinetic.data(), 0, d.kinetic.size() * sizeof(double), d.stream));
  d.enqueue_kinetic();
  MDB_CUDA_CHECK(cudaStreamSynchronize(d.stream));
  std::vector<double>& sums = d.host_sums;
  std::vector<double>& ke = d.host_kinetic;
  std::vector<double>& len = d.host_box_len;
  sums.resize(d.sums.size());
  ke.resize(d.kinetic.size());
  len.resize(d.box_len.size());
  d.sums.copy_to_host(sums.data(), sums.size());
  d.kinetic.copy_to_host(ke.data(), ke.size());
  d.box_len.copy_to_host(len.data(), len.size());
  const long long step = d.read_control().step;
  out.resize(static_cast<std::size_t>(d.replicas));
  for (int r = 0; r < d.replicas; ++r) {
    out[r] = thermo_from_sums(static_cast<long>(step), d.settings.dt, ke[r],
                              sums.data() + kEnergyVirialSums * r,
                              {len[3 * r], len[3 * r + 1], len[3 * r + 2]}, d.apr,
                              d.replica_mass[r], d.langevin, d.units);
  }
}

void DeviceSimulation::download(int replica, System& into) {
  Impl& d = *impl_;
  if (replica < 0 || replica >= d.replicas) {
    throw std::invalid_argument("DeviceSimulation: replica index out of range");
  }
  if (static_cast<int>(into.size()) != d.apr) {
    throw std::invalid_argument("DeviceSimulation: download into a system of another size");
  }
  d.synchronize();
  const auto first = static_cast<std::size_t>(replica) * d.apr;
  const auto count = static_cast<std::size_t>(d.apr);
  auto copy = [&](const DeviceBuffer<double>& from, std::span<double> to) {
    MDB_CUDA_CHECK(
        cudaMemcpy(to.data(), from.data() + first, count * sizeof(double), cudaMemcpyDeviceToHost));
  };
  copy(d.x, into.x());
  copy(d.y, into.y());
  copy(d.z, into.z());
  copy(d.vx, into.vx());
  copy(d.vy, into.vy());
  copy(d.vz, into.vz());
  copy(d.fx, into.fx());
  copy(d.fy, into.fy());
  copy(d.fz, into.fz());
  // A barostat scales the box about its corner, which stays where it was.
  std::array<double, 3> len{};
  MDB_CUDA_CHECK(
      cudaMemcpy(len.data(), d.box_len.data() + 3 * replica, sizeof len, cudaMemcpyDeviceToHost));
  into.box() = Box(into.box().lo(), len);
}

void DeviceSimulation::download_list(std::vector<std::int64_t>& offsets,
                                     std::vector<int>& neighbors, std::vector<ImageCode>& images) {
  Impl& d = *impl_;
  d.synchronize();
  const ImageNeighborView l = d.list->view(d.species.data(), d.box_len.data());
  offsets.resize(static_cast<std::size_t>(d.n) + 1);
  MDB_CUDA_CHECK(cudaMemcpy(offsets.data(), l.offsets, offsets.size() * sizeof(std::int64_t),
                            cudaMemcpyDeviceToHost));
  const auto entries = static_cast<std::size_t>(offsets.back());
  neighbors.resize(entries);
  images.resize(entries);
  if (entries == 0) return;
  MDB_CUDA_CHECK(
      cudaMemcpy(neighbors.data(), l.neighbors, entries * sizeof(int), cudaMemcpyDeviceToHost));
  MDB_CUDA_CHECK(
      cudaMemcpy(images.data(), l.images, entries * sizeof(ImageCode), cudaMemcpyDeviceToHost));
}

void DeviceSimulation::record_start() {
  MDB_CUDA_CHECK(cudaEventRecord(impl_->start_event, impl_->stream));
}
void DeviceSimulation::record_stop() {
  MDB_CUDA_CHECK(cudaEventRecord(impl_->stop_event, impl_->stream));
}
double DeviceSimulation::elapsed_ms() {
  MDB_CUDA_CHECK(cudaEventSynchronize(impl_->stop_event));
  float ms = 0.0f;
  MDB_CUDA_CHECK(cudaEventElapsedTime(&ms, impl_->start_event, impl_->stop_event));
  return ms;
}

std::size_t DeviceSimulation::device_memory_used() {
  std::size_t free_bytes = 0, total_bytes = 0;
  MDB_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return total_bytes - free_bytes;
}

long long DeviceSimulation::steps() {
  synchronize();
  return impl_->read_control().step;
}
long long DeviceSimulation::builds() {
  synchronize();
  return impl_->read_control().builds;
}
long long DeviceSimulation::dangerous_builds() {
  synchronize();
  return impl_->read_control().dangerous_builds;
}
std::int64_t DeviceSimulation::list_capacity() const {
  return impl_->list->capacity();
}
DeviceGraphInfo DeviceSimulation::graph_info() const {
  return impl_->graph_info;
}

int DeviceSimulation::replicas() const {
  return impl_->replicas;
}
int DeviceSimulation::atoms_per_replica() const {
  return impl_->apr;
}
CUstream_st* DeviceSimulation::stream() const {
  return impl_->stream;
}
DeviceForce& DeviceSimulation::force() {
  return *impl_->force;
}

}  // namespace mdb
