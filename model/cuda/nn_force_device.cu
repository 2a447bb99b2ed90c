// NnForceDevice: the NN potential's weights and scratch on the device, and its launch sequence.
// The same sequence runs on the host in tests/support/nn_force_emulated.hpp (the CPU tests).
#include <cuda_runtime_api.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/nn_kernels.cuh"
#include "model/cuda/nn_force_device.hpp"
#include "model/nnp/nn_device_pack.hpp"

namespace mdb {
namespace {

/// The stage boundaries of one call: start, after the baseline, the descriptor, the network and
/// the descriptor's backward pass.
constexpr int kNumEvents = 5;
class StageEvents {
 public:
  StageEvents() {
    for (auto& e : events_) MDB_CUDA_CHECK(cudaEventCreate(&e));
  }
  ~StageEvents() {
    for (auto& e : events_) {
      if (e != nullptr) static_cast<void>(cudaEventDestroy(e));  // no throw from a destructor
    }
  }
  StageEvents(const StageEvents&) = delete;
  StageEvents& operator=(const StageEvents&) = delete;
  cudaEvent_t operator[](int k) const { return events_[k]; }

 private:
  cudaEvent_t events_[kNumEvents] = {};
};

}  // namespace

struct NnForceDevice::Impl {
  NnDevicePack host;  // the strides and depth the launches need on the host
  std::unique_ptr<DeviceForce> baseline;
  // The pack on the device, and views onto it.
  DeviceBuffer<int> species_map, width, stride;
  DeviceBuffer<std::int64_t> w_offset, b_offset;
  DeviceBuffer<float> w, wt, b, cos_angle_shift, sin_angle_shift, angular_shift;
  DeviceBuffer<double> radial_shift, radial_ratio, energy_shift;
  NnDescriptorView desc{};
  NnNetView net{};
  // Scratch for reserved_n atoms: level 0 is the AEV (and its gradient), levels 1.. the hidden
  // layers' outputs and dE/d(pre-activation).
  int reserved_n = 0, reserved_apr = 0;
  DeviceBuffer<float> aev, grad_aev;
  std::vector<DeviceBuffer<float>> act, delta;
  DeviceBuffer<int> net_species, error;
  bool fusable = false, fused = false;  // the dense layers as one launch (nn_network_fused.hpp)
  NnLevelBuffers levels;                // the scratch levels, for the fused launch
  cudaStream_t last_stream = nullptr;
  bool timing = false, pending = false;
  StageEvents events;
  NnDeviceStageTimes times;

  float* act_at(int l) { return l == 0 ? aev.data() : act[l].data(); }
  float* delta_at(int l) { return l == 0 ? grad_aev.data() : delta[l].data(); }

  void flush_times() {
    if (!pending) return;
    MDB_CUDA_CHECK(cudaEventSynchronize(events[kNumEvents - 1]));
    float ms[kNumEvents - 1];
    for (int k = 0; k + 1 < kNumEvents; ++k) {
      MDB_CUDA_CHECK(cudaEventElapsedTime(&ms[k], events[k], events[k + 1]));
    }
    times.baseline += 1e-3 * ms[0];
    times.descriptor += 1e-3 * ms[1];
    times.network += 1e-3 * ms[2];
    times.descriptor_backward += 1e-3 * ms[3];
    ++times.calls;
    pending = false;
  }
  void stamp(int k, bool timed, cudaStream_t stream) {
    if (timed) MDB_CUDA_CHECK(cudaEventRecord(events[k], stream));
  }
};

NnForceDevice::NnForceDevice(const NnSpec& spec, const std::vector<std::string>& system_species,
                             std::unique_ptr<DeviceForce> baseline)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.host = pack_nn_for_device(spec, system_species);
  m.baseline = std::move(baseline);
  const NnDevicePack& p = m.host;
  m.species_map = upload(p.species_map);
  m.width = upload(p.width);
  m.stride = upload(p.stride);
  m.w_offset = upload(p.w_offset);
  m.b_offset = upload(p.b_offset);
  m.w = upload(p.w);
  m.wt = upload(p.wt);
  m.b = upload(p.b);
  m.cos_angle_shift = upload(p.cos_angle_shift);
  m.sin_angle_shift = upload(p.sin_angle_shift);
  m.angular_shift = upload(p.angular_shift);
  m.radial_shift = upload(p.radial_shift);
  m.radial_ratio = upload(p.radial_ratio);
  m.energy_shift = upload(p.energy_shift);
  // The host views with every pointer moved to its device copy.
  m.desc = p.descriptor_view();
  m.desc.species_map = m.species_map.data();
  m.desc.radial.shift = m.radial_shift.data();
  m.desc.radial.ratio = m.radial_ratio.data();
  m.desc.angular.cos_angle_shift = m.cos_angle_shift.data();
  m.desc.angular.sin_angle_shift = m.sin_angle_shift.data();
  m.desc.angular.radial_shift = m.angular_shift.data();
  m.net = p.net_view();
  m.net.width = m.width.data();
  m.net.stride = m.stride.data();
  m.net.w_offset = m.w_offset.data();
  m.net.b_offset = m.b_offset.data();
  m.net.w = m.w.data();
  m.net.wt = m.wt.data();
  m.net.b = m.b.data();
  m.net.energy_shift = m.energy_shift.data();
  m.error = DeviceBuffer<int>(1);
  MDB_CUDA_CHECK(cudaMemset(m.error.data(), 0, sizeof(int)));
  m.fusable = nn_network_fusable(p.n_layers, p.stride.data());
  m.fused = m.fusable;
}

