#pragma once
// Philox4x32-10 (Salmon et al., SC'11, the Random123 generator): a counter-based RNG, so the
// noise of (seed, step, atom) is a pure function of those numbers. Runs are then reproducible
// and independent of how threads are launched, and host and device draw the same bits.
#include <cmath>
#include <cstdint>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Four 32-bit words: a Philox counter or output block.
struct Philox4x32 {
  std::uint32_t v[4];
};

namespace philox_detail {
inline constexpr std::uint32_t kM0 = 0xD2511F53u;  // round multipliers
inline constexpr std::uint32_t kM1 = 0xCD9E8D57u;
inline constexpr std::uint32_t kW0 = 0x9E3779B9u;  // Weyl key increments (golden ratio, sqrt 3)
inline constexpr std::uint32_t kW1 = 0xBB67AE85u;

MDB_HD inline void mulhilo(std::uint32_t a, std::uint32_t b, std::uint32_t& hi, std::uint32_t& lo) {
  const std::uint64_t p = static_cast<std::uint64_t>(a) * b;
  hi = static_cast<std::uint32_t>(p >> 32);
  lo = static_cast<std::uint32_t>(p);
}
}  // namespace philox_detail

/// The 10-round Philox4x32 bijection of `counter` under the 64-bit key (k0, k1).
MDB_HD inline Philox4x32 philox4x32_10(Philox4x32 c, std::uint32_t k0, std::uint32_t k1) {
  using namespace philox_detail;
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 += kW0;
      k1 += kW1;
    }
    std::uint32_t hi0, lo0, hi1, lo1;
    mulhilo(kM0, c.v[0], hi0, lo0);
    mulhilo(kM1, c.v[2], hi1, lo1);
    c = Philox4x32{{hi1 ^ c.v[1] ^ k0, lo1, hi0 ^ c.v[3] ^ k1, lo0}};
  }
  return c;
}

/// A double uniform in the open interval (0, 1) from 64 random bits (52 used, so that k + 1/2
/// scaled stays below 1 exactly): never 0 (log() is safe) and never 1.
MDB_HD inline double philox_uniform(std::uint32_t hi, std::uint32_t lo) {
  const std::uint64_t bits = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return (static_cast<double>(bits >> 12) + 0.5) * 0x1.0p-52;
}

/// Two independent standard normal deviates from one Philox block (Box-Muller).
MDB_HD inline void philox_normal2(const Philox4x32& r, double& n0, double& n1) {
  const double u1 = philox_uniform(r.v[0], r.v[1]);
  const double u2 = philox_uniform(r.v[2], r.v[3]);
  const double radius = std::sqrt(-2.0 * std::log(u1));
  const double phi = 6.283185307179586 * u2;
  n0 = radius * std::cos(phi);
  n1 = radius * std::sin(phi);
}

/// Three standard normals for atom `atom` at step `step` of the stream `seed`: the counter is
/// (atom, step low, step high, block), the key the seed, so every (seed, step, atom) has its own
/// numbers whatever the order or grouping in which they are drawn.
MDB_HD inline void philox_normal3(std::uint64_t seed, std::uint64_t step, std::uint32_t atom,
                                  double& n0, double& n1, double& n2) {
  const auto k0 = static_cast<std::uint32_t>(seed);
  const auto k1 = static_cast<std::uint32_t>(seed >> 32);
  const auto s0 = static_cast<std::uint32_t>(step);
  const auto s1 = static_cast<std::uint32_t>(step >> 32);
  double unused;
  philox_normal2(philox4x32_10(Philox4x32{{atom, s0, s1, 0u}}, k0, k1), n0, n1);
  philox_normal2(philox4x32_10(Philox4x32{{atom, s0, s1, 1u}}, k0, k1), n2, unused);
}

/// One standard normal for a barostat move at step `step` of the stream `seed`. Its counter has
/// block word 2, which the atoms' noise (philox_normal3: blocks 0 and 1) never uses, so the two
/// never share a Philox block, even under equal seeds.
MDB_HD inline double philox_barostat_normal(std::uint64_t seed, std::uint64_t step) {
  const auto k0 = static_cast<std::uint32_t>(seed);
  const auto k1 = static_cast<std::uint32_t>(seed >> 32);
  const auto s0 = static_cast<std::uint32_t>(step);
  const auto s1 = static_cast<std::uint32_t>(step >> 32);
  double n0, unused;
  philox_normal2(philox4x32_10(Philox4x32{{0u, s0, s1, 2u}}, k0, k1), n0, unused);
  return n0;
}

}  // namespace mdb
