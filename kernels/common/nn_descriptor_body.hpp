#pragma once
// Per-thread bodies of the NN descriptor on the device engine's image list: one thread per atom
// computes its AEV (forward), and later turns dE/dAEV into forces on itself and its neighbours
// (backward). The arithmetic is AevComputer<float>'s (model/nnp/aev.cpp) term for term; the
// backward pass recomputes the terms' derivatives instead of storing them per pair and triplet,
// so its scratch does not depend on the neighbour count and needs no allocation per step.
#include <cmath>
#include <cstdint>

#include "kernels/common/ani_terms.hpp"
#include "kernels/common/atomic_add.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/nn_device_view.hpp"

namespace mdb {

/// One neighbour of the centre atom: float separation d = r_j - r_i (Angstrom), its length,
/// its cutoff function (of the radial cutoff in the radial pass, of the angular one in the
/// triplet list) and derivative, the neighbour's atom index and network species.
struct NnNeighbor {
  float dx, dy, dz, r, fc, dfc;
  int j, species;
};

/// The neighbours inside the angular cutoff, in list order (what the triplet loop runs over).
struct NnAngularNeighbors {
  NnNeighbor at[kNnMaxAngularNeighbors];
  int n = 0;
};

/// The network species of system type t, or 0 with kNnErrorBadSpecies raised.
MDB_HD inline int nn_network_species(const NnDescriptorView& p, int t, int* error) {
  if (t < 0 || t >= p.n_types) {
    nn_raise_error(error, kNnErrorBadSpecies);
    return 0;
  }
  return p.species_map[t];
}

/// Entry k of atom i as a radial neighbour: false when outside the radial cutoff. Fills the
/// float geometry, fc and dfc of the radial cutoff, and the two exponentials that start the
/// radial recurrence (AevComputer::gather, in the same order of operations).
MDB_HD inline bool nn_radial_neighbor(const ImageNeighborView& nl, const NnDescriptorView& p, int i,
                                      std::int64_t k, NnNeighbor& m, double& e0, double& ea,
                                      int* error) {
  double dxd, dyd, dzd;
  nl.separation(i, k, dxd, dyd, dzd);
  m.dx = static_cast<float>(dxd);
  m.dy = static_cast<float>(dyd);
  m.dz = static_cast<float>(dzd);
  const float r2 = m.dx * m.dx + m.dy * m.dy + m.dz * m.dz;
  if (r2 >= p.rc_r * p.rc_r) return false;
  m.r = std::sqrt(r2);
  m.fc = ani_fc(m.r, p.rc_r);
  m.dfc = ani_dfc(m.r, p.rc_r);
  const double u = static_cast<double>(m.r) - p.radial.shift[0];
  e0 = std::exp(-p.radial.eta * u * u);
  ea = std::exp(p.two_eta_step * u);
  m.j = nl.neighbors[k];
  m.species = nn_network_species(p, nl.species[m.j], error);
  return true;
}

/// Keeps m for the triplet loop when inside the angular cutoff, with that cutoff's fc, dfc.
MDB_HD inline void nn_keep_angular(const NnDescriptorView& p, const NnNeighbor& m,
                                   NnAngularNeighbors& s, int* error) {
  if (m.r >= p.rc_a) return;
  if (s.n == kNnMaxAngularNeighbors) {
    nn_raise_error(error, kNnErrorAngularOverflow);
    return;
  }
  NnNeighbor& a = s.at[s.n++];
  a = m;
  ani_cutoff(m.r, p.rc_a, a.fc, a.dfc);
}

/// The triplet (i; a, b) of two angular neighbours, and where its terms start in the AEV row.
MDB_HD inline AniTriplet<float> nn_triplet(const NnDescriptorView& p, const NnNeighbor& a,
                                           const NnNeighbor& b, int& block) {
  AniTriplet<float> t;
  t.r1 = a.r;
  t.r2 = b.r;
  t.fc1 = a.fc;
  t.fc2 = b.fc;
  t.dfc1 = a.dfc;
  t.dfc2 = b.dfc;
  t.cos_theta = (a.dx * b.dx + a.dy * b.dy + a.dz * b.dz) / (t.r1 * t.r2);
  block = p.radial_len + ani_pair_index(a.species, b.species, p.n_species) * p.n_terms;
  return t;
}

/// Thread i of the descriptor's forward kernel: writes the AEV of atom i to
/// aev[i * aev_len ...] and its network species to net_species[i].
MDB_HD inline void nn_aev_forward_body(int i, const ImageNeighborView& nl,
                                       const NnDescriptorView& p, float* aev, int* net_species,
                                       int* error) {
  float* g = aev + static_cast<std::int64_t>(i) * p.aev_len;
  for (int k = 0; k < p.aev_len; ++k) g[k] = 0.0f;
  net_species[i] = nn_network_species(p, nl.species[i], error);
  const int n_r = p.radial.n;
  float dg[kNnMaxRadial];  // derivatives are the backward pass's business: discarded here
  NnAngularNeighbors s;
  for (std::int64_t k = nl.offsets[i]; k < nl.offsets[i + 1]; ++k) {
    NnNeighbor m;
    double e0, ea;
    if (!nn_radial_neighbor(nl, p, i, k, m, e0, ea, error)) continue;
    ani_radial_forward(m.r, m.fc, m.dfc, e0, ea, p.radial, g + m.species * n_r, dg);
    nn_keep_angular(p, m, s, error);
  }
  float f[kAniMaxAngularFactors];
  for (int a = 0; a < s.n; ++a) {
    for (int b = a + 1; b < s.n; ++b) {
      int block;
      const AniTriplet<float> t = nn_triplet(p, s.at[a], s.at[b], block);
      ani_angular_factors(p.angular, t, f);
      ani_angular_accumulate(p.angular, f, g + block);
    }
  }
}

/// Thread i of the descriptor's backward kernel: with grad = dE/dAEV (rows as the forward's),
/// adds -dE/dx of atom i's terms onto fx, fy, fz (eV/Angstrom; atomically, since neighbours are
/// shared) and writes the terms' virial, sum over pushed atoms j of d_ij (x) F_j (eV, order xx yy
/// zz xy xz yz), to w[0..6). Atom i's own force is summed in double first, as on the CPU.
MDB_HD inline void nn_aev_backward_body(int i, const ImageNeighborView& nl,
                                        const NnDescriptorView& p, const float* grad, double* fx,
                                        double* fy, double* fz, double* w, int* error) {
  const float* g = grad + static_cast<std::int64_t>(i) * p.aev_len;
  for (int c = 0; c < 6; ++c) w[c] = 0.0;
  // F_j = -f (eV/A) at separation d (float, as the force was computed from it).
  auto push = [&](int j, float d_x, float d_y, float d_z, float f_x, float f_y, float f_z) {
    atomic_add(fx + j, -static_cast<double>(f_x));
    atomic_add(fy + j, -static_cast<double>(f_y));
    atomic_add(fz + j, -static_cast<double>(f_z));
    w[0] -= static_cast<double>(d_x) * f_x;
    w[1] -= static_cast<double>(d_y) * f_y;
    w[2] -= static_cast<double>(d_z) * f_z;
    w[3] -= static_cast<double>(d_x) * f_y;
    w[4] -= static_cast<double>(d_x) * f_z;
    w[5] -= static_cast<double>(d_y) * f_z;
  };
  const int n_r = p.radial.n;
  double fxi = 0, fyi = 0, fzi = 0;
  float g_unused[kNnMaxRadial] = {};
  float dg[kNnMaxRadial];
  NnAngularNeighbors s;
  for (std::int64_t k = nl.offsets[i]; k < nl.offsets[i + 1]; ++k) {
    NnNeighbor m;
    double e0, ea;
    if (!nn_radial_neighbor(nl, p, i, k, m, e0, ea, error)) continue;
    ani_radial_forward(m.r, m.fc, m.dfc, e0, ea, p.radial, g_unused, dg);
    // E depends on d through |d|: dE/dd = c d / r; F_j = -dE/dd, F_i = +dE/dd.
    const float* gk = g + m.species * n_r;
    float c = 0;
    for (int q = 0; q < n_r; ++q) c += gk[q] * dg[q];
    const float inv_r = 1.0f / m.r;
    const float cx = c * (m.dx * inv_r), cy = c * (m.dy * inv_r), cz = c * (m.dz * inv_r);
    fxi += cx;
    fyi += cy;
    fzi += cz;
    push(m.j, m.dx, m.dy, m.dz, cx, cy, cz);
    nn_keep_angular(p, m, s, error);
  }
  float f[kAniMaxAngularFactors];
  for (int a = 0; a < s.n; ++a) {
    for (int b = a + 1; b < s.n; ++b) {
      const NnNeighbor& ma = s.at[a];
      const NnNeighbor& mb = s.at[b];
      int block;
      const AniTriplet<float> t = nn_triplet(p, ma, mb, block);
      ani_angular_factors(p.angular, t, f);
      float e_r1, e_r2, e_cos;
      ani_angular_contract(p.angular, f, g + block, e_r1, e_r2, e_cos);
      // cos = d1.d2 / (r1 r2): d cos / d d1 = d2 / (r1 r2) - cos d1 / r1^2 (and 1 <-> 2).
      const float r1 = t.r1, r2 = t.r2, cos_theta = t.cos_theta;
      const float a1 = e_r1 / r1 - e_cos * cos_theta / (r1 * r1);
      const float a2 = e_r2 / r2 - e_cos * cos_theta / (r2 * r2);
      const float b12 = e_cos / (r1 * r2);
      const float g1x = a1 * ma.dx + b12 * mb.dx;  // dE/dd1
      const float g1y = a1 * ma.dy + b12 * mb.dy;
      const float g1z = a1 * ma.dz + b12 * mb.dz;
      const float g2x = a2 * mb.dx + b12 * ma.dx;  // dE/dd2
      const float g2y = a2 * mb.dy + b12 * ma.dy;
      const float g2z = a2 * mb.dz + b12 * ma.dz;
      push(ma.j, ma.dx, ma.dy, ma.dz, g1x, g1y, g1z);
      push(mb.j, mb.dx, mb.dy, mb.dz, g2x, g2y, g2z);
      fxi += static_cast<double>(g1x) + g2x;
      fyi += static_cast<double>(g1y) + g2y;
      fzi += static_cast<double>(g1z) + g2z;
    }
  }
  atomic_add(fx + i, fxi);
  atomic_add(fy + i, fyi);
  atomic_add(fz + i, fzi);
}

}  // namespace mdb