NnForceDevice::~NnForceDevice() = default;

double NnForceDevice::cutoff() const {
  const double c = impl_->host.cutoff;
  return impl_->baseline ? std::max(c, impl_->baseline->cutoff()) : c;
}

void NnForceDevice::reserve(int n, int atoms_per_replica) {
  if (n < 0 || atoms_per_replica <= 0 || n % atoms_per_replica != 0) {
    throw std::invalid_argument("NnForceDevice: n must be a multiple of atoms_per_replica > 0");
  }
  Impl& m = *impl_;
  if (m.baseline) m.baseline->reserve(n, atoms_per_replica);
  m.reserved_apr = atoms_per_replica;
  if (n <= m.reserved_n) return;
  const NnDevicePack& p = m.host;
  const auto rows = static_cast<std::size_t>(n);
  // Free before allocating, so old and new scratch never coexist.
  m.aev = DeviceBuffer<float>();
  m.grad_aev = DeviceBuffer<float>();
  m.act.clear();
  m.delta.clear();
  m.aev = DeviceBuffer<float>(rows * p.aev_len);
  m.grad_aev = DeviceBuffer<float>(rows * p.aev_len);
  m.act.resize(p.n_layers);
  m.delta.resize(p.n_layers);
  for (int l = 1; l < p.n_layers; ++l) {
    m.act[l] = DeviceBuffer<float>(rows * p.stride[l]);
    m.delta[l] = DeviceBuffer<float>(rows * p.stride[l]);
  }
  m.net_species = DeviceBuffer<int>(rows);
  m.reserved_n = n;
  for (int l = 0; l < p.n_layers && l < kNnFusedMaxLevels; ++l) {
    m.levels.act[l] = m.act_at(l);
    m.levels.delta[l] = m.delta_at(l);
  }
}

bool NnForceDevice::fused_network() const {
  return impl_->fused;
}

void NnForceDevice::set_fused_network(bool on) {
  if (on && !impl_->fusable) {
    throw std::invalid_argument("NnForceDevice: this network is too wide or deep to fuse (every " +
                                std::string("level at most ") + std::to_string(kNnFusedMaxWidth) +
                                " wide)");
  }
  impl_->fused = on;
}

