#pragma once
// The mixed-precision SIMD force loop on a 2 x 4 cluster pair list: pair arithmetic in float,
// eight pairs per instruction (two i-atoms against one j-cluster, GROMACS's "2xMM" layout); the
// force totals and energy in double (the caller takes the virial from the per-slot forces). The
// same loop in double on eight 512-bit lanes is the `cpu` rows' kernel on CPUs that gain from it
// (double_row_choice.hpp); there nothing is rounded to float.
//
// Why this layout: the j-cluster's coordinates and j-force partial sums are kept twice per
// cluster (eight values per axis, ClusterArrays), so a row loads, subtracts and stores whole
// 8-lane vectors with no lane-crossing shuffle or float/double conversion in the loop; those cost
// more than float's halved arithmetic saved in the earlier one-i-atom, two-j-cluster loop.
// Measured: docs/PERFORMANCE.md.
//
// Where rounding enters: positions are rounded to float relative to an origin the caller picks
// (the box centre), so a separation carries an error of about |x - origin| * 2^-24 (for a ghost
// up to half the box plus the list range) on top of float arithmetic, as in GROMACS's and LAMMPS's
// mixed modes. An i-atom's force and energy are summed in float over its own rows and then in
// double; a j-slot's force is summed in float over the rows that name it (each about as many
// pairs as an i-atom's rows), its copies added in float, and then in double by
// add_cluster_j_forces.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/mixed_lanes.hpp"
#include "kernels/cpu/pair_cluster_loop.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"
#include "kernels/cpu/simd_pack.hpp"

