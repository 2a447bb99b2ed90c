#pragma once
// The mixed-precision SIMD force loop on a 4 x 4 cluster pair list, for CPUs with AVX-512: an
// i-cluster's four atoms against a j-cluster's four in one 16-lane vector (lane 4 a + b: i-atom
// a, j-slot b; GROMACS's 4xM layout), pair arithmetic in float, force totals and energy in
// double, as the 2 x 4 kernel (pair_cluster_mixed_loop.hpp) whose rounding notes hold here too.
//
// Why this layout where the CPU has AVX-512: a row's index, mask, j-loads and j-force update are
// shared by four i-atoms instead of two, and the j-force partial sums hold each cluster four
// times (j_sum_copies), so a row adds its sixteen lanes into them as they are, with no fold.
// A 4 x 4 row keeps every lane of its i-cluster, where the 2 x 4 list drops the half-rows with
// no pair (1.27 times the lanes on lj-melt), and still the kernel took 0.75 of the 2 x 4
// kernel's time on an Intel Xeon with AVX-512 and 0.61 on an AMD Zen 5 (docs/PEERS.md,
// bench/cluster_shape_probe.cpp). Unmeasured on CPUs that split 512-bit operations in two (AMD
// Zen 4).
//
// The separations are taken j minus i, so a row's products are the forces on its j-atoms, added
// to the partial sums with the sums as the add's memory operand; the i-forces are their negated
// sum.
#include <cstddef>
#include <cstdint>

#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/pair_cluster_mixed_loop.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"
#include "kernels/cpu/simd_avx512.hpp"

namespace mdb {

#if defined(__AVX512F__)

/// The rows of i-clusters [c_begin, c_end) of a 4 x 4 list with the pair term `term`
/// (LjTableTerm or LjCoulLongTerm on Float16): i-forces written to fx/fy/fz (per slot, double;
/// every slot of the clusters, so the caller need not clear them), j-forces added to `jf`, whose
/// arrays hold each cluster four times (zeroed by the caller, read by add_cluster_j_forces with
/// four copies); positions `pos` as pack_cluster_positions lays them out. The energy returned when
/// asked; no virial, as in pair_forces_cluster_mixed.
template <bool kEnergy, class Term>
PairSums pair_forces_cluster_mixed_4x4(const ClusterPairView& v, int c_begin, int c_end,
                                       const Term& term, MixedClusterArrays pos,
                                       MixedClusterArrays jf, double* fx, double* fy, double* fz) {
  using F16 = simd::Float16;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_assert(kC == 4, "the kernel evaluates a 4-atom i-cluster against a 4-atom j-cluster");
  // Restrict-qualified locals, as in pair_forces_cluster: no reloads per row.
  const float* __restrict x = pos.x;
  const float* __restrict y = pos.y;
  const float* __restrict z = pos.z;
  float* __restrict jx = jf.x;
  float* __restrict jy = jf.y;
  float* __restrict jz = jf.z;
  const std::int64_t* __restrict row_offsets = v.row_offsets;
  const int* __restrict row_cluster = v.row_cluster;
  const std::uint16_t* __restrict row_mask = v.row_mask;
  const F16 one = F16{} + 1.0f;
  PairSums out;
  double* const f_out[3] = {fx, fy, fz};
  for (int c = c_begin; c < c_end; ++c) {
    const std::int64_t k_begin = row_offsets[c], k_end = row_offsets[c + 1];
    const int si = kC * c;
    if (k_begin == k_end) {
      for (double* f : f_out) f[si] = f[si + 1] = f[si + 2] = f[si + 3] = 0.0;
      continue;
    }
    using L = simd::Lanes<F16>;
    const F16 xi = L::i_values(x, si), yi = L::i_values(y, si), zi = L::i_values(z, si);
    const typename Term::IRow irow = term.i_row(si);
    F16 fix{}, fiy{}, fiz{};
    F16 e_acc{};
    // Software-pipelined by one row, as the 2 x 4 kernel: the next row's separations and 1/r^2
    // start while this row's forces are summed. Lanes off in the mask (padding far away, an atom
    // against itself) take r^2 = 1 for the division.
    struct Row {
      int cj;
      simd::Mask16 listed;
      F16 dx, dy, dz, r2, pre;
    };
    auto start_row = [&](std::int64_t k) {
      Row r;
      r.cj = row_cluster[k];
      r.listed = simd::mask16(row_mask[k]);
      r.dx = L::j_values(x, r.cj) - xi;
      r.dy = L::j_values(y, r.cj) - yi;
      r.dz = L::j_values(z, r.cj) - zi;
      r.r2 = r.dx * r.dx + r.dy * r.dy + r.dz * r.dz;
      r.pre = term.pre(simd::select(r.listed, one, r.r2));
      return r;
    };
    auto sum_row = [&](const Row& r) {
      const std::ptrdiff_t pq = static_cast<std::ptrdiff_t>(4 * kC) * r.cj;
      F16 e{};
      const F16 fr = term.template term<kEnergy>(irow, r.cj, r.listed, r.r2, r.pre, e);
      const F16 fxj = r.dx * fr, fyj = r.dy * fr, fzj = r.dz * fr;
      fix += fxj;
      fiy += fyj;
      fiz += fzj;
      simd::store(jx + pq, fxj + simd::load<F16>(jx + pq));
      simd::store(jy + pq, fyj + simd::load<F16>(jy + pq));
      simd::store(jz + pq, fzj + simd::load<F16>(jz + pq));
      if constexpr (kEnergy) e_acc += e;
    };
    Row cur = start_row(k_begin);
    for (std::int64_t k = k_begin; k < k_end; ++k) {
      const Row next = start_row(k + 1);
      sum_row(cur);
      cur = next;
    }
    const F16* const acc[3] = {&fix, &fiy, &fiz};
    for (int a = 0; a < 3; ++a) {
      for (int l = 0; l < 4; ++l) f_out[a][si + l] = -simd::sum_quarter(*acc[a], l);
    }
    if constexpr (kEnergy) {
      out.energy += (simd::sum_quarter(e_acc, 0) + simd::sum_quarter(e_acc, 1)) +
                    (simd::sum_quarter(e_acc, 2) + simd::sum_quarter(e_acc, 3));
    }
  }
  return out;
}

#endif  // __AVX512F__

/// LJ from a species table over a mixed list, the kernel picked by the list's rows: this file's
/// on a 4 x 4 list (where the build has AVX-512), pair_forces_cluster_mixed on a 2 x 4 one;
/// runtime flags -> compile-time instantiation (dispatch_pair_flags; no virial). Throws
/// std::logic_error on another list.
inline PairSums pair_forces_cluster_mixed_lj(const ClusterPairView& v, int g_begin, int g_end,
                                             const LjPair<float>* table, int n_species, bool energy,
                                             MixedClusterArrays pos, MixedClusterArrays jf,
                                             double* fx, double* fy, double* fz) {
#if defined(__AVX512F__)
  if (v.i_atoms_per_row == 4) {
    return dispatch_pair_flags(energy, false, n_species == 1, [&]<bool E, bool, bool S>() {
      return pair_forces_cluster_mixed_4x4<E>(
          v, g_begin, g_end, LjTableTerm<S, simd::Float16>(table, n_species, v.species), pos, jf,
          fx, fy, fz);
    });
  }
#endif
  return pair_forces_cluster_mixed_dispatch(v, g_begin, g_end, table, n_species, energy, pos, jf,
                                            fx, fy, fz);
}

}  // namespace mdb
