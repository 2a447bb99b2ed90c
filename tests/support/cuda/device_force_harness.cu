#include <cuda_runtime_api.h>

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "tests/support/cuda/device_force_harness.hpp"

namespace mdb {
namespace {

// One block: thread 0 spins, then every thread copies its share of the positions.
__global__ void write_positions_late(double* x, double* y, double* z, const double* from_x,
                                     const double* from_y, const double* from_z, int n,
                                     long long spin_cycles) {
  if (threadIdx.x == 0) {
    const long long start = clock64();
    while (clock64() - start < spin_cycles) {
    }
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) {
    x[i] = from_x[i];
    y[i] = from_y[i];
    z[i] = from_z[i];
  }
}

}  // namespace

struct DeviceForceHarness::Impl {
  DeviceBuffer<std::int64_t> offsets;
  DeviceBuffer<int> neighbors, species;
  DeviceBuffer<ImageCode> images;
  DeviceBuffer<double> x, y, z, box_len, fx, fy, fz, sums;
  ImageNeighborView view;
  std::size_t n_sums = 0;

  DeviceForceOutput output() { return {fx.data(), fy.data(), fz.data(), sums.data()}; }
  /// Host arrays the size of the results.
  DeviceForceResult sized_result() const {
    const auto n = static_cast<std::size_t>(view.n);
    DeviceForceResult r;
    r.fx.resize(n);
    r.fy.resize(n);
    r.fz.resize(n);
    r.sums.resize(n_sums);
    return r;
  }
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
  force.compute(m.view, m.output(), energy_virial, nullptr);
  MDB_CUDA_CHECK(cudaGetLastError());
  MDB_CUDA_CHECK(cudaDeviceSynchronize());
}

DeviceForceResult DeviceForceHarness::run(DeviceForce& force, bool energy_virial) {
  compute(force, energy_virial);
  Impl& m = *impl_;
  const auto n = static_cast<std::size_t>(m.view.n);
  DeviceForceResult r = m.sized_result();
  m.fx.copy_to_host(r.fx.data(), n);
  m.fy.copy_to_host(r.fy.data(), n);
  m.fz.copy_to_host(r.fz.data(), n);
  m.sums.copy_to_host(r.sums.data(), m.n_sums);
  return r;
}

DeviceForceResult DeviceForceHarness::run_on_a_late_stream(DeviceForce& force, double delay_ms,
                                                           bool energy_virial) {
  Impl& m = *impl_;
  const auto n = static_cast<std::size_t>(m.view.n);
  DeviceBuffer<double> true_x(n), true_y(n), true_z(n);
  MDB_CUDA_CHECK(
      cudaMemcpy(true_x.data(), m.x.data(), n * sizeof(double), cudaMemcpyDeviceToDevice));
  MDB_CUDA_CHECK(
      cudaMemcpy(true_y.data(), m.y.data(), n * sizeof(double), cudaMemcpyDeviceToDevice));
  MDB_CUDA_CHECK(
      cudaMemcpy(true_z.data(), m.z.data(), n * sizeof(double), cudaMemcpyDeviceToDevice));
  for (double* p : {m.x.data(), m.y.data(), m.z.data()}) {
    MDB_CUDA_CHECK(cudaMemset(p, 0, n * sizeof(double)));
  }
  const std::vector<double> nan(n, std::numeric_limits<double>::quiet_NaN());
  for (double* p : {m.fx.data(), m.fy.data(), m.fz.data()}) {
    MDB_CUDA_CHECK(cudaMemcpy(p, nan.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  }
  int device = 0, clock_khz = 0;
  MDB_CUDA_CHECK(cudaGetDevice(&device));
  MDB_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device));
  const auto spin = static_cast<long long>(delay_ms * clock_khz);
  cudaStream_t stream = nullptr;
  MDB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  DeviceForceResult r = m.sized_result();
  try {
    MDB_CUDA_CHECK(cudaMemsetAsync(m.sums.data(), 0, m.n_sums * sizeof(double), stream));
    write_positions_late<<<1, 256, 0, stream>>>(m.x.data(), m.y.data(), m.z.data(), true_x.data(),
                                                true_y.data(), true_z.data(), m.view.n, spin);
    MDB_CUDA_CHECK(cudaGetLastError());
    force.compute(m.view, m.output(), energy_virial, stream);
    const std::pair<double*, const double*> back[] = {
        {r.fx.data(), m.fx.data()}, {r.fy.data(), m.fy.data()}, {r.fz.data(), m.fz.data()}};
    for (const auto& [to, from] : back) {
      MDB_CUDA_CHECK(cudaMemcpyAsync(to, from, n * sizeof(double), cudaMemcpyDeviceToHost, stream));
    }
    MDB_CUDA_CHECK(cudaMemcpyAsync(r.sums.data(), m.sums.data(), m.n_sums * sizeof(double),
                                   cudaMemcpyDeviceToHost, stream));
    MDB_CUDA_CHECK(cudaStreamSynchronize(stream));
  } catch (...) {
    static_cast<void>(cudaStreamDestroy(stream));
    throw;
  }
  MDB_CUDA_CHECK(cudaStreamDestroy(stream));
  return r;
}

std::size_t cuda_free_device_memory() {
  std::size_t free_bytes = 0, total = 0;
  MDB_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  return free_bytes;
}

}  // namespace mdb
