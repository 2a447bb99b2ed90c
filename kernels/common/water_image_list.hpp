#pragma once
// Flexible water's real space and intramolecular terms on the device engine's image list
// (image_neighbors.hpp): the per-atom bodies of the CUDA kernels and of the CPU tests that run
// them thread after thread. With PME's reciprocal space (pme_thread_bodies.hpp) they make the
// whole force of model/water/water_model.hpp.
#include <cstdint>

#include "kernels/common/bonded_terms.hpp"
#include "kernels/common/ewald_terms.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/pair_lj_coul_long.hpp"

namespace mdb {

/// What the water bodies read besides the list. The topology is one replica's, in that
/// replica's atom numbering (every replica is a copy of one system): a body adds its replica's
/// first atom. Each intramolecular term is listed once per atom it acts on (CSR by local atom),
/// so every thread writes its own atom's force only: no atomics, and sums in a fixed order.
struct WaterDeviceView {
  const LjCoulLongPair* table = nullptr;  ///< n_species^2, row-major (WaterModel's table)
  int n_species = 0;
  const int* molecule = nullptr;   ///< per local atom
  const double* charge = nullptr;  ///< per local atom (e)
  double ke = 0.0;                 ///< Coulomb constant (eV Angstrom / e^2)
  double beta = 0.0;               ///< Ewald splitting parameter (1/Angstrom)
  /// Per local atom, the excluded pairs (the other atoms of its molecule) it is an end of
  /// (indices into excluded, 2 atoms each).
  const int* excluded_offsets = nullptr;
  const int* excluded_of_atom = nullptr;
  const int* excluded = nullptr;
  /// Per local atom, the bonds it is an end of (indices into bonds, 2 atoms each).
  const int* bond_offsets = nullptr;
  const int* bond_of_atom = nullptr;
  const int* bonds = nullptr;
  double bond_k = 0.0;   ///< eV/Angstrom^2 in E = k/2 (r - r0)^2
  double bond_r0 = 0.0;  ///< Angstrom
  /// Per local atom, the angles it belongs to (indices into angles, 3 atoms each, vertex
  /// second).
  const int* angle_offsets = nullptr;
  const int* angle_of_atom = nullptr;
  const int* angles = nullptr;
  double angle_k = 0.0;       ///< eV/rad^2
  double angle_theta0 = 0.0;  ///< rad
};

namespace water_detail {

/// The separation r_b - r_a of two atoms of one molecule, as its nearest image (a molecule may
/// straddle the box; it is far smaller than half of it).
MDB_HD inline void nearest_image(const ImageNeighborView& l, const double* len, int a, int b,
                                 double d[3]) {
  d[0] = l.x[b] - l.x[a];
  d[1] = l.y[b] - l.y[a];
  d[2] = l.z[b] - l.z[a];
  for (int k = 0; k < 3; ++k) d[k] -= len[k] * std::nearbyint(d[k] / len[k]);
}

}  // namespace water_detail

/// One thread per atom i: LJ + ke qi qj erfc(beta r)/r over i's full list, leaving out the other
/// atoms of i's molecule where seen as their nearest image (an image of the molecule beyond it is
/// an ordinary neighbour). Writes fx/fy/fz[i] (overwrites); with `energy_virial` adds i's half
/// of each pair's energy and virial.
template <bool kEnergyVirial>
MDB_HD inline void water_pairs_atom(const ImageNeighborView& l, const WaterDeviceView& w, int i,
                                    double* fx, double* fy, double* fz,
                                    double (&sums)[kEnergyVirialSums]) {
  const int base = (i / l.atoms_per_replica) * l.atoms_per_replica;
  const double* len = l.box_len + 3 * (i / l.atoms_per_replica);
  const LjCoulLongPair* row = w.table + l.species[i] * w.n_species;
  const int mol_i = w.molecule[i - base];
  double fxi = 0.0, fyi = 0.0, fzi = 0.0;
  const std::int64_t end = l.offsets[i + 1];
  for (std::int64_t k = l.offsets[i]; k < end; ++k) {
    double dx, dy, dz;  // r_j - r_i
    l.separation(i, k, dx, dy, dz);
    const int j = l.neighbors[k];
    if (w.molecule[j - base] == mol_i && 2.0 * std::fabs(dx) < len[0] &&
        2.0 * std::fabs(dy) < len[1] && 2.0 * std::fabs(dz) < len[2]) {
      continue;  // excluded: water_intramolecular_atom adds its correction
    }
    const double r2 = dx * dx + dy * dy + dz * dz;
    const LjCoulLongPair& p = row[l.species[j]];
    if (r2 < p.rc2) {
      double e;
      const double fr = lj_coul_long_terms(r2, p.lj1, p.lj2, p.lj3, p.lj4, p.qq, p.beta, e);
      fxi -= dx * fr;
      fyi -= dy * fr;
      fzi -= dz * fr;
      if constexpr (kEnergyVirial) add_pair_to_sums(sums, 0.5, e, fr, dx, dy, dz);
    }
  }
  fx[i] = fxi;
  fy[i] = fyi;
  fz[i] = fzi;
}

/// One thread per atom i, after water_pairs_atom: adds to fx/fy/fz[i] the excluded pairs'
/// correction (the reciprocal sum's share of each pair inside i's molecule, removed), i's side of
/// its bonds and angles, and with `energy_virial` i's share of their energy and virial (a half of
/// each pair and bond, a third of each angle) and i's Ewald self energy.
template <bool kEnergyVirial>
MDB_HD inline void water_intramolecular_atom(const ImageNeighborView& l, const WaterDeviceView& w,
                                             int i, double* fx, double* fy, double* fz,
                                             double (&sums)[kEnergyVirialSums]) {
  const int base = (i / l.atoms_per_replica) * l.atoms_per_replica;
  const int local = i - base;
  const double* len = l.box_len + 3 * (i / l.atoms_per_replica);
  double f[3] = {0.0, 0.0, 0.0};
  for (int k = w.excluded_offsets[local]; k < w.excluded_offsets[local + 1]; ++k) {
    const int* pair = w.excluded + 2 * w.excluded_of_atom[k];
    const int j = pair[0] == local ? pair[1] : pair[0];
    double d[3];  // r_j - r_i
    water_detail::nearest_image(l, len, i, base + j, d);
    const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    const EwaldPairTerm t = ewald_excluded_pair(w.ke * w.charge[local] * w.charge[j], w.beta, r2);
    for (int a = 0; a < 3; ++a) f[a] -= t.f_over_r * d[a];
    if constexpr (kEnergyVirial)
      add_pair_to_sums(sums, 0.5, t.energy, t.f_over_r, d[0], d[1], d[2]);
  }
  for (int k = w.bond_offsets[local]; k < w.bond_offsets[local + 1]; ++k) {
    const int* b = w.bonds + 2 * w.bond_of_atom[k];
    double d[3];  // r_b0 - r_b1, the bond vector harmonic_bond takes
    water_detail::nearest_image(l, len, base + b[1], base + b[0], d);
    double fr;
    const double e = harmonic_bond(d[0], d[1], d[2], w.bond_k, w.bond_r0, fr);
    const double sign = b[0] == local ? 1.0 : -1.0;  // f_b0 = fr d, f_b1 = -f_b0
    for (int a = 0; a < 3; ++a) f[a] += sign * fr * d[a];
    // W = sum r f = (r_b0 - r_b1) (x) f_b0 = fr d (x) d.
    if constexpr (kEnergyVirial) add_pair_to_sums(sums, 0.5, e, fr, d[0], d[1], d[2]);
  }
  for (int k = w.angle_offsets[local]; k < w.angle_offsets[local + 1]; ++k) {
    const int* t = w.angles + 3 * w.angle_of_atom[k];
    double a[3], b[3], fa[3], fb[3];  // a = r_t0 - r_t1, b = r_t2 - r_t1 (vertex t1)
    water_detail::nearest_image(l, len, base + t[1], base + t[0], a);
    water_detail::nearest_image(l, len, base + t[1], base + t[2], b);
    const double e = harmonic_angle(a, b, w.angle_k, w.angle_theta0, fa, fb);
    for (int c = 0; c < 3; ++c) {
      f[c] += t[0] == local ? fa[c] : (t[2] == local ? fb[c] : -fa[c] - fb[c]);
    }
    if constexpr (kEnergyVirial) {
      // W = r_t0 f_t0 + r_t1 f_t1 + r_t2 f_t2 = a (x) fa + b (x) fb; a third from each atom.
      constexpr double kThird = 1.0 / 3.0;
      sums[0] += kThird * e;
      sums[1] += kThird * (a[0] * fa[0] + b[0] * fb[0]);
      sums[2] += kThird * (a[1] * fa[1] + b[1] * fb[1]);
      sums[3] += kThird * (a[2] * fa[2] + b[2] * fb[2]);
      sums[4] += kThird * (a[0] * fa[1] + b[0] * fb[1]);
      sums[5] += kThird * (a[0] * fa[2] + b[0] * fb[2]);
      sums[6] += kThird * (a[1] * fa[2] + b[1] * fb[2]);
    }
  }
  if constexpr (kEnergyVirial) sums[0] += ewald_self_energy(w.ke, w.beta, w.charge[local]);
  fx[i] += f[0];
  fy[i] += f[1];
  fz[i] += f[2];
}

}  // namespace mdb
