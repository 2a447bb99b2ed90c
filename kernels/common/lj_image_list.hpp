#pragma once
// Lennard-Jones on the device engine's image list (image_neighbors.hpp): the per-atom body of the
// CUDA kernel (LjForceDevice) and of the CPU tests that run it thread after thread.
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/pair_lj.hpp"

namespace mdb {

/// One thread per atom i: F_i = sum_k f_over_r(r^2) (r_i - r_j(image)) over i's full list, written
/// to fx/fy/fz[i] (eV/Angstrom; i's own entry only, so no atomics). With `energy_virial`, adds
/// i's half of each pair's energy and virial to `sums` (the full list holds every pair twice).
/// `table` is n_species x n_species, row-major (LennardJones<double>::table()).
template <bool kEnergyVirial>
MDB_HD inline void lj_image_list_atom(const ImageNeighborView& l, const LjPair<double>* table,
                                      int n_species, int i, double* fx, double* fy, double* fz,
                                      double (&sums)[kEnergyVirialSums]) {
  const LjPair<double>* row = table + l.species[i] * n_species;
  double fxi = 0.0, fyi = 0.0, fzi = 0.0;
  const std::int64_t end = l.offsets[i + 1];
  for (std::int64_t k = l.offsets[i]; k < end; ++k) {
    double dx, dy, dz;  // r_j - r_i
    l.separation(i, k, dx, dy, dz);
    const double r2 = dx * dx + dy * dy + dz * dz;
    const LjPair<double>& p = row[l.species[l.neighbors[k]]];
    if (r2 < p.rc2) {
      const double fr = p.f_over_r(r2);
      fxi -= dx * fr;
      fyi -= dy * fr;
      fzi -= dz * fr;
      if constexpr (kEnergyVirial) add_pair_to_sums(sums, 0.5, p.energy(r2), fr, dx, dy, dz);
    }
  }
  fx[i] = fxi;
  fy[i] = fyi;
  fz[i] = fzi;
}

}  // namespace mdb
