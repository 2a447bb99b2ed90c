#pragma once
// Which rows the double-precision LJ kernel (the `cpu` rows) runs on this CPU: one i-atom against
// a j-cluster in four 256-bit lanes (pair_cluster_loop.hpp), or two i-atoms in eight 512-bit
// lanes (pair_cluster_mixed_loop.hpp on Double8), which need an AVX-512 build.
//
// Why by CPU and not by build: both CPUs measured run AVX-512, and the rows cost differently on
// them (kernel alone over the 32,000-atom lj-melt lists, docs/PEERS.md). On an AMD EPYC of family
// 26 model 2 (Zen 5 "Turin", whose 512-bit operations are full width) the 2 x 4 rows took
// 0.71-0.78 of the 1 x 4 kernel's time, despite 1.30 times the lanes; on an Intel Xeon (Emerald
// Rapids) a 2 x 4 double
// kernel took 1.34 times as long (an earlier version, 1/r^2 from vrcp14pd and Newton steps; this
// one was not measured there), and AMD's family 25 (Zen 4) runs a 512-bit operation as two
// 256-bit halves, so a lane costs what it does in four-lane vectors there. So: 2 x 4 rows on AMD
// family 26 and later, 1 x 4 rows elsewhere; bench/double_shape_probe measures a new CPU. Not
// measured: Zen 5's mobile parts (family 26 too), which AMD describes as running AVX-512 on
// 256-bit datapaths as Zen 4 does; there the rule may pick the slower rows.
#include <cstring>

#include "kernels/cpu/simd_avx512.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace mdb::simd {

/// Whether this CPU's identity (vendor and family, from CPUID) is one the 2 x 4 double rows were
/// measured faster on. Pure function of its arguments, for the tests.
inline bool double_rows_pay_on(const char* vendor, unsigned family) {
  return std::strcmp(vendor, "AuthenticAMD") == 0 && family >= 26;
}

/// True when this build has AVX-512 and the CPU running it is one where the double kernel's
/// 2 x 4 rows pay (double_rows_pay_on); read once.
inline bool double_rows_two_i_atoms() {
  if constexpr (!kHas512) {
    return false;
  } else {
#if defined(__x86_64__) || defined(__i386__)
    static const bool pays = [] {
      unsigned a = 0, b = 0, c = 0, d = 0;
      if (__get_cpuid(0, &a, &b, &c, &d) == 0) return false;
      char vendor[13] = {};
      std::memcpy(vendor, &b, 4);
      std::memcpy(vendor + 4, &d, 4);
      std::memcpy(vendor + 8, &c, 4);
      if (__get_cpuid(1, &a, &b, &c, &d) == 0) return false;
      // Family: the base field, plus the extended field where the base is 15 (CPUID's rule).
      const unsigned base = (a >> 8) & 0xfu;
      const unsigned family = base == 0xfu ? base + ((a >> 20) & 0xffu) : base;
      return double_rows_pay_on(vendor, family);
    }();
    return pays;
#else
    return false;
#endif
  }
}

}  // namespace mdb::simd
