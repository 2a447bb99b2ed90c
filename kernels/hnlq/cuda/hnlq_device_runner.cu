// HnlqDeviceRunner: device buffers, copies and CUDA-event timing around the lattice kernels,
// issued call by call or replayed as one CUDA graph per operation.
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/common/lattice_kind.hpp"
#include "kernels/hnlq/cuda/hnlq_cuda.hpp"

namespace mdb::hnlq {
namespace {

/// A CUDA event that is destroyed with its owner.
class Event {
 public:
  Event() { MDB_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~Event() { static_cast<void>(cudaEventDestroy(event_)); }  // a destructor must not throw
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

double seconds_between(const Event& a, const Event& b) {
  float ms = 0.0f;
  MDB_CUDA_CHECK(cudaEventElapsedTime(&ms, a.get(), b.get()));
  return 1e-3 * static_cast<double>(ms);
}

enum Op { kEncode, kDecode, kRoundTrip, kOps };

/// The host buffers a captured graph copies from and to: a replay is valid only for these.
using HostPointers = std::array<const void*, 4>;

}  // namespace

struct HnlqDeviceRunner::Impl {
  Impl(LatticeKind k, const HnlqParams& params, std::size_t n_vectors, HnlqLaunch how)
      : kind(k),
        p(params),
        launch(how),
        count(n_vectors),
        floats(n_vectors * static_cast<std::size_t>(lattice_dim(k))),
        code_bytes(floats * static_cast<std::size_t>(params.levels)),
        d_x(floats),
        d_codes(code_bytes),
        d_t(n_vectors),
        d_out(floats) {
    MDB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    // The buffers were allocated and may be written by the legacy stream's work; the runner's
    // non-blocking stream does not wait for that by itself.
    MDB_CUDA_CHECK(cudaDeviceSynchronize());
  }
  ~Impl() {
    for (cudaGraphExec_t g : graphs) {
      if (g != nullptr) static_cast<void>(cudaGraphExecDestroy(g));
    }
    static_cast<void>(cudaStreamDestroy(stream));
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  /// Records `e` where the work issued so far ends: inside a capture as an event node of the
  /// graph (a plain record there would only order the capture), else on the stream.
  void mark(const Event& e) {
    if (capturing) {
      MDB_CUDA_CHECK(cudaEventRecordWithFlags(e.get(), stream, cudaEventRecordExternal));
    } else {
      MDB_CUDA_CHECK(cudaEventRecord(e.get(), stream));
    }
  }

  /// Runs `body` (copies in, copied_in, kernel, ran, copies out) between the start and end
  /// marks, directly or as operation `op`'s graph, and waits for it. The four marks are the
  /// same either way.
  template <class Body>
  HnlqDeviceTimes call(Op op, const HostPointers& host, Body body) {
    if (launch == HnlqLaunch::Plain) {
      mark(start);
      body();
    } else {
      if (graphs[op] == nullptr || graph_host[op] != host) capture(op, host, body);
      mark(start);
      MDB_CUDA_CHECK(cudaGraphLaunch(graphs[op], stream));
    }
    mark(copied_out);
    MDB_CUDA_CHECK(cudaEventSynchronize(copied_out.get()));
    HnlqDeviceTimes t;
    t.transfer_s = seconds_between(start, copied_in) + seconds_between(ran, copied_out);
    t.kernel_s = seconds_between(copied_in, ran);
    t.total_s = seconds_between(start, copied_out);
    return t;
  }

  template <class Body>
  void capture(Op op, const HostPointers& host, Body body) {
    if (graphs[op] != nullptr) {
      MDB_CUDA_CHECK(cudaGraphExecDestroy(graphs[op]));
      graphs[op] = nullptr;
    }
    cudaGraph_t graph = nullptr;
    MDB_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    capturing = true;
    try {
      body();
    } catch (...) {
      capturing = false;
      static_cast<void>(cudaStreamEndCapture(stream, &graph));  // ends the broken capture
      if (graph != nullptr) static_cast<void>(cudaGraphDestroy(graph));
      static_cast<void>(cudaGetLastError());
      throw;
    }
    capturing = false;
    MDB_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    const cudaError_t made = cudaGraphInstantiate(&graphs[op], graph, 0);
    static_cast<void>(cudaGraphDestroy(graph));
    MDB_CUDA_CHECK(made);
    graph_host[op] = host;
  }

  template <class T>
  void to_device(T* dst, const T* src, std::size_t n) {
    MDB_CUDA_CHECK(cudaMemcpyAsync(dst, src, n * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  template <class T>
  void to_host(T* dst, const T* src, std::size_t n) {
    MDB_CUDA_CHECK(cudaMemcpyAsync(dst, src, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
  }

  LatticeKind kind;
  HnlqParams p;
  HnlqLaunch launch;
  std::size_t count, floats, code_bytes;
  DeviceBuffer<float> d_x;
  DeviceBuffer<std::uint8_t> d_codes, d_t;
  DeviceBuffer<float> d_out;
  cudaStream_t stream = nullptr;
  bool capturing = false;
  std::array<cudaGraphExec_t, kOps> graphs{};
  std::array<HostPointers, kOps> graph_host{};
  /// Before the input copy, after it, after the kernel, after the output copy.
  Event start, copied_in, ran, copied_out;
};

HnlqDeviceRunner::HnlqDeviceRunner(LatticeKind kind, const HnlqParams& p, std::size_t count,
                                   HnlqLaunch launch) {
  if (count == 0) throw std::invalid_argument("HnlqDeviceRunner: count must be > 0");
  impl_ = std::make_unique<Impl>(kind, p, count, launch);
}

HnlqDeviceRunner::~HnlqDeviceRunner() = default;

HnlqDeviceTimes HnlqDeviceRunner::encode(const float* x, std::uint8_t* codes, std::uint8_t* t) {
  Impl& m = *impl_;
  return m.call(kEncode, {x, nullptr, codes, t}, [&] {
    m.to_device(m.d_x.data(), x, m.floats);
    m.mark(m.copied_in);
    launch_hnlq_encode(m.kind, m.p, m.d_x.data(), m.count, m.d_codes.data(), m.d_t.data(),
                       m.stream);
    m.mark(m.ran);
    m.to_host(codes, m.d_codes.data(), m.code_bytes);
    m.to_host(t, m.d_t.data(), m.count);
  });
}

HnlqDeviceTimes HnlqDeviceRunner::decode(const std::uint8_t* codes, const std::uint8_t* t,
                                         float* out) {
  Impl& m = *impl_;
  return m.call(kDecode, {codes, t, out, nullptr}, [&] {
    m.to_device(m.d_codes.data(), codes, m.code_bytes);
    m.to_device(m.d_t.data(), t, m.count);
    m.mark(m.copied_in);
    launch_hnlq_decode(m.kind, m.p, m.d_codes.data(), m.d_t.data(), m.count, m.d_out.data(),
                       m.stream);
    m.mark(m.ran);
    m.to_host(out, m.d_out.data(), m.floats);
  });
}

HnlqDeviceTimes HnlqDeviceRunner::round_trip(const float* x, float* out) {
  Impl& m = *impl_;
  return m.call(kRoundTrip, {x, nullptr, out, nullptr}, [&] {
    m.to_device(m.d_x.data(), x, m.floats);
    m.mark(m.copied_in);
    launch_hnlq_round_trip(m.kind, m.p, m.d_x.data(), m.count, m.d_out.data(), m.stream);
    m.mark(m.ran);
    m.to_host(out, m.d_out.data(), m.floats);
  });
}

}  // namespace mdb::hnlq
