// HnlqDeviceRunner: device buffers, copies and CUDA-event timing around the lattice kernels.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "kernels/common/lattice/hnlq_params.hpp"
#include "kernels/common/lattice/lattice_kind.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/lattice/hnlq_cuda.hpp"

namespace mdb::lattice {
namespace {

/// A CUDA event that is destroyed with its owner.
class Event {
 public:
  Event() { MDB_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~Event() { static_cast<void>(cudaEventDestroy(event_)); }  // a destructor must not throw
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  void record() { MDB_CUDA_CHECK(cudaEventRecord(event_, cudaStreamLegacy)); }
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

double seconds_between(const Event& a, const Event& b) {
  float ms = 0.0f;
  MDB_CUDA_CHECK(cudaEventElapsedTime(&ms, a.get(), b.get()));
  return 1e-3 * static_cast<double>(ms);
}

}  // namespace

struct HnlqDeviceRunner::Impl {
  Impl(LatticeKind k, const HnlqParams& params, std::size_t n_vectors)
      : kind(k),
        p(params),
        count(n_vectors),
        floats(n_vectors * static_cast<std::size_t>(lattice_dim(k))),
        code_bytes(floats * static_cast<std::size_t>(params.levels)),
        d_x(floats),
        d_codes(code_bytes),
        d_t(n_vectors),
        d_out(floats) {}

  /// The four marks of one call: before the input copy, after it, after the kernel, after the
  /// output copy (which the host waits for).
  HnlqDeviceTimes times() {
    MDB_CUDA_CHECK(cudaEventSynchronize(copied_out.get()));
    HnlqDeviceTimes t;
    t.transfer_s = seconds_between(start, copied_in) + seconds_between(ran, copied_out);
    t.kernel_s = seconds_between(copied_in, ran);
    t.total_s = seconds_between(start, copied_out);
    return t;
  }

  template <class T>
  static void to_device(T* dst, const T* src, std::size_t n) {
    MDB_CUDA_CHECK(
        cudaMemcpyAsync(dst, src, n * sizeof(T), cudaMemcpyHostToDevice, cudaStreamLegacy));
  }
  template <class T>
  static void to_host(T* dst, const T* src, std::size_t n) {
    MDB_CUDA_CHECK(
        cudaMemcpyAsync(dst, src, n * sizeof(T), cudaMemcpyDeviceToHost, cudaStreamLegacy));
  }

  LatticeKind kind;
  HnlqParams p;
  std::size_t count, floats, code_bytes;
  DeviceBuffer<float> d_x;
  DeviceBuffer<std::uint8_t> d_codes, d_t;
  DeviceBuffer<float> d_out;
  Event start, copied_in, ran, copied_out;
};

HnlqDeviceRunner::HnlqDeviceRunner(LatticeKind kind, const HnlqParams& p, std::size_t count) {
  if (count == 0) throw std::invalid_argument("HnlqDeviceRunner: count must be > 0");
  impl_ = std::make_unique<Impl>(kind, p, count);
}

HnlqDeviceRunner::~HnlqDeviceRunner() = default;

HnlqDeviceTimes HnlqDeviceRunner::encode(const float* x, std::uint8_t* codes, std::uint8_t* t) {
  Impl& m = *impl_;
  m.start.record();
  Impl::to_device(m.d_x.data(), x, m.floats);
  m.copied_in.record();
  launch_hnlq_encode(m.kind, m.p, m.d_x.data(), m.count, m.d_codes.data(), m.d_t.data());
  m.ran.record();
  Impl::to_host(codes, m.d_codes.data(), m.code_bytes);
  Impl::to_host(t, m.d_t.data(), m.count);
  m.copied_out.record();
  return m.times();
}

HnlqDeviceTimes HnlqDeviceRunner::decode(const std::uint8_t* codes, const std::uint8_t* t,
                                         float* out) {
  Impl& m = *impl_;
  m.start.record();
  Impl::to_device(m.d_codes.data(), codes, m.code_bytes);
  Impl::to_device(m.d_t.data(), t, m.count);
  m.copied_in.record();
  launch_hnlq_decode(m.kind, m.p, m.d_codes.data(), m.d_t.data(), m.count, m.d_out.data());
  m.ran.record();
  Impl::to_host(out, m.d_out.data(), m.floats);
  m.copied_out.record();
  return m.times();
}

HnlqDeviceTimes HnlqDeviceRunner::round_trip(const float* x, float* out) {
  Impl& m = *impl_;
  m.start.record();
  Impl::to_device(m.d_x.data(), x, m.floats);
  m.copied_in.record();
  launch_hnlq_round_trip(m.kind, m.p, m.d_x.data(), m.count, m.d_out.data());
  m.ran.record();
  Impl::to_host(out, m.d_out.data(), m.floats);
  m.copied_out.record();
  return m.times();
}

}  // namespace mdb::lattice
