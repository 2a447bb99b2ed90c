#pragma once
// The scalar reference of the lattice quantizer: one vector at a time, vectors stored as rows
// (array of structures, Coset's [batch, d] tensor and [batch, M, d] codes). The baseline the
// batched CPU loops and the CUDA kernels must match bit for bit.
#include <cstddef>
#include <cstdint>

#include "kernels/hnlq/common/hnlq_bodies.hpp"

namespace mdb::hnlq {

/// Row-major layout of the reference: x[i n + c], codes[(i M + l) n + c], t[i].
template <class L>
constexpr CodeLayout reference_code_layout() {
  return CodeLayout{L::kDim, 1};
}

/// Encodes `count` vectors; returns how many stayed overloaded.
template <class L>
std::size_t reference_encode(const HnlqParams& p, const float* x, std::size_t count,
                             std::uint8_t* codes, std::uint8_t* t) {
  constexpr int n = L::kDim;
  const std::size_t codes_per_vector = static_cast<std::size_t>(p.levels) * n;
  std::size_t overloaded = 0;
  for (std::size_t i = 0; i < count; ++i) {
    overloaded += encode_vector<L>(p, x + i * n, 1, codes + i * codes_per_vector,
                                   reference_code_layout<L>(), t + i)
                      ? 1
                      : 0;
  }
  return overloaded;
}

/// Decodes `count` vectors into out[i n + c].
template <class L>
void reference_decode(const HnlqParams& p, const std::uint8_t* codes, const std::uint8_t* t,
                      std::size_t count, float* out) {
  constexpr int n = L::kDim;
  const std::size_t codes_per_vector = static_cast<std::size_t>(p.levels) * n;
  for (std::size_t i = 0; i < count; ++i) {
    decode_vector<L>(p, codes + i * codes_per_vector, reference_code_layout<L>(), t[i], out + i * n,
                     1);
  }
}

/// Encodes and decodes each vector in turn through a per-vector code buffer; returns how many
/// stayed overloaded.
template <class L>
std::size_t reference_round_trip(const HnlqParams& p, const float* x, std::size_t count,
                                 float* out) {
  constexpr int n = L::kDim;
  std::uint8_t codes[kMaxLevels * n];
  std::size_t overloaded = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint8_t t = 0;
    overloaded += encode_vector<L>(p, x + i * n, 1, codes, reference_code_layout<L>(), &t) ? 1 : 0;
    decode_vector<L>(p, codes, reference_code_layout<L>(), t, out + i * n, 1);
  }
  return overloaded;
}

}  // namespace mdb::hnlq
