#pragma once
// The CPU force loop for pair potentials on a half neighbour list (each pair stored once, Newton's
// third law applied). Generic over the pair evaluator so every pair potential shares it.
#include "kernels/common/neighbor_view.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/pair_flags_dispatch.hpp"

namespace mdb {

/// Accumulates the forces of the pairs of local atoms [i_begin, i_end) into the extended force
/// arrays fx/fy/fz (n_local + n_ghost entries, zeroed by the caller) and returns their energy and
/// virial when asked. A thread team splits [0, n_local) into ranges, each with its own arrays.
///
/// `Table` maps a species pair to an evaluator with `rc2`, `f_over_r(r2)` and `energy(r2)`
/// (e.g. LjPair<Real>): `table[ti * n_species + tj]`. With one species the lookup is hoisted out
/// of the loop (kSingleSpecies). Positions are double; the pair arithmetic is done in Real, so
/// Real = float gives a mixed-precision path whose forces are still summed per atom in Real and
/// stored in double.
template <class Real, class Pair, bool kEnergy, bool kVirial, bool kSingleSpecies>
PairSums pair_forces_half(const NeighborView& nl, int i_begin, int i_end, const Pair* table,
                          int n_species, double* fx, double* fy, double* fz) {
  const double* __restrict x = nl.x;
  const double* __restrict y = nl.y;
  const double* __restrict z = nl.z;
  const int* __restrict species = nl.species;
  const int* __restrict nbr = nl.neighbors;
  double energy = 0.0;
  double vxx = 0.0, vyy = 0.0, vzz = 0.0, vxy = 0.0, vxz = 0.0, vyz = 0.0;
  for (int i = i_begin; i < i_end; ++i) {
    const double xi = x[i], yi = y[i], zi = z[i];
    const Pair* row = table + (kSingleSpecies ? 0 : species[i] * n_species);
    Real fxi = 0, fyi = 0, fzi = 0;
    Real ei = 0;
    Real wxx = 0, wyy = 0, wzz = 0, wxy = 0, wxz = 0, wyz = 0;
    const auto begin = nl.offsets[i], end = nl.offsets[i + 1];
    for (auto k = begin; k < end; ++k) {
      const int j = nbr[k];
      const Real dx = static_cast<Real>(xi - x[j]);
      const Real dy = static_cast<Real>(yi - y[j]);
      const Real dz = static_cast<Real>(zi - z[j]);
      const Real r2 = dx * dx + dy * dy + dz * dz;
      const Pair& p = kSingleSpecies ? row[0] : row[species[j]];
      if (r2 < p.rc2) {
        const Real fr = p.f_over_r(r2);
        const Real fxp = dx * fr, fyp = dy * fr, fzp = dz * fr;
        fxi += fxp;
        fyi += fyp;
        fzi += fzp;
        fx[j] -= fxp;
        fy[j] -= fyp;
        fz[j] -= fzp;
        if constexpr (kEnergy) ei += p.energy(r2);
        if constexpr (kVirial) {
          wxx += dx * fxp;
          wyy += dy * fyp;
          wzz += dz * fzp;
          wxy += dx * fyp;
          wxz += dx * fzp;
          wyz += dy * fzp;
        }
      }
    }
    fx[i] += fxi;
    fy[i] += fyi;
    fz[i] += fzi;
    if constexpr (kEnergy) energy += ei;
    if constexpr (kVirial) {
      vxx += wxx;
      vyy += wyy;
      vzz += wzz;
      vxy += wxy;
      vxz += wxz;
      vyz += wyz;
    }
  }
  PairSums out;
  out.energy = energy;
  out.virial[0] = vxx;
  out.virial[1] = vyy;
  out.virial[2] = vzz;
  out.virial[3] = vxy;
  out.virial[4] = vxz;
  out.virial[5] = vyz;
  return out;
}

/// Runtime flags -> compile-time instantiation (dispatch_pair_flags).
template <class Real, class Pair>
PairSums pair_forces_half_dispatch(const NeighborView& nl, int i_begin, int i_end,
                                   const Pair* table, int n_species, bool energy, bool virial,
                                   double* fx, double* fy, double* fz) {
  return dispatch_pair_flags(energy, virial, n_species == 1, [&]<bool E, bool W, bool S>() {
    return pair_forces_half<Real, Pair, E, W, S>(nl, i_begin, i_end, table, n_species, fx, fy, fz);
  });
}

}  // namespace mdb
