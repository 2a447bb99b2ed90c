#pragma once
// The CPU force loop for LJ + Ewald real-space Coulomb on a half list. Its pair term costs an
// erfc, an exp and a square root, which the scalar loop (pair_half_loop.hpp) evaluates one pair
// at a time; here each row goes in three passes: gather the pairs inside the cut-off with their
// parameters into short arrays, evaluate the term over the arrays (a loop GCC vectorises with
// glibc's vector erfc and exp when the including file is built with -ffast-math), then scatter
// the forces. The pair term is lj_coul_long_terms, the scalar evaluator's own.
#include <cstddef>

#include "kernels/common/neighbor_view.hpp"
#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"

namespace mdb {

/// Per-thread arrays for one row's pairs: room for `capacity` pairs each (the longest row).
struct CoulLongRowScratch {
  double* dx;
  double* dy;
  double* dz;
  double* r2;
  double* lj1;
  double* lj2;
  double* lj3;
  double* lj4;
  double* qq;
  double* f_over_r;
  double* energy;
  int* j;
};

/// The pair term over one row's gathered pairs: f_over_r and energy per pair. A function of its
/// own so that its restrict parameters tell GCC the arrays are apart (it then vectorises).
inline void coul_long_row_terms(int n, const double* __restrict r2, const double* __restrict lj1,
                                const double* __restrict lj2, const double* __restrict lj3,
                                const double* __restrict lj4, const double* __restrict qq,
                                double beta, double* __restrict f_over_r,
                                double* __restrict energy) {
  for (int k = 0; k < n; ++k) {
    double e;
    f_over_r[k] = lj_coul_long_terms(r2[k], lj1[k], lj2[k], lj3[k], lj4[k], qq[k], beta, e);
    energy[k] = e;
  }
}

/// Accumulates the pairs of local atoms [i_begin, i_end) into the extended force arrays and
/// returns their energy and virial when asked; `table[ti * n_species + tj]` (one beta for all).
template <bool kEnergy, bool kVirial>
PairSums pair_forces_coul_long_half(const NeighborView& nl, int i_begin, int i_end,
                                    const LjCoulLongPair* table, int n_species,
                                    const CoulLongRowScratch& row, double* fx, double* fy,
                                    double* fz) {
  const double* __restrict x = nl.x;
  const double* __restrict y = nl.y;
  const double* __restrict z = nl.z;
  const int* __restrict species = nl.species;
  const double beta = table[0].beta;
  const double rc2 = table[0].rc2;
  double* __restrict dx = row.dx;
  double* __restrict dy = row.dy;
  double* __restrict dz = row.dz;
  double* __restrict r2 = row.r2;
  double* __restrict lj1 = row.lj1;
  double* __restrict lj2 = row.lj2;
  double* __restrict lj3 = row.lj3;
  double* __restrict lj4 = row.lj4;
  double* __restrict qq = row.qq;
  double* __restrict fr = row.f_over_r;
  double* __restrict en = row.energy;
  int* __restrict jj = row.j;
  PairSums out;
  for (int i = i_begin; i < i_end; ++i) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const LjCoulLongPair* prow = table + species[i] * n_species;
    int n = 0;
    for (auto k = nl.offsets[i]; k < nl.offsets[i + 1]; ++k) {
      const int j = nl.neighbors[k];
      const double ddx = xi - x[j], ddy = yi - y[j], ddz = zi - z[j];
      const double rr = ddx * ddx + ddy * ddy + ddz * ddz;
      if (rr >= rc2) continue;
      const LjCoulLongPair& p = prow[species[j]];
      dx[n] = ddx;
      dy[n] = ddy;
      dz[n] = ddz;
      r2[n] = rr;
      lj1[n] = p.lj1;
      lj2[n] = p.lj2;
      lj3[n] = p.lj3;
      lj4[n] = p.lj4;
      qq[n] = p.qq;
      jj[n] = j;
      ++n;
    }
    double ei = 0.0;
    coul_long_row_terms(n, r2, lj1, lj2, lj3, lj4, qq, beta, fr, en);
    if constexpr (kEnergy) {
      for (int k = 0; k < n; ++k) ei += en[k];
      out.energy += ei;
    }
    double fxi = 0, fyi = 0, fzi = 0;
    double wxx = 0, wyy = 0, wzz = 0, wxy = 0, wxz = 0, wyz = 0;
    for (int k = 0; k < n; ++k) {
      const double fxp = dx[k] * fr[k], fyp = dy[k] * fr[k], fzp = dz[k] * fr[k];
      fxi += fxp;
      fyi += fyp;
      fzi += fzp;
      fx[jj[k]] -= fxp;
      fy[jj[k]] -= fyp;
      fz[jj[k]] -= fzp;
      if constexpr (kVirial) {
        wxx += dx[k] * fxp;
        wyy += dy[k] * fyp;
        wzz += dz[k] * fzp;
        wxy += dx[k] * fyp;
        wxz += dx[k] * fzp;
        wyz += dy[k] * fzp;
      }
    }
    fx[i] += fxi;
    fy[i] += fyi;
    fz[i] += fzi;
    if constexpr (kVirial) {
      out.virial[0] += wxx;
      out.virial[1] += wyy;
      out.virial[2] += wzz;
      out.virial[3] += wxy;
      out.virial[4] += wxz;
      out.virial[5] += wyz;
    }
  }
  return out;
}

/// Runtime flags -> compile-time instantiation.
inline PairSums pair_forces_coul_long_half_dispatch(const NeighborView& nl, int i_begin, int i_end,
                                                    const LjCoulLongPair* table, int n_species,
                                                    const CoulLongRowScratch& row, bool energy,
                                                    bool virial, double* fx, double* fy,
                                                    double* fz) {
  return dispatch_pair_flags(energy, virial, false, [&]<bool E, bool W, bool>() {
    return pair_forces_coul_long_half<E, W>(nl, i_begin, i_end, table, n_species, row, fx, fy, fz);
  });
}

}  // namespace mdb
