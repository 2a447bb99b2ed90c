#pragma once
// A small, fast, seedable generator whose stream is ours, not the standard library's
// (std::normal_distribution is implementation-defined, which would make seeded runs differ between
// libraries). Its normals read exp and log from libm, so a libm that rounds them differently can
// move a draw across the ziggurat's accept test and shift the stream from there.
#include <cmath>
#include <cstdint>

#include "md/core/normal_ziggurat.hpp"

namespace mdb {

/// One step of SplitMix64 (Steele, Lea & Flood 2014): advances `state` and returns the next
/// 64-bit value. Seeds Rng, and serves callers that need a plain integer stream.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// xoshiro256** seeded through SplitMix64, with ziggurat normals.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : zig_(&normal_ziggurat()) {
    for (auto& s : s_) s = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in (0, 1): never exactly 0, so log() is safe.
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

  /// Standard normal deviate, exact (no approximation of the density): the ziggurat's layer from
  /// the low 8 bits of one draw and the point within it from the top 53, bits that do not
  /// overlap (the correlation Doornik 2005 found in the original's shared bits cannot arise).
  double normal() {
    const NormalZiggurat& z = *zig_;
    for (;;) {
      const std::uint64_t bits = next();
      const int layer = static_cast<int>(bits & 0xff);
      // In [-1, 1): the arithmetic shift keeps the sign bit.
      const double u = static_cast<double>(static_cast<std::int64_t>(bits) >> 11) * 0x1.0p-52;
      if (std::abs(u) < z.core[layer]) return u * z.x[layer];
      if (layer == 0) return tail(u < 0.0);
      // In the wedge between the layer's core and its edge: under the density, or draw again.
      const double x = u * z.x[layer];
      const double y = z.f[layer] + uniform() * (z.f[layer + 1] - z.f[layer]);
      if (y < ziggurat_density(x)) return x;
    }
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  /// Beyond r, by Marsaglia's (1964) exponential rejection.
  double tail(bool negative) {
    constexpr double r = NormalZiggurat::kTailStart;
    double a, b;
    do {
      a = -std::log(uniform()) / r;
      b = -std::log(uniform());
    } while (b + b < a * a);
    return negative ? -(r + a) : r + a;
  }

  // normal_ziggurat() once, at construction: a call per draw would test its static's guard.
  const NormalZiggurat* zig_;
  std::uint64_t s_[4];
};

}  // namespace mdb