void NnForceDevice::compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                            bool energy_virial, CUstream_st* stream) {
  Impl& m = *impl_;
  if (list.n > m.reserved_n || list.atoms_per_replica != m.reserved_apr) {
    throw std::logic_error("NnForceDevice: compute() for " + std::to_string(list.n) +
                           " atoms in replicas of " + std::to_string(list.atoms_per_replica) +
                           " after reserve() for " + std::to_string(m.reserved_n) + " in " +
                           std::to_string(m.reserved_apr));
  }
  if (list.n == 0) return;
  MDB_NVTX_RANGE("force/nn_device");
  m.last_stream = stream;
  // Under graph capture an event record becomes part of the graph and cannot be waited on:
  // captured calls (and so graph replays) are never timed.
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  MDB_CUDA_CHECK(cudaStreamIsCapturing(stream, &capture));
  const bool timed = m.timing && capture == cudaStreamCaptureStatusNone;
  if (timed) m.flush_times();
  const NnDevicePack& p = m.host;
  const int n = list.n;
  const int top = p.n_layers - 1;
  double* sums = energy_virial ? out.sums : nullptr;
  m.stamp(0, timed, stream);
  if (m.baseline) {
    MDB_NVTX_RANGE("nn_device/baseline");
    m.baseline->compute(list, out, energy_virial, stream);
  }
  m.stamp(1, timed, stream);
  {
    MDB_NVTX_RANGE("nn_device/descriptor");
    // Without a baseline the descriptor kernel zeroes the forces the backward pass adds into.
    const bool zero = !m.baseline;
    launch_nn_aev_forward(list, m.desc, m.aev.data(), m.net_species.data(), m.error.data(),
                          zero ? out.fx : nullptr, zero ? out.fy : nullptr, zero ? out.fz : nullptr,
                          stream);
  }
  m.stamp(2, timed, stream);
  {
    MDB_NVTX_RANGE("nn_device/network");
    if (m.fused) {
      launch_nn_network_fused(n, list.atoms_per_replica, m.net, m.net_species.data(), m.levels,
                              sums, stream);
    } else {
      for (int l = 0; l < top; ++l) {
        launch_nn_dense_forward(l, n, m.net, p.stride.data(), m.net_species.data(), m.act_at(l),
                                m.act_at(l + 1), stream);
      }
      launch_nn_output(n, list.atoms_per_replica, m.net, m.net_species.data(), m.act_at(top),
                       m.delta_at(top), sums, stream);
      for (int l = top - 1; l >= 0; --l) {
        launch_nn_dense_backward(l, n, m.net, p.stride.data(), m.net_species.data(),
                                 m.delta_at(l + 1), m.act_at(l), m.delta_at(l), stream);
      }
    }
  }
  m.stamp(3, timed, stream);
  {
    MDB_NVTX_RANGE("nn_device/descriptor_backward");
    launch_nn_aev_backward(list, m.desc, m.grad_aev.data(), out.fx, out.fy, out.fz, sums,
                           m.error.data(), stream);
  }
  m.stamp(4, timed, stream);
  m.pending = timed;
}

void NnForceDevice::check_errors() {
  Impl& m = *impl_;
  MDB_CUDA_CHECK(cudaStreamSynchronize(m.last_stream));
  int bits = 0;
  m.error.copy_to_host(&bits, 1);
  if (bits == 0) return;
  // On the stream the kernels run on: a legacy-stream memset could land after a later kernel
  // had set a bit again.
  MDB_CUDA_CHECK(cudaMemsetAsync(m.error.data(), 0, sizeof(int), m.last_stream));
  MDB_CUDA_CHECK(cudaStreamSynchronize(m.last_stream));
  std::string what = "NnForceDevice:";
  if (bits & kNnErrorAngularOverflow) {
    what.append(" an atom has more than ")
        .append(std::to_string(kNnMaxAngularNeighbors))
        .append(" neighbours inside the angular cutoff (forces are wrong);");
  }
  if (bits & kNnErrorBadSpecies) what.append(" an atom species is outside the bound table;");
  what.pop_back();
  throw std::runtime_error(what);
}

bool NnForceDevice::set_stage_timing(bool on) {
  impl_->flush_times();
  impl_->timing = on;
  return true;
}

StageClocks NnForceDevice::stage_times() {
  impl_->flush_times();
  const NnDeviceStageTimes& t = impl_->times;
  StageClocks c;
  c.add("baseline", StageRole::Baseline, t.baseline);
  c.add("descriptor", StageRole::Descriptor, t.descriptor);
  c.add("network", StageRole::NetworkForward, t.network);  // forward, output, back to dE/dAEV
  c.add("descriptor backward", StageRole::DescriptorBackward, t.descriptor_backward);
  c.calls = t.calls;
  return c;
}

void NnForceDevice::reset_stage_times() {
  impl_->flush_times();
  impl_->times = {};
}

}  // namespace mdb
