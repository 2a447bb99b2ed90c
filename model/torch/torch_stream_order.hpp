#pragma once
// Orders libtorch's GPU work against the device engine's stream. libtorch runs on the device's
// default stream (the legacy stream, stream 0) unless told otherwise, and telling it otherwise
// takes libtorch's CUDA headers and libraries (c10/cuda), which a CPU libtorch lacks; the engine's
// stream is non-blocking, so neither waits for the other by itself. Two events bridge them with
// the CUDA runtime alone. Plain C++ (no CUDA headers).
struct CUstream_st;  // what cudaStream_t points to

namespace mdb {

class TorchStreamOrder {
 public:
  /// Throws std::runtime_error when md was built without CUDA or an event cannot be made.
  TorchStreamOrder();
  ~TorchStreamOrder();
  TorchStreamOrder(const TorchStreamOrder&) = delete;
  TorchStreamOrder& operator=(const TorchStreamOrder&) = delete;

  /// libtorch's work enqueued from now on starts after what `engine` holds now.
  void torch_after(CUstream_st* engine);
  /// What `engine` is given from now on starts after libtorch's work enqueued so far.
  void engine_after_torch(CUstream_st* engine);
  /// Waits for libtorch's work enqueued so far (the stage clocks' reads).
  void wait_for_torch();

 private:
  void* engine_done_ = nullptr;  // cudaEvent_t
  void* torch_done_ = nullptr;
};

}  // namespace mdb
