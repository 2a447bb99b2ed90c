#pragma once
// The mixed-precision pair term of a charged Lennard-Jones model under Ewald summation (LJ plus
// ke qi qj erfc(beta r) / r, as lj_coul_long_terms in double) for pair_forces_cluster_mixed:
// eight pairs per instruction in float (sixteen in the 4 x 4 kernel where the build has AVX-512).
//
// Why per-slot factors instead of a species table: a water box mixes species in every
// j-cluster, and gathering eight lanes of five parameters from a table costs more than the pair
// term. Charges multiply (qq = qi qj with sqrt(ke) folded into each) and the LJ coefficients
// combine geometrically (4 eps sigma^12 = c12_i c12_j, 4 eps sigma^6 = c6_i c6_j, GROMACS's
// combination rule 1), so each slot carries three floats, stored per cluster twice as the
// positions are (MixedClusterArrays), and a row loads them as three vectors.
#include <cstdint>

#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/mixed_lanes.hpp"
#include "kernels/cpu/pair_cluster_mixed_4x4_loop.hpp"
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

/// LJ + screened Coulomb over packed slot factors on V's lanes (a Term of
/// pair_forces_cluster_mixed on Float8, of pair_forces_cluster_mixed_4x4 on Float16).
template <class V>
struct LjCoulLongTermOn {
  using Vec = V;
  using L = simd::Lanes<V>;
  MixedSlotFactors factors;
  float beta = 0.0f;    ///< 1/Angstrom
  float beta2 = 0.0f;   ///< beta^2
  float rc2 = 0.0f;     ///< Angstrom^2
  float k_num[7] = {};  ///< ewald_k's numerator times beta^3: beta^3 K(s) without a multiply

  LjCoulLongTermOn() = default;
  /// The same factors and parameters for another lane width.
  template <class W>
  explicit LjCoulLongTermOn(const LjCoulLongTermOn<W>& o)
      : factors(o.factors), beta(o.beta), beta2(o.beta2), rc2(o.rc2) {
    for (int k = 0; k < 7; ++k) k_num[k] = o.k_num[k];
  }

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
    V q, c12x12, c6x6;  // each i-slot's factors in its four lanes; LJ factors times 12 and 6
    bool lj;            // false: no i-slot has LJ (hydrogens only), so the row skips it
  };
  using Pre = V;  // 1 / r
  // Started a row ahead: the row's chain (1/r, the Ewald factor's two polynomials and their
  // quotient) is long, and overlapping it with the previous row's sums gained 2.5 % with AVX2's
  // 16 registers and 7 % with AVX-512's 32 (docs/PERFORMANCE.md; with the earlier erfc form and
  // LJ in every row, 16 registers were too few and it lost 6 %).
  static constexpr bool kPipelined = true;
  MDB_SIMD_INLINE IRow i_row(int si) const {
    const int p = 8 * (si / 4) + si % 4;
    bool lj = false;
    for (int a = 0; a < L::kIAtoms; ++a) {
      lj = lj || factors.c12[p + a] != 0.0f || factors.c6[p + a] != 0.0f;
    }
    return {L::i_values(factors.q, si), 12.0f * L::i_values(factors.c12, si),
            6.0f * L::i_values(factors.c6, si), lj};
  }
  MDB_SIMD_INLINE Pre pre(V r2) const { return simd::rsqrt(r2); }
  template <bool kEnergy>
  MDB_SIMD_INLINE V term(const IRow& row, int cj, typename L::Mask listed, V r2, Pre rinv,
                         V& e) const {
    const V qq = row.q * L::j_values(factors.q, cj);
    const typename L::Mask in = L::within(listed, r2, V{} + rc2);
    const V r2inv = rinv * rinv;
    const V s = beta2 * r2;
    V fr = qq * (rinv * r2inv - simd::ewald_k_scaled(s, k_num));
    if constexpr (kEnergy) e = simd::keep(in, qq * (rinv - beta * simd::ewald_g(s)));
    if (row.lj) {
      const V c12x12 = row.c12x12 * L::j_values(factors.c12, cj);
      const V c6x6 = row.c6x6 * L::j_values(factors.c6, cj);
      const V r6inv = r2inv * r2inv * r2inv;
      fr += r6inv * (c12x12 * r6inv - c6x6) * r2inv;
      if constexpr (kEnergy) {
        e += simd::keep(in, r6inv * ((1.0f / 12.0f) * c12x12 * r6inv - (1.0f / 6.0f) * c6x6));
      }
    }
    return simd::keep(in, fr);
  }
};

/// The 2 x 4 kernel's term (the water model keeps one and makes the 4 x 4 kernel's from it).
using LjCoulLongTerm = LjCoulLongTermOn<simd::Float8>;

/// Runtime flags -> compile-time instantiation (no virial: the caller takes it from the
/// slots), on a 2 x 4 list, or on a 4 x 4 list where the build has AVX-512 (the term made for
/// sixteen lanes from `term`). Throws std::logic_error on another list.
inline PairSums pair_forces_cluster_coul_long_mixed(const ClusterPairView& v, int g_begin,
                                                    int g_end, const LjCoulLongTerm& term,
                                                    bool energy, MixedClusterArrays pos,
                                                    MixedClusterArrays jf, double* fx, double* fy,
                                                    double* fz) {
#if defined(__AVX512F__)
  if (v.i_atoms_per_row == 4) {
    const LjCoulLongTermOn<simd::Float16> term16(term);
    if (energy) {
      return pair_forces_cluster_mixed_4x4<true>(v, g_begin, g_end, term16, pos, jf, fx, fy, fz);
    }
    return pair_forces_cluster_mixed_4x4<false>(v, g_begin, g_end, term16, pos, jf, fx, fy, fz);
  }
#endif
  check_two_i_atoms_per_row(v);
  if (energy) return pair_forces_cluster_mixed<true>(v, g_begin, g_end, term, pos, jf, fx, fy, fz);
  return pair_forces_cluster_mixed<false>(v, g_begin, g_end, term, pos, jf, fx, fy, fz);
}

}  // namespace mdb
