// CUDA kernels of the lattice quantizer: one thread per vector, grid-stride, calling the same
// MDB_HD bodies as the scalar reference and the batched CPU loops (bit for bit their results).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/hnlq/common/hnlq_bodies.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cuda/hnlq_cuda.hpp"

namespace mdb::hnlq {
namespace {

constexpr int kThreadsPerBlock = 256;

template <class L>
__global__ void encode_kernel(HnlqParams p, const float* __restrict__ x, std::size_t count,
                              std::uint8_t* __restrict__ codes, std::uint8_t* __restrict__ t) {
  const auto stride = static_cast<std::ptrdiff_t>(count);
  const CodeLayout layout{L::kDim * stride, stride};
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    encode_vector<L>(p, x + i, stride, codes + i, layout, t + i);
  }
}

template <class L>
__global__ void decode_kernel(HnlqParams p, const std::uint8_t* __restrict__ codes,
                              const std::uint8_t* __restrict__ t, std::size_t count,
                              float* __restrict__ out) {
  const auto stride = static_cast<std::ptrdiff_t>(count);
  const CodeLayout layout{L::kDim * stride, stride};
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    decode_vector<L>(p, codes + i, layout, t[i], out + i, stride);
  }
}

template <class L>
__global__ void round_trip_kernel(HnlqParams p, const float* __restrict__ x, std::size_t count,
                                  float* __restrict__ out) {
  const auto stride = static_cast<std::ptrdiff_t>(count);
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    round_trip_vector<L>(p, x + i, stride, out + i, stride);
  }
}

/// Enough blocks for one thread per vector, capped (the kernels stride over the rest).
unsigned blocks_for(std::size_t count) {
  const std::size_t blocks = (count + kThreadsPerBlock - 1) / kThreadsPerBlock;
  return static_cast<unsigned>(std::clamp<std::size_t>(blocks, 1, 65535));
}

}  // namespace

void launch_hnlq_encode(LatticeKind kind, const HnlqParams& p, const float* d_x, std::size_t count,
                        std::uint8_t* d_codes, std::uint8_t* d_t, cudaStream_t stream) {
  if (count == 0) return;
  with_lattice(kind, [&]<class L>() {
    encode_kernel<L>
        <<<blocks_for(count), kThreadsPerBlock, 0, stream>>>(p, d_x, count, d_codes, d_t);
  });
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_hnlq_decode(LatticeKind kind, const HnlqParams& p, const std::uint8_t* d_codes,
                        const std::uint8_t* d_t, std::size_t count, float* d_out,
                        cudaStream_t stream) {
  if (count == 0) return;
  with_lattice(kind, [&]<class L>() {
    decode_kernel<L>
        <<<blocks_for(count), kThreadsPerBlock, 0, stream>>>(p, d_codes, d_t, count, d_out);
  });
  MDB_CUDA_CHECK(cudaGetLastError());
}

void launch_hnlq_round_trip(LatticeKind kind, const HnlqParams& p, const float* d_x,
                            std::size_t count, float* d_out, cudaStream_t stream) {
  if (count == 0) return;
  with_lattice(kind, [&]<class L>() {
    round_trip_kernel<L><<<blocks_for(count), kThreadsPerBlock, 0, stream>>>(p, d_x, count, d_out);
  });
  MDB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace mdb::hnlq
