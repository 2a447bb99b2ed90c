#pragma once
// The mixed-precision SIMD force loop on a cluster pair list: pair arithmetic in float, eight
// pairs per instruction (one i-atom against two listed j-clusters); positions, the force arrays
// and the energy and virial totals in double.
//
// Where rounding enters: a pair's separation is formed in double and then rounded to float, so
// it is float-accurate whatever the box size (absolute float coordinates would lose ~1e-6 of a
// 30-sigma box). The j-forces of each row go to the double arrays at once; an i-atom's force,
// energy and virial are summed in float over its own row list (a few dozen pairs) and then in
// double.
#include <cstdint>

#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/pair_cluster_loop.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"
#include "kernels/cpu/simd_pack.hpp"

namespace mdb {

/// The double kernel's contract (pair_forces_cluster) with float pair arithmetic.
template <bool kEnergy, bool kVirial, bool kSingleSpecies>
PairSums pair_forces_cluster_mixed(const ClusterPairView& v, int s_begin, int s_end,
                                   const LjPair<float>* table, int n_species, double* fx,
                                   double* fy, double* fz) {
  using F8 = simd::Float8;
  using D4 = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  static_assert(kC == 4, "the kernel evaluates one i-atom against two 4-atom j-clusters");
  // Restrict-qualified locals, as in pair_forces_cluster: no reloads per row.
  const double* __restrict x = v.x;
  const double* __restrict y = v.y;
  const double* __restrict z = v.z;
  const std::int64_t* __restrict row_offsets = v.row_offsets;
  const int* __restrict row_cluster = v.row_cluster;
  const std::uint8_t* __restrict row_mask = v.row_mask;
  const LjPair<F8> single = kSingleSpecies ? broadcast_pair<F8>(table[0]) : LjPair<F8>{};
  PairSums out;
  auto sum8 = [](F8 partial) {
    return simd::sum(simd::widen(simd::low_half(partial)) + simd::widen(simd::high_half(partial)));
  };
  for (int si = s_begin; si < s_end; ++si) {
    const std::int64_t k_begin = row_offsets[si], k_end = row_offsets[si + 1];
    if (k_begin == k_end) continue;
    const double xi = x[si], yi = y[si], zi = z[si];
    const LjPair<float>* row = table + (kSingleSpecies ? 0 : v.species[si] * n_species);
    F8 fix{}, fiy{}, fiz{};
    F8 e_acc{}, wxx{}, wyy{}, wzz{}, wxy{}, wxz{}, wyz{};
    // Two rows per vector; an odd last row is paired with itself under an empty mask.
    for (std::int64_t k = k_begin; k < k_end; k += 2) {
      const bool two = k + 1 < k_end;
      const int sj0 = row_cluster[k] * kC;
      const int sj1 = two ? row_cluster[k + 1] * kC : sj0;
      const unsigned bits = row_mask[k] | (two ? unsigned{row_mask[k + 1]} << 4 : 0u);
      auto separation = [&](double c, const double* p) {
        return simd::join(simd::narrow(c - simd::load<D4>(p + sj0)),
                          simd::narrow(c - simd::load<D4>(p + sj1)));
      };
      const F8 dx = separation(xi, x), dy = separation(yi, y), dz = separation(zi, z);
      const F8 r2 = dx * dx + dy * dy + dz * dz;
      auto term = [&](const LjPair<F8>& p) {
        const simd::Mask8 in = simd::lane_mask8(bits) & (r2 < p.rc2);
        // Off lanes (padding far away, an atom against itself) get a harmless r2, so no
        // denormal or infinite intermediate slows the lane down or raises a flag.
        const F8 r2inv = 1 / (in ? r2 : F8{} + 1.0f);
        const F8 fr = simd::keep(in, p.f_over_r_from_inverse(r2inv));
        const F8 fxp = dx * fr, fyp = dy * fr, fzp = dz * fr;
        fix += fxp;
        fiy += fyp;
        fiz += fzp;
        auto add_j = [&](double* f, F8 part) {
          simd::store(f + sj0, simd::load<D4>(f + sj0) - simd::widen(simd::low_half(part)));
          simd::store(f + sj1, simd::load<D4>(f + sj1) - simd::widen(simd::high_half(part)));
        };
        add_j(fx, fxp);
        add_j(fy, fyp);
        add_j(fz, fzp);
        if constexpr (kEnergy) e_acc += simd::keep(in, p.energy_from_inverse(r2inv));
        if constexpr (kVirial) {
          wxx += dx * fxp;
          wyy += dy * fyp;
          wzz += dz * fzp;
          wxy += dx * fyp;
          wxz += dx * fzp;
          wyz += dy * fzp;
        }
      };
      if constexpr (kSingleSpecies) {
        term(single);
      } else {
        term(pair_lanes<F8>(row, v.species + sj0, v.species + sj1));
      }
    }
    fx[si] += sum8(fix);
    fy[si] += sum8(fiy);
    fz[si] += sum8(fiz);
    if constexpr (kEnergy) out.energy += sum8(e_acc);
    if constexpr (kVirial) {
      out.virial[0] += sum8(wxx);
      out.virial[1] += sum8(wyy);
      out.virial[2] += sum8(wzz);
      out.virial[3] += sum8(wxy);
      out.virial[4] += sum8(wxz);
      out.virial[5] += sum8(wyz);
    }
  }
  return out;
}

/// Runtime flags -> compile-time instantiation (dispatch_pair_flags).
inline PairSums pair_forces_cluster_mixed_dispatch(const ClusterPairView& v, int s_begin, int s_end,
                                                   const LjPair<float>* table, int n_species,
                                                   bool energy, bool virial, double* fx, double* fy,
                                                   double* fz) {
  return dispatch_pair_flags(energy, virial, n_species == 1, [&]<bool E, bool W, bool S>() {
    return pair_forces_cluster_mixed<E, W, S>(v, s_begin, s_end, table, n_species, fx, fy, fz);
  });
}

}  // namespace mdb
