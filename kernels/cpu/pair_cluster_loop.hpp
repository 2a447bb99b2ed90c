#pragma once
// The SIMD force loop for pair potentials on a cluster pair list (double precision): each i-atom
// is evaluated against each listed j-cluster, loaded as one vector per axis, four pairs per
// instruction. The cut-off and the list's interaction mask become a lane mask (no branch per
// pair); i-forces stay in three registers over the atom's row list and j-forces are added to
// the packed arrays once per row.
//
// Why rows of one i-atom rather than nbnxm's 4 x 4 blocks: at LJ densities a 4-atom cluster is
// two-thirds of the cutoff wide, and in 41 % of the 4 x 4 blocks of an LJ melt an i-atom has no
// pair with the j-cluster at all; listing rows skips those, and twelve i-accumulators no longer
// spill out of the sixteen AVX2 registers. Measured: docs/PERFORMANCE.md.
#include <cstdint>
#include <stdexcept>

#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"
#include "kernels/cpu/simd_pack.hpp"

namespace mdb {

// GCC 12 at -O3 reports the lanes of a vector set one by one here as maybe used uninitialised
// (seen in an x86-64-v3 build of the float 2 x 4 kernel's multi-species term, whose every lane
// is set before use), even when the vector starts zeroed: a false positive, silenced here only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
/// Lane l of a vector evaluator set to one pair's parameters (the multi-species paths).
template <class V, class Real>
MDB_SIMD_INLINE void set_pair_lane(LjPair<V>& p, int l, const LjPair<Real>& q) {
  p.lj1[l] = q.lj1;
  p.lj2[l] = q.lj2;
  p.lj3[l] = q.lj3;
  p.lj4[l] = q.lj4;
  p.rc2[l] = q.rc2;
  p.eshift[l] = q.eshift;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// The evaluator for the lanes of a vector V of pairs: lanes 0-3 an i-atom of species row
/// `row_lo` against j-atoms of species `tj_lo`, lanes 4-7 (an 8-lane V) one of row `row_hi`
/// against `tj_hi`. The multi-species path; one species uses the table's only entry.
template <class V, class Real>
MDB_SIMD_INLINE LjPair<V> pair_lanes(const LjPair<Real>* row_lo, const int* tj_lo,
                                     const LjPair<Real>* row_hi, const int* tj_hi) {
  constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(Real));
  LjPair<V> p;
  auto set = [&p](int l, const LjPair<Real>& q) { set_pair_lane(p, l, q); };
  // Two loops, not one with `(l < 4 ? tj_lo : tj_hi)[l % 4]`: GCC 12 with -fsanitize=undefined
  // (shift or signed-integer-overflow) miscompiles that select and fills lanes 4-5 from tj_lo.
  for (int l = 0; l < 4; ++l) set(l, row_lo[tj_lo[l]]);
  for (int l = 4; l < kLanes; ++l) set(l, row_hi[tj_hi[l - 4]]);
  return p;
}

/// One pair's parameters in every lane (the one-species path, hoisted out of the row loop).
template <class V, class Real>
MDB_SIMD_INLINE LjPair<V> broadcast_pair(const LjPair<Real>& q) {
  LjPair<V> p;
  p.lj1 = V{} + q.lj1;
  p.lj2 = V{} + q.lj2;
  p.lj3 = V{} + q.lj3;
  p.lj4 = V{} + q.lj4;
  p.rc2 = V{} + q.rc2;
  p.eshift = V{} + q.eshift;
  return p;
}

/// Accumulates the forces of the i-slots [s_begin, s_end) into the packed force arrays fx/fy/fz
/// (one entry per slot, zeroed by the caller) and returns the energy when asked. The pair
/// arithmetic is the scalar evaluator's own formula (LjPair::f_over_r) on four lanes, so forces
/// equal the half-list loop's to rounding in the order of summation. No virial: the caller takes
/// it as the sum of x f over the packed slots once the forces are in: one pass instead of
/// twelve operations per row (measured: the energy-and-virial kernel took 1.63x the plain one).
template <bool kEnergy, bool kSingleSpecies>
PairSums pair_forces_cluster(const ClusterPairView& v, int s_begin, int s_end,
                             const LjPair<double>* table, int n_species, double* fx, double* fy,
                             double* fz) {
  using V = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_assert(kC == 4, "the kernel evaluates one i-atom against a 4-atom j-cluster per vector");
  // Everything the row loop reads goes into restrict-qualified locals: the j-force stores go
  // through memcpy, which may alias anything, and would otherwise make the compiler reload the
  // list's pointers and the pair parameters on every row (measured: 5-10 % of the kernel).
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  const std::int64_t* __restrict row_offsets = v.row_offsets;
  const int* __restrict row_cluster = v.row_cluster;
  const std::uint16_t* __restrict row_mask = v.row_mask;
  const LjPair<V> single = kSingleSpecies ? broadcast_pair<V>(table[0]) : LjPair<V>{};
  V e_acc{};
  for (int si = s_begin; si < s_end; ++si) {
    const std::int64_t k_begin = row_offsets[si], k_end = row_offsets[si + 1];
    if (k_begin == k_end) continue;
    const double xi = x[si], yi = y[si], zi = z[si];
    const LjPair<double>* row = table + (kSingleSpecies ? 0 : v.species[si] * n_species);
    V fix{}, fiy{}, fiz{};
    // Software-pipelined by one row: the next row's separations and 1/r^2 (the division's
    // latency) start while this row's forces are summed, so fewer operations wait in the
    // scheduler for their inputs (measured: docs/PERFORMANCE.md). The list keeps a row past
    // its last, so reading ahead stays inside it.
    struct Row {
      std::size_t sj;
      V dx, dy, dz, r2, r2inv;
    };
    auto start_row = [&](std::int64_t k) {
      Row r;
      r.sj = static_cast<std::size_t>(static_cast<unsigned>(row_cluster[k])) * kC;
      r.dx = xi - simd::load<V>(x + r.sj);
      r.dy = yi - simd::load<V>(y + r.sj);
      r.dz = zi - simd::load<V>(z + r.sj);
      r.r2 = r.dx * r.dx + r.dy * r.dy + r.dz * r.dz;
      r.r2inv = 1 / r.r2;
      return r;
    };
    Row cur = start_row(k_begin);
    for (std::int64_t k = k_begin; k < k_end; ++k) {
      const Row next = start_row(k + 1);
      const std::size_t sj = cur.sj;
      auto term = [&](const LjPair<V>& p) {
        const simd::Mask4 in =
            simd::lane_mask4(static_cast<std::uint8_t>(row_mask[k])) & (cur.r2 < p.rc2);
        const V fr = simd::keep(in, p.f_over_r_from_inverse(cur.r2inv));
        fix += cur.dx * fr;
        fiy += cur.dy * fr;
        fiz += cur.dz * fr;
        simd::store(fx + sj, simd::load<V>(fx + sj) - cur.dx * fr);
        simd::store(fy + sj, simd::load<V>(fy + sj) - cur.dy * fr);
        simd::store(fz + sj, simd::load<V>(fz + sj) - cur.dz * fr);
        if constexpr (kEnergy) e_acc += simd::keep(in, p.energy_from_inverse(cur.r2inv));
      };
      if constexpr (kSingleSpecies) {
        term(single);
      } else {
        term(pair_lanes<V>(row, v.species + sj, row, v.species + sj));
      }
      cur = next;
    }
    fx[si] += simd::sum(fix);
    fy[si] += simd::sum(fiy);
    fz[si] += simd::sum(fiz);
  }
  PairSums out;
  out.energy = simd::sum(e_acc);
  return out;
}

/// Runtime flags -> compile-time instantiation (dispatch_pair_flags; the virial is never
/// computed here, see pair_forces_cluster).
inline PairSums pair_forces_cluster_dispatch(const ClusterPairView& v, int s_begin, int s_end,
                                             const LjPair<double>* table, int n_species,
                                             bool energy, double* fx, double* fy, double* fz) {
  if (v.i_atoms_per_row != 1) {
    throw std::logic_error("pair_forces_cluster: needs a list of one i-atom per row (Cluster)");
  }
  return dispatch_pair_flags(energy, false, n_species == 1, [&]<bool E, bool, bool S>() {
    return pair_forces_cluster<E, S>(v, s_begin, s_end, table, n_species, fx, fy, fz);
  });
}

}  // namespace mdb
