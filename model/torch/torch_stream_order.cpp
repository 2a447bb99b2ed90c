#include "model/torch/torch_stream_order.hpp"

#include <stdexcept>
#include <string>

#ifdef MDB_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace mdb {

#ifdef MDB_HAVE_CUDA
namespace {

void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    throw std::runtime_error(std::string("TorchScript model on the GPU: ") + what + ": " +
                             cudaGetErrorString(err));
  }
}

cudaEvent_t event(void* e) {
  return static_cast<cudaEvent_t>(e);
}

}  // namespace

TorchStreamOrder::TorchStreamOrder() {
  cudaEvent_t a = nullptr, b = nullptr;
  check(cudaEventCreateWithFlags(&a, cudaEventDisableTiming), "cudaEventCreate");
  const cudaError_t second = cudaEventCreateWithFlags(&b, cudaEventDisableTiming);
  if (second != cudaSuccess) static_cast<void>(cudaEventDestroy(a));  // no destructor will
  check(second, "cudaEventCreate");
  engine_done_ = a;
  torch_done_ = b;
}

TorchStreamOrder::~TorchStreamOrder() {
  if (engine_done_) static_cast<void>(cudaEventDestroy(event(engine_done_)));
  if (torch_done_) static_cast<void>(cudaEventDestroy(event(torch_done_)));
}

void TorchStreamOrder::torch_after(CUstream_st* engine) {
  check(cudaEventRecord(event(engine_done_), engine), "cudaEventRecord");
  check(cudaStreamWaitEvent(cudaStreamLegacy, event(engine_done_), 0), "cudaStreamWaitEvent");
}

void TorchStreamOrder::engine_after_torch(CUstream_st* engine) {
  check(cudaEventRecord(event(torch_done_), cudaStreamLegacy), "cudaEventRecord");
  check(cudaStreamWaitEvent(engine, event(torch_done_), 0), "cudaStreamWaitEvent");
}

void TorchStreamOrder::wait_for_torch() {
  check(cudaStreamSynchronize(cudaStreamLegacy), "cudaStreamSynchronize");
}

#else

TorchStreamOrder::TorchStreamOrder() {
  throw std::runtime_error(
      "TorchScript model on the GPU: md_bench was built without CUDA (its engine cannot run one)");
}
TorchStreamOrder::~TorchStreamOrder() = default;
void TorchStreamOrder::torch_after(CUstream_st*) {}
void TorchStreamOrder::engine_after_torch(CUstream_st*) {}
void TorchStreamOrder::wait_for_torch() {}

#endif

}  // namespace mdb
