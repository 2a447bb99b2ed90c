#pragma once
// Checked entry points of the CPU lattice quantizer: the encoders of reference.hpp and
// batched.hpp after one pass over the batch that rejects NaN and infinities
// (input_check.hpp). The unchecked functions stay as they are - branch-free, saturating
// non-finite values - for callers that have checked their data once (lattice_bench checks when
// it builds a row's data, outside the timed loop) or that rely on saturation.
#include <cstddef>
#include <cstdint>

#include "kernels/hnlq/common/hnlq_params.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "kernels/hnlq/cpu/input_check.hpp"
#include "kernels/hnlq/cpu/reference.hpp"

namespace mdb::hnlq {

/// reference_encode (rows x[i n + c]) after require_finite_input; throws std::invalid_argument
/// naming the first bad vector and coordinate, before writing anything.
template <class L>
std::size_t checked_reference_encode(const HnlqParams& p, const float* x, std::size_t count,
                                     std::uint8_t* codes, std::uint8_t* t) {
  require_finite_input(x, count, L::kDim, InputLayout::Rows);
  return reference_encode<L>(p, x, count, codes, t);
}

/// batched_encode (columns x[c count + i]) after require_finite_input.
template <class L>
std::size_t checked_batched_encode(const HnlqParams& p, const float* x, std::size_t count,
                                   std::uint8_t* codes, std::uint8_t* t) {
  require_finite_input(x, count, L::kDim, InputLayout::Columns);
  return batched_encode<L>(p, x, count, codes, t);
}

/// reference_round_trip (rows) after require_finite_input.
template <class L>
std::size_t checked_reference_round_trip(const HnlqParams& p, const float* x, std::size_t count,
                                         float* out) {
  require_finite_input(x, count, L::kDim, InputLayout::Rows);
  return reference_round_trip<L>(p, x, count, out);
}

/// batched_round_trip (columns) after require_finite_input.
template <class L>
std::size_t checked_batched_round_trip(const HnlqParams& p, const float* x, std::size_t count,
                                       float* out) {
  require_finite_input(x, count, L::kDim, InputLayout::Columns);
  return batched_round_trip<L>(p, x, count, out);
}

}  // namespace mdb::hnlq
