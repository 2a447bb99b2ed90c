#pragma once
// Stillinger-Weber on the device engine's image list: the per-atom body of the CUDA kernel
// (SwForceDevice) and of the CPU tests that run it thread after thread. The terms are
// sw_terms.hpp's, the same as the CPU StillingerWeber.
#include "kernels/common/atomic_add.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/lj_image_list.hpp"  // kEnergyVirialSums
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/sw_terms.hpp"

namespace mdb {

/// Adds W_ab += d_a f_b (LAMMPS order xx yy zz xy xz yz) to sums[1..6].
MDB_HD inline void add_virial(double (&sums)[kEnergyVirialSums], double dx, double dy, double dz,
                              double fx, double fy, double fz) {
  sums[1] += dx * fx;
  sums[2] += dy * fy;
  sums[3] += dz * fz;
  sums[4] += dx * fy;
  sums[5] += dx * fz;
  sums[6] += dy * fz;
}

/// One thread per centre atom i. The two-body term of each pair is evaluated from both sides (each
/// side adds its own force and half the energy and virial, so i writes only itself for it); the
/// three-body terms j-i-k (each unordered {j, k} of i's list once) push j and k through atomic
/// adds. Forces are ADDED to fx/fy/fz (eV/Angstrom): the caller zeroes them first. The virial is
/// per term from separations, W += sum d_ij (x) F_j (DeviceForce's contract). `pairs` is
/// n_species^2 and `triplets` n_species^3, as StillingerWeber::pair() / triplet().
template <bool kEnergyVirial>
MDB_HD inline void sw_image_list_atom(const ImageNeighborView& l, const SwPairCoeffs* pairs,
                                      const SwTripletCoeffs* triplets, int n_species, int i,
                                      double* fx, double* fy, double* fz,
                                      double (&sums)[kEnergyVirialSums]) {
  const int ti = l.species[i];
  double fxi = 0.0, fyi = 0.0, fzi = 0.0;
  const std::int64_t begin = l.offsets[i], end = l.offsets[i + 1];
  for (std::int64_t k1 = begin; k1 < end; ++k1) {
    const int j = l.neighbors[k1];
    const int tj = l.species[j];
    double dx, dy, dz;  // r_j - r_i
    l.separation(i, k1, dx, dy, dz);
    const double r2 = dx * dx + dy * dy + dz * dz;
    const SwPairCoeffs& pj = pairs[ti * n_species + tj];
    if (r2 >= pj.cutsq) continue;
    const SwBond b1 = sw_bond(pj, dx, dy, dz, r2);
    const SwTwoBody two = sw_two_body(pj, b1);
    // Force on i: f_over_r (r_i - r_j).
    fxi -= two.f_over_r * dx;
    fyi -= two.f_over_r * dy;
    fzi -= two.f_over_r * dz;
    if constexpr (kEnergyVirial) {
      const double h = 0.5 * two.f_over_r;
      sums[0] += 0.5 * two.energy;
      add_virial(sums, dx, dy, dz, h * dx, h * dy, h * dz);
    }
    const SwTripletCoeffs* trow = triplets + (ti * n_species + tj) * n_species;
    for (std::int64_t k2 = k1 + 1; k2 < end; ++k2) {
      const int k = l.neighbors[k2];
      const int tk = l.species[k];
      double ex, ey, ez;
      l.separation(i, k2, ex, ey, ez);
      const double s2 = ex * ex + ey * ey + ez * ez;
      const SwPairCoeffs& pk = pairs[ti * n_species + tk];
      if (s2 >= pk.cutsq) continue;
      const SwBond b2 = sw_bond(pk, ex, ey, ez, s2);
      const SwThreeBody t = sw_three_body(trow[tk], b1, b2);
      fxi -= t.fjx + t.fkx;
      fyi -= t.fjy + t.fky;
      fzi -= t.fjz + t.fkz;
      atomic_add(fx + j, t.fjx);
      atomic_add(fy + j, t.fjy);
      atomic_add(fz + j, t.fjz);
      atomic_add(fx + k, t.fkx);
      atomic_add(fy + k, t.fky);
      atomic_add(fz + k, t.fkz);
      if constexpr (kEnergyVirial) {
        sums[0] += t.energy;
        add_virial(sums, dx, dy, dz, t.fjx, t.fjy, t.fjz);
        add_virial(sums, ex, ey, ez, t.fkx, t.fky, t.fkz);
      }
    }
  }
  atomic_add(fx + i, fxi);
  atomic_add(fy + i, fyi);
  atomic_add(fz + i, fzi);
}

}  // namespace mdb
