#pragma once
// CUDA lattice quantizer: launch wrappers over device pointers and a runner that owns device
// buffers and times transfers and kernels with CUDA events. Plain C++ (no CUDA header), so
// g++-only code (bench/hnlq, tests) can call it. Layout as the batched CPU quantizer
// (kernels/hnlq/cpu/batched.hpp): coordinate rows x[c * count + i], codes[(l n + c) * count +
// i], t[i]; one thread per vector runs the MDB_HD bodies of kernels/hnlq/common.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/common/lattice_kind.hpp"

struct CUstream_st;  // cudaStream_t, without the CUDA headers

namespace mdb::hnlq {

/// Launches the encoder on `stream` (nullptr: the default stream): d_x (count * n floats) ->
/// d_codes (levels * n * count bytes) and d_t (count bytes). Asynchronous; throws
/// std::runtime_error on a launch error.
void launch_hnlq_encode(LatticeKind kind, const HnlqParams& p, const float* d_x, std::size_t count,
                        std::uint8_t* d_codes, std::uint8_t* d_t, CUstream_st* stream = nullptr);

/// Launches the decoder on `stream`: d_codes, d_t -> d_out (count * n floats).
void launch_hnlq_decode(LatticeKind kind, const HnlqParams& p, const std::uint8_t* d_codes,
                        const std::uint8_t* d_t, std::size_t count, float* d_out,
                        CUstream_st* stream = nullptr);

/// Launches the fused round trip (codes kept in registers) on `stream`: d_x -> d_out.
void launch_hnlq_round_trip(LatticeKind kind, const HnlqParams& p, const float* d_x,
                            std::size_t count, float* d_out, CUstream_st* stream = nullptr);

/// Seconds of one timed call, from CUDA events on the runner's stream.
struct HnlqDeviceTimes {
  double transfer_s = 0;  ///< host -> device plus device -> host copies
  double kernel_s = 0;    ///< the kernel alone
  double total_s = 0;     ///< first copy start to last copy end
};

/// How a runner issues each call's copies and kernel.
enum class HnlqLaunch {
  Plain,  ///< one API call per copy, event and kernel
  /// One CUDA graph per operation, captured on first use and replayed while the host pointers
  /// stay the same (recaptured when they change): one launch instead of four or five calls,
  /// which is what a batch of a few vectors costs. The host buffers must be page-locked.
  Graph,
};

/// Owns device buffers for `count` vectors of one lattice and parameter set, a stream, and the
/// events that time each call. Each call copies its inputs from host memory, runs the kernel,
/// copies the outputs back and waits for them. Throws std::runtime_error (file:line: CUDA error)
/// when the device fails, std::invalid_argument for count == 0.
class HnlqDeviceRunner {
 public:
  HnlqDeviceRunner(LatticeKind kind, const HnlqParams& p, std::size_t count,
                   HnlqLaunch launch = HnlqLaunch::Plain);
  ~HnlqDeviceRunner();
  HnlqDeviceRunner(const HnlqDeviceRunner&) = delete;
  HnlqDeviceRunner& operator=(const HnlqDeviceRunner&) = delete;

  HnlqDeviceTimes encode(const float* x, std::uint8_t* codes, std::uint8_t* t);
  HnlqDeviceTimes decode(const std::uint8_t* codes, const std::uint8_t* t, float* out);
  HnlqDeviceTimes round_trip(const float* x, float* out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb::hnlq