namespace mdb {

/// Per-cluster arrays with each cluster's four values stored twice: entry 8 c + 4 h + l is
/// slot 4 c + l for both halves h. Positions (x, y, z) or j-force partial sums (fx, fy, fz) of
/// the 2 x 4 kernel (float, or double on eight lanes); `n_slots` is the packed list's slot count,
/// so each array holds 2 n_slots. (The 4 x 4 kernel's j-sums hold each cluster four times: entry
/// 16 c + 4 h + l, h < 4.)
template <class Real>
struct ClusterArrays {
  Real* x = nullptr;
  Real* y = nullptr;
  Real* z = nullptr;
};
using MixedClusterArrays = ClusterArrays<float>;

/// Slots of clusters [c_begin, c_end) relative to `origin` (x, y, z), rounded to Real, and
/// stored twice (ClusterArrays). A cluster's four slots are one vector per axis.
template <class Real>
void pack_cluster_positions(const ClusterPairView& v, const double* origin, int c_begin, int c_end,
                            ClusterArrays<Real> out) {
  using D4 = simd::Double4;
  using F4 = simd::Float4;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_assert(kC == 4, "a cluster's slots are one Double4 per axis");
  const double* in[3] = {v.x, v.y, v.z};
  Real* to[3] = {out.x, out.y, out.z};
  for (int a = 0; a < 3; ++a) {
    const double* __restrict p = in[a];
    Real* __restrict q = to[a];
    const double o = origin[a];
    for (int c = c_begin; c < c_end; ++c) {
      const D4 d = simd::load<D4>(p + kC * c) - o;
      if constexpr (std::is_same_v<Real, float>) {
        const F4 f = __builtin_convertvector(d, F4);
        simd::store(q + 2 * kC * c, f);
        simd::store(q + 2 * kC * c + kC, f);
      } else {
        simd::store(q + 2 * kC * c, d);
        simd::store(q + 2 * kC * c + kC, d);
      }
    }
  }
}

/// How many copies of each cluster a kernel's j-force partial sums hold: two for the 2 x 4
/// kernel here (its eight lanes), four for the 4 x 4 kernel's sixteen
/// (pair_cluster_mixed_4x4_loop.hpp). Each array then holds copies x n_slots values.
constexpr int j_sum_copies(int i_atoms_per_row) {
  return i_atoms_per_row == 4 ? 4 : 2;
}

/// sum[a] += cluster c's j-force partial sums, from arrays holding each cluster `copies` times
/// (2 or 4, j_sum_copies): the copies added in float, the total in double. Whole vectors of
/// copies loaded and added across their halves, where a load and a conversion per copy made
/// lj-ar's 256-atom step 15-23 % longer (docs/PERFORMANCE_HISTORY.md).
MDB_SIMD_INLINE void add_cluster_j_forces(MixedClusterArrays jf, int c, int copies,
                                          ClusterForce& sum) {
  using D4 = simd::Double4;
  using F8 = simd::Float8;
  constexpr int kC = ClusterPairView::kClusterSize;
  const float* const from[3] = {jf.x, jf.y, jf.z};
  for (int a = 0; a < 3; ++a) {
    const float* const p = from[a] + static_cast<std::ptrdiff_t>(copies * kC) * c;
    F8 h;
    if (copies == 4) {
#if defined(__AVX512F__)
      // One 64-byte load and its halves added (two 32-byte loads measured 1-4 % slower).
      using F16 = float __attribute__((vector_size(64)));
      const F16 q = simd::load<F16>(p);
      h = __builtin_shufflevector(q, q, 0, 1, 2, 3, 4, 5, 6, 7) +
          __builtin_shufflevector(q, q, 8, 9, 10, 11, 12, 13, 14, 15);
#else
      h = simd::load<F8>(p) + simd::load<F8>(p + 2 * kC);
#endif
    } else {
      h = simd::load<F8>(p);
    }
    sum[a] += __builtin_convertvector(simd::low_half(h) + simd::high_half(h), D4);
  }
}
/// The same for the double kernel's partial sums, which hold each cluster twice: `copies` is 2
/// (PackedClusterPass<double> refuses other lists).
MDB_SIMD_INLINE void add_cluster_j_forces(ClusterArrays<double> jf, int c, int copies,
                                          ClusterForce& sum) {
  using D4 = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_cast<void>(copies);
  const double* const from[3] = {jf.x, jf.y, jf.z};
  for (int a = 0; a < 3; ++a) {
    const double* const p = from[a] + static_cast<std::ptrdiff_t>(2 * kC) * c;
    sum[a] += simd::load<D4>(p) + simd::load<D4>(p + kC);
  }
}

/// The Lennard-Jones term on V's lanes (Float8 here; Float16 for the 4 x 4 kernel; Double8 for
/// LennardJones<double> on 2 x 4 rows; simd::Lanes): each lane's parameters from a species table
/// (or one pair for all, kSingleSpecies). A Term of pair_forces_cluster_mixed (and of the 4 x 4
/// kernel) supplies
///   Vec                       its lanes' type V,
///   IRow i_row(si)            what a row group's i-atoms (slots si, si + 1, ...) need,
///   Pre pre(r2)               what may start a row early (r2 > 0 in every lane),
///   kPipelined                whether the loop starts the next row while summing this one,
///   V term<kEnergy>(IRow, cj, listed, r2, pre, e)
///                             f_over_r in the lanes listed and inside the cut-off, 0 elsewhere,
///                             and the energy into e when kEnergy.
template <bool kSingleSpecies, class V = simd::Float8>
struct LjTableTerm {
  using Vec = V;
  using Real = std::remove_cvref_t<decltype(V{}[0])>;
  using L = simd::Lanes<V>;
  const LjPair<Real>* table = nullptr;
  int n_species = 1;
  const int* species = nullptr;  ///< per slot
  LjPair<V> single{};

