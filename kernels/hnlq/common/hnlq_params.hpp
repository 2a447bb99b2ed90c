#pragma once
// The parameters of Coset's hierarchical nested-lattice quantizer (legacy QuantizationConfig /
// ref HNLQConfig): alphabet size q, levels M, scaling beta, and the overload handling (alpha,
// max_scaling_iterations). A plain value, passed by value to kernels.
#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb::hnlq {

/// Largest M: q >= 2 and q^M <= 2^16 leave at most 16 levels.
inline constexpr int kMaxLevels = 16;
/// Codes are one byte per coordinate and level, so q <= 256.
inline constexpr int kMaxQ = 256;
/// q^M is at most this: keeps every integer of the exact arithmetic below 2^24 and the
/// overload region inside the float clamp (exact_rounding.hpp).
inline constexpr long kMaxQPowM = 1L << 16;
/// Most scaling rounds of the overload handling (Coset's default is 10).
inline constexpr int kMaxScalingIterations = 32;

/// HNLQ parameters with what the kernels precompute from them. Build with make_hnlq_params.
struct HnlqParams {
  int q = 4;       ///< alphabet size per coordinate and level
  int levels = 2;  ///< M, the number of hierarchical levels
  float beta = 1;  ///< x is quantized as x / beta and reconstructed times beta
  /// Coset's `not disable_overload_protection`: re-encode an overloaded vector as x / 2^alpha,
  /// up to max_scaling_iterations times, and record the count T per vector.
  bool overload_protection = false;
  float alpha = 1;
  int max_scaling_iterations = 10;
  float two_pow_alpha = 2;                            ///< 2^alpha, the per-round divisor
  float scale_by_t[kMaxScalingIterations + 1] = {1};  ///< 2^(alpha T) for T = 0..max
};

/// Checks the parameters (q in [2, 256], M >= 1, q^M <= 2^16, beta and alpha positive and
/// finite, 1 <= max_scaling_iterations <= 32) and fills the precomputed fields. Throws
/// std::invalid_argument naming the parameter and the allowed range.
inline HnlqParams make_hnlq_params(int q, int levels, double beta, bool overload_protection = false,
                                   double alpha = 1.0, int max_scaling_iterations = 10) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("HnlqParams: " + what); };
  if (q < 2 || q > kMaxQ) fail("q must be in [2, 256], got " + std::to_string(q));
  if (levels < 1) fail("M must be >= 1, got " + std::to_string(levels));
  long q_pow_m = 1;
  for (int l = 0; l < levels; ++l) {
    q_pow_m *= q;
    if (q_pow_m > kMaxQPowM) {
      fail("q^M must be <= 65536 (16 bits per dimension), got q=" + std::to_string(q) +
           " M=" + std::to_string(levels));
    }
  }
  if (!(beta > 0.0) || !std::isfinite(beta)) fail("beta must be a positive finite number");
  if (!(alpha > 0.0) || !std::isfinite(alpha)) fail("alpha must be a positive finite number");
  if (max_scaling_iterations < 1 || max_scaling_iterations > kMaxScalingIterations) {
    fail("max_scaling_iterations must be in [1, 32], got " +
         std::to_string(max_scaling_iterations));
  }
  if (overload_protection && alpha * max_scaling_iterations > 100.0) {
    fail("alpha * max_scaling_iterations must be <= 100 (2^(alpha T) must stay a float)");
  }
  HnlqParams p;
  p.q = q;
  p.levels = levels;
  p.beta = static_cast<float>(beta);
  p.overload_protection = overload_protection;
  p.alpha = static_cast<float>(alpha);
  p.max_scaling_iterations = max_scaling_iterations;
  p.two_pow_alpha = static_cast<float>(std::exp2(alpha));
  for (int t = 0; t <= kMaxScalingIterations; ++t) {
    p.scale_by_t[t] = static_cast<float>(std::exp2(alpha * t));
  }
  return p;
}

/// Bits per dimension of the codes: M log2 q (the per-vector count T of the overload handling
/// is not included).
inline double hnlq_bits_per_dim(const HnlqParams& p) {
  return p.levels * std::log2(p.q);
}

}  // namespace mdb::hnlq
