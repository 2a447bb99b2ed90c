#pragma once
// Finite-input checks for the lattice quantizer. The encoders themselves never branch on bad
// values (a NaN clamps to -2^18 lattice units, an infinity to +-2^18: such a vector is simply
// overloaded), so that their loops stay branch-free and identical on every path; a caller that
// wants NaN and infinities rejected checks the batch once, before encoding, with these (or calls
// the checked entry points of checked.hpp).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

namespace mdb::hnlq {

/// How a batch of `count` vectors of dimension n is stored: rows x[i n + c] (the reference,
/// Coset's [batch, d]) or coordinate columns x[c count + i] (the batched CPU and CUDA paths).
enum class InputLayout { Rows, Columns };

/// Where the first non-finite value of a batch is (first in memory order).
struct NonFiniteInput {
  std::size_t vector = 0;  ///< index in the batch
  int coordinate = 0;      ///< 0 .. n - 1
  float value = 0;         ///< NaN, +inf or -inf
};

namespace detail {

/// Exponent bits all set: NaN or an infinity (bit test, so it vectorises and ignores -ffast-math).
inline bool is_non_finite(float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return (bits & 0x7f800000u) == 0x7f800000u;
}

}  // namespace detail

/// The first NaN or infinity among count * n floats in `layout`, if any. One pass without an
/// early exit finds whether there is one (a vector loop); only then is it located.
inline std::optional<NonFiniteInput> find_non_finite(const float* x, std::size_t count, int n,
                                                     InputLayout layout) {
  const std::size_t total = count * static_cast<std::size_t>(n);
  bool any = false;
  for (std::size_t k = 0; k < total; ++k) any |= detail::is_non_finite(x[k]);
  if (!any) return std::nullopt;
  for (std::size_t k = 0; k < total; ++k) {
    if (!detail::is_non_finite(x[k])) continue;
    NonFiniteInput bad;
    bad.value = x[k];
    if (layout == InputLayout::Rows) {
      bad.vector = k / static_cast<std::size_t>(n);
      bad.coordinate = static_cast<int>(k % static_cast<std::size_t>(n));
    } else {
      bad.vector = k % count;
      bad.coordinate = static_cast<int>(k / count);
    }
    return bad;
  }
  return std::nullopt;
}

/// "NaN", "inf" or "-inf".
inline std::string non_finite_name(float v) {
  if (v != v) return "NaN";
  return v > 0 ? "inf" : "-inf";
}

/// Throws std::invalid_argument ("HNLQ input: vector 12, coordinate 3 is NaN; the quantizer
/// needs finite numbers") when the batch holds a NaN or an infinity.
inline void require_finite_input(const float* x, std::size_t count, int n, InputLayout layout) {
  const std::optional<NonFiniteInput> bad = find_non_finite(x, count, n, layout);
  if (!bad) return;
  throw std::invalid_argument("HNLQ input: vector " + std::to_string(bad->vector) +
                              ", coordinate " + std::to_string(bad->coordinate) + " is " +
                              non_finite_name(bad->value) + "; the quantizer needs finite numbers");
}

}  // namespace mdb::hnlq