  LjTableTerm(const LjPair<Real>* t, int n, const int* s) : table(t), n_species(n), species(s) {
    if constexpr (kSingleSpecies) single = broadcast_pair<V>(t[0]);
  }
  struct IRow {
    const LjPair<Real>* row[L::kIAtoms];  ///< each i-atom's row of the table
  };
  using Pre = V;  // 1 / r^2: the division's latency is the row's longest
  static constexpr bool kPipelined = true;
  MDB_SIMD_INLINE IRow i_row(int si) const {
    IRow r{};
    if constexpr (!kSingleSpecies) {
      for (int a = 0; a < L::kIAtoms; ++a) r.row[a] = table + species[si + a] * n_species;
    }
    return r;
  }
  MDB_SIMD_INLINE Pre pre(V r2) const { return Real(1) / r2; }
  template <bool kEnergy>
  MDB_SIMD_INLINE V term(const IRow& row, int cj, typename L::Mask listed, V r2, Pre r2inv,
                         V& e) const {
    auto eval = [&](const LjPair<V>& p) {
      const typename L::Mask in = L::within(listed, r2, p.rc2);
      if constexpr (kEnergy) e = simd::keep(in, p.energy_from_inverse(r2inv));
      return simd::keep(in, p.f_over_r_from_inverse(r2inv));
    };
    if constexpr (kSingleSpecies) {
      return eval(single);
    } else {
      // Lane 4 a + b: i-atom a against j-slot b. Nested loops, no select between the i-atoms'
      // rows: GCC 12 under -fsanitize=undefined miscompiled such a select (pair_lanes).
      const int* tj = species + cj * ClusterPairView::kClusterSize;
      LjPair<V> p;
      for (int a = 0; a < L::kIAtoms; ++a) {
        for (int b = 0; b < ClusterPairView::kClusterSize; ++b) {
          set_pair_lane(p, 4 * a + b, row.row[a][tj[b]]);
        }
      }
      return eval(p);
    }
  }
};

/// The rows of groups [g_begin, g_end) (slot pairs 2g, 2g + 1) of a 2 x 4 list with the pair
/// term `term` (LjTableTerm above, LjCoulLongTerm in lj_coul_long_term.hpp) on its lanes
/// (Term::Vec: eight floats, or eight doubles): i-forces written to fx/fy/fz (per slot, double;
/// every slot of the groups, so the caller need not clear them), j-force partial sums added to
/// `jf` (zeroed by the caller, read by add_cluster_j_forces); the energy returned when asked. No
/// virial, as in pair_forces_cluster.
template <bool kEnergy, class Term, class Real>
PairSums pair_forces_cluster_mixed(const ClusterPairView& v, int g_begin, int g_end,
                                   const Term& term_in, ClusterArrays<Real> pos,
                                   ClusterArrays<Real> jf, double* fx, double* fy, double* fz) {
  using V = typename Term::Vec;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_assert(kC == 4, "the kernel evaluates two i-atoms against a 4-atom j-cluster");
  const Term term = term_in;  // a local copy: its constants stay in registers
  // Restrict-qualified locals, as in pair_forces_cluster: no reloads per row.
  const Real* __restrict x = pos.x;
  const Real* __restrict y = pos.y;
  const Real* __restrict z = pos.z;
  Real* __restrict jx = jf.x;
  Real* __restrict jy = jf.y;
  Real* __restrict jz = jf.z;
  const std::int64_t* __restrict row_offsets = v.row_offsets;
  const int* __restrict row_cluster = v.row_cluster;
  const std::uint16_t* __restrict row_mask = v.row_mask;
  const V one = V{} + Real(1);
  PairSums out;
  auto sum4 = [](auto h) {
    return (static_cast<double>(h[0]) + static_cast<double>(h[1])) +
           (static_cast<double>(h[2]) + static_cast<double>(h[3]));
  };
  auto sum8 = [&](V v8) { return sum4(simd::low_half(v8)) + sum4(simd::high_half(v8)); };
  for (int g = g_begin; g < g_end; ++g) {
    const std::int64_t k_begin = row_offsets[g], k_end = row_offsets[g + 1];
    const int si = 2 * g;  // the group's first slot; its cluster's packed entries start at 8 c
    if (k_begin == k_end) {
      fx[si] = fy[si] = fz[si] = fx[si + 1] = fy[si + 1] = fz[si + 1] = 0.0;
      continue;
    }
    using L = simd::Lanes<V>;
    const V xi = L::i_values(x, si), yi = L::i_values(y, si), zi = L::i_values(z, si);
    const typename Term::IRow irow = term.i_row(si);
    V fix{}, fiy{}, fiz{};
    V e_acc{};
    // Software-pipelined by one row, as pair_forces_cluster: the next row's separations and
    // the term's first step (1/r^2, 1/r) start while this row's forces are summed. Lanes off in
    // the row's mask (padding far away, an atom against itself) take r^2 = 1 there instead, so
    // no denormal or infinite intermediate slows the lane down or raises a flag; lanes beyond
    // the cutoff hold a finite r^2.
    struct Row {
      int cj;
      typename L::Mask listed;
      V dx, dy, dz, r2;
      typename Term::Pre pre;
    };
    auto start_row = [&](std::int64_t k) {
      Row r;
      r.cj = row_cluster[k];
      r.listed = L::listed(row_mask[k]);
      r.dx = xi - L::j_values(x, r.cj);
      r.dy = yi - L::j_values(y, r.cj);
      r.dz = zi - L::j_values(z, r.cj);
      r.r2 = r.dx * r.dx + r.dy * r.dy + r.dz * r.dz;
      r.pre = term.pre(L::select(r.listed, one, r.r2));
      return r;
    };
    auto sum_row = [&](const Row& r) {
      const int pj = 2 * kC * r.cj;
      V e{};
      const V fr = term.template term<kEnergy>(irow, r.cj, r.listed, r.r2, r.pre, e);
      const V fxp = r.dx * fr, fyp = r.dy * fr, fzp = r.dz * fr;
      fix += fxp;
      fiy += fyp;
      fiz += fzp;
      simd::store(jx + pj, simd::load<V>(jx + pj) - fxp);
      simd::store(jy + pj, simd::load<V>(jy + pj) - fyp);
      simd::store(jz + pj, simd::load<V>(jz + pj) - fzp);
      if constexpr (kEnergy) e_acc += e;
    };
    if constexpr (Term::kPipelined) {
      Row cur = start_row(k_begin);
      for (std::int64_t k = k_begin; k < k_end; ++k) {
        const Row next = start_row(k + 1);
        sum_row(cur);
        cur = next;
      }
    } else {
      for (std::int64_t k = k_begin; k < k_end; ++k) sum_row(start_row(k));
    }
    // In double, the six totals from two shuffle networks: the kernel alone 2-11 % faster than
    // with six scalar sums on AMD Zen 5 (the same order of additions, so the same bits; the
    // float 4 x 4 kernel's sums written so lost 3-6 %: docs/PERFORMANCE_HISTORY.md).
#if defined(__AVX512F__)
    if constexpr (std::is_same_v<Real, double>) {
      const simd::Double4 xy = simd::quarter_sums(fix, fiy), zz = simd::quarter_sums(fiz, fiz);
      fx[si] = xy[0];
      fy[si] = xy[1];
      fx[si + 1] = xy[2];
      fy[si + 1] = xy[3];
      fz[si] = zz[0];
      fz[si + 1] = zz[2];
    } else
#endif
    {
      fx[si] = sum4(simd::low_half(fix));
      fy[si] = sum4(simd::low_half(fiy));
      fz[si] = sum4(simd::low_half(fiz));
      fx[si + 1] = sum4(simd::high_half(fix));
      fy[si + 1] = sum4(simd::high_half(fiy));
      fz[si + 1] = sum4(simd::high_half(fiz));
    }
    if constexpr (kEnergy) out.energy += sum8(e_acc);
  }
  return out;
}

/// Throws std::logic_error unless `v` is a 2 x 4 list (the mixed kernels' layout).
inline void check_two_i_atoms_per_row(const ClusterPairView& v) {
  if (v.i_atoms_per_row != 2) {
    throw std::logic_error("pair_forces_cluster_mixed: needs a list of two i-atoms per row");
  }
}

/// Runtime flags -> compile-time instantiation (dispatch_pair_flags; no virial), LJ from a
/// species table: in float on eight lanes, or in double on eight 512-bit lanes (AVX-512 builds
/// only; std::logic_error elsewhere).
template <class Real>
PairSums pair_forces_cluster_mixed_dispatch(const ClusterPairView& v, int g_begin, int g_end,
                                            const LjPair<Real>* table, int n_species, bool energy,
                                            ClusterArrays<Real> pos, ClusterArrays<Real> jf,
                                            double* fx, double* fy, double* fz) {
  check_two_i_atoms_per_row(v);
  if constexpr (std::is_same_v<Real, float>) {
    return dispatch_pair_flags(energy, false, n_species == 1, [&]<bool E, bool, bool S>() {
      return pair_forces_cluster_mixed<E>(
          v, g_begin, g_end, LjTableTerm<S>(table, n_species, v.species), pos, jf, fx, fy, fz);
    });
  } else {
#if defined(__AVX512F__)
    return dispatch_pair_flags(energy, false, n_species == 1, [&]<bool E, bool, bool S>() {
      return pair_forces_cluster_mixed<E>(
          v, g_begin, g_end, LjTableTerm<S, simd::Double8>(table, n_species, v.species), pos, jf,
          fx, fy, fz);
    });
#else
    throw std::logic_error("pair_forces_cluster_mixed: double 2 x 4 rows need an AVX-512 build");
#endif
  }
}

}  // namespace mdb
