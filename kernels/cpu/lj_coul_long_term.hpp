#pragma once
// The mixed-precision pair term of a charged Lennard-Jones model under Ewald summation (LJ plus
// ke qi qj erfc(beta r) / r, as lj_coul_long_terms in double) for pair_forces_cluster_mixed:
// eight pairs per instruction in float.
//
// Why per-slot factors instead of a species table: a water box mixes species in every
// j-cluster, and gathering eight lanes of five parameters from a table costs more than the pair
// term. Charges multiply (qq = qi qj with sqrt(ke) folded into each) and the LJ coefficients
// combine geometrically (4 eps sigma^12 = c12_i c12_j, 4 eps sigma^6 = c6_i c6_j, GROMACS's
// combination rule 1), so each slot carries three floats, stored per cluster twice as the
// positions are (MixedClusterArrays), and a row loads them as three vectors.
#include <cstdint>

#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "kernels/cpu/simd_math.hpp"

namespace mdb {

/// One species' factors: q sqrt(ke) (sqrt(eV Angstrom)), sqrt(4 eps) sigma^6 and
/// sqrt(4 eps) sigma^3 (sqrt(eV) Angstrom^6, ^3).
struct ChargedLjFactors {
  float q = 0.0f;
  float c12 = 0.0f;
  float c6 = 0.0f;
};

/// Per-slot factors stored like MixedClusterArrays (entry 8 c + 4 h + l is slot 4 c + l).
struct MixedSlotFactors {
  float* q = nullptr;
  float* c12 = nullptr;
  float* c6 = nullptr;
};

/// The factors of clusters [c_begin, c_end) from each slot's species (`by_species`; padding
/// slots get species 0's, and the kernel masks them).
inline void pack_slot_factors(const ClusterPairView& v, const ChargedLjFactors* by_species,
                              int c_begin, int c_end, MixedSlotFactors out) {
  constexpr int kC = ClusterPairView::kClusterSize;
  for (int c = c_begin; c < c_end; ++c) {
    for (int l = 0; l < kC; ++l) {
      const ChargedLjFactors& f = by_species[v.species[kC * c + l]];
      for (int h = 0; h < 2; ++h) {
        const int k = 2 * kC * c + kC * h + l;
        out.q[k] = f.q;
        out.c12[k] = f.c12;
        out.c6[k] = f.c6;
      }
    }
  }
}

/// LJ + screened Coulomb over packed slot factors (a Term of pair_forces_cluster_mixed).
struct LjCoulLongTerm {
  using F8 = simd::Float8;
  using F4 = simd::Float4;
  MixedSlotFactors factors;
  float beta = 0.0f;    ///< 1/Angstrom
  float beta2 = 0.0f;   ///< beta^2
  float rc2 = 0.0f;     ///< Angstrom^2
  float k_num[7] = {};  ///< ewald_k's numerator times beta^3: beta^3 K(s) without a multiply

  /// The factors for splitting parameter `beta` (beta rc <= kEwaldFitMaxBetaR, checked by the
  /// caller) and cut-off rc.
  void set_ewald(double beta_, double rc) {
    beta = static_cast<float>(beta_);
    beta2 = static_cast<float>(beta_ * beta_);
    rc2 = static_cast<float>(rc * rc);
    for (int k = 0; k < 7; ++k)
      k_num[k] = static_cast<float>(beta_ * beta_ * beta_ * simd::kEwaldKNum[k]);
  }

  struct IRow {
    F8 q, c12x12, c6x6;  // lanes 0-3: slot si, 4-7: slot si + 1; LJ factors times 12 and 6
    bool lj;             // false: neither i-slot has LJ (two hydrogens), so the row skips it
  };
  using Pre = F8;  // 1 / r
  // Started a row ahead: the row's chain (1/r, the Ewald factor's two polynomials and their
  // quotient) is long, and overlapping it with the previous row's sums gained 2.5 % with AVX2's
  // 16 registers and 7 % with AVX-512's 32 (docs/PERFORMANCE.md; with the earlier erfc form and
  // LJ in every row, 16 registers were too few and it lost 6 %).
  static constexpr bool kPipelined = true;
  MDB_SIMD_INLINE IRow i_row(int si) const {
    constexpr int kC = ClusterPairView::kClusterSize;
    const int pi = 2 * kC * (si / kC) + si % kC;
    auto two = [&](const float* a) { return simd::join(F4{} + a[pi], F4{} + a[pi + 1]); };
    const bool lj = factors.c12[pi] != 0.0f || factors.c12[pi + 1] != 0.0f ||
                    factors.c6[pi] != 0.0f || factors.c6[pi + 1] != 0.0f;
    return {two(factors.q), 12.0f * two(factors.c12), 6.0f * two(factors.c6), lj};
  }
  MDB_SIMD_INLINE Pre pre(F8 r2) const { return simd::rsqrt(r2); }
  template <bool kEnergy>
  MDB_SIMD_INLINE F8 term(const IRow& row, int cj, simd::Mask8 listed, F8 r2, Pre rinv,
                          F8& e) const {
    const int pj = 2 * ClusterPairView::kClusterSize * cj;
    const F8 qq = row.q * simd::load<F8>(factors.q + pj);
    const simd::Mask8 in = listed & (r2 < rc2);
    const F8 r2inv = rinv * rinv;
    const F8 s = beta2 * r2;
    F8 fr = qq * (rinv * r2inv - simd::ewald_k_scaled(s, k_num));
    if constexpr (kEnergy) e = simd::keep(in, qq * (rinv - beta * simd::ewald_g(s)));
    if (row.lj) {
      const F8 c12x12 = row.c12x12 * simd::load<F8>(factors.c12 + pj);
      const F8 c6x6 = row.c6x6 * simd::load<F8>(factors.c6 + pj);
      const F8 r6inv = r2inv * r2inv * r2inv;
      fr += r6inv * (c12x12 * r6inv - c6x6) * r2inv;
      if constexpr (kEnergy) {
        e += simd::keep(in, r6inv * ((1.0f / 12.0f) * c12x12 * r6inv - (1.0f / 6.0f) * c6x6));
      }
    }
    return simd::keep(in, fr);
  }
};

/// Runtime flags -> compile-time instantiation (no virial: the caller takes it from the
/// slots), for a 2 x 4 list.
inline PairSums pair_forces_cluster_coul_long_mixed(const ClusterPairView& v, int g_begin,
                                                    int g_end, const LjCoulLongTerm& term,
                                                    bool energy, MixedClusterArrays pos,
                                                    MixedClusterArrays jf, double* fx, double* fy,
                                                    double* fz) {
  check_two_i_atoms_per_row(v);
  if (energy) return pair_forces_cluster_mixed<true>(v, g_begin, g_end, term, pos, jf, fx, fy, fz);
  return pair_forces_cluster_mixed<false>(v, g_begin, g_end, term, pos, jf, fx, fy, fz);
}

}  // namespace mdb
