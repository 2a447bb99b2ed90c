#pragma once
// Smooth PME as one body per GPU thread: a charge's spread or gather, a periodic grid point's
// fold, a wave vector's solve, an extended grid point's unfold. The CUDA kernels
// (kernels/cuda/pme_kernels.cu) launch them one thread per item; the CPU tests run them in loops
// ("emulated launches") around FFTW and hold the result to model/pme's Pme, whose loops call the
// same per-charge and per-wave-vector bodies (pme_bodies.hpp) in their own order.
#include "kernels/common/box_pbc.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/pme_bodies.hpp"

namespace mdb {

/// The grids of one PME: the periodic (FFT) grid nx x ny x nz, row-major; its half-complex
/// transform nx x ny x (nz/2 + 1); the extended grid (nx, ny, nz) + order - 1 per axis.
struct PmeGridShape {
  int nx, ny, nz;
  int order;
  MDB_HD int ex() const { return pme_extended_size(nx, order); }
  MDB_HD int ey() const { return pme_extended_size(ny, order); }
  MDB_HD int ez() const { return pme_extended_size(nz, order); }
  MDB_HD int nz_complex() const { return nz / 2 + 1; }
  MDB_HD long long periodic_points() const { return static_cast<long long>(nx) * ny * nz; }
  MDB_HD long long extended_points() const { return static_cast<long long>(ex()) * ey() * ez(); }
  MDB_HD long long complex_points() const { return static_cast<long long>(nx) * ny * nz_complex(); }
};

/// Charge i onto the extended grid (zeroed before the launch; atomic adds on the device).
template <int P>
MDB_HD void pme_spread_atom(int i, const OrthoBoxView& box, const double* x, const double* y,
                            const double* z, const double* q, const PmeGridShape& g, double* ext) {
  if (q[i] == 0.0) return;
  PmeSplineAxis sx, sy, sz;
  pme_spline_of_coordinate<P>(box, 0, x[i], g.nx, sx);
  pme_spline_of_coordinate<P>(box, 1, y[i], g.ny, sy);
  pme_spline_of_coordinate<P>(box, 2, z[i], g.nz, sz);
  pme_spread_charge<P>(ext, g.ey(), g.ez(), q[i], sx, sy, sz);
}

/// Periodic point k (row-major) = the sum of the extended points that stand for it: along each
/// axis e = i + p - 1, and also e = i + p - 1 - K where that is >= 0 (the wrapped halo).
MDB_HD inline void pme_fold_point(long long k, const PmeGridShape& g, const double* ext,
                                  double* periodic) {
  const int iz = static_cast<int>(k % g.nz);
  const int iy = static_cast<int>((k / g.nz) % g.ny);
  const int ix = static_cast<int>(k / (static_cast<long long>(g.nz) * g.ny));
  const int halo = g.order - 1;
  const int ex_[2] = {ix + halo, ix + halo - g.nx};
  const int ey_[2] = {iy + halo, iy + halo - g.ny};
  const int ez_[2] = {iz + halo, iz + halo - g.nz};
  const int ey = g.ey(), ez = g.ez();
  double sum = 0.0;
  for (int a = 0; a < 2; ++a) {
    if (ex_[a] < 0) continue;
    for (int b = 0; b < 2; ++b) {
      if (ey_[b] < 0) continue;
      for (int c = 0; c < 2; ++c) {
        if (ez_[c] < 0) continue;
        sum += ext[(static_cast<long long>(ex_[a]) * ey + ey_[b]) * ez + ez_[c]];
      }
    }
  }
  periodic[k] = sum;
}

/// The solve at half-complex entry k (row-major over nx x ny x nz_complex, (re, im) pairs):
/// axis_m and axis_factor hold, per axis, m_a (1/Angstrom) and the Gaussian times |b_a|^2 for
/// each FFT index (x's nx values, then y's, then z's), as Pme::solve computes them for the box.
/// Adds this entry's energy and virial to `acc` when `sums` (atomically on the device).
MDB_HD inline void pme_solve_entry(long long k, const PmeGridShape& g, double* complex_grid,
                                   const double* axis_m, const double* axis_factor,
                                   double ke_over_pi_v, double beta, bool sums, double* acc) {
  const int nzc = g.nz_complex();
  const int iz = static_cast<int>(k % nzc);
  const int iy = static_cast<int>((k / nzc) % g.ny);
  const int ix = static_cast<int>(k / (static_cast<long long>(nzc) * g.ny));
  const int oy = g.nx, oz = g.nx + g.ny;
  // A stored entry stands for itself and its conjugate partner, except on the planes m_z = 0
  // and (even nz) m_z = nz/2, which hold both halves of the spectrum.
  const double weight = (iz == 0 || 2 * iz == g.nz) ? 1.0 : 2.0;
  PmeSolveSums s{};
  pme_solve_point(complex_grid[2 * k], complex_grid[2 * k + 1], axis_m[ix], axis_m[oy + iy],
                  axis_m[oz + iz], axis_factor[ix] * axis_factor[oy + iy] * axis_factor[oz + iz],
                  ke_over_pi_v, beta, weight, sums, s);
  if (!sums) return;
  atomic_add(acc, s.energy);
  for (int c = 0; c < 6; ++c) atomic_add(acc + 1 + c, s.virial[c]);
}

/// Extended point k (row-major) = the periodic point it stands for (pme_periodic_index).
MDB_HD inline void pme_unfold_point(long long k, const PmeGridShape& g, const double* periodic,
                                    double* ext) {
  const int ey = g.ey(), ez = g.ez();
  const int e_z = static_cast<int>(k % ez);
  const int e_y = static_cast<int>((k / ez) % ey);
  const int e_x = static_cast<int>(k / (static_cast<long long>(ez) * ey));
  const int ix = pme_periodic_index(e_x, g.nx, g.order);
  const int iy = pme_periodic_index(e_y, g.ny, g.order);
  const int iz = pme_periodic_index(e_z, g.nz, g.order);
  ext[k] = periodic[(static_cast<long long>(ix) * g.ny + iy) * g.nz + iz];
}

/// Charge i's reciprocal force from the potential on the extended grid, added to (fx, fy, fz):
/// F_a = -q (K_a / L_a) g_a (pme_gather_gradient).
template <int P>
MDB_HD void pme_gather_atom(int i, const OrthoBoxView& box, const double* x, const double* y,
                            const double* z, const double* q, const PmeGridShape& g,
                            const double* ext, double* fx, double* fy, double* fz) {
  if (q[i] == 0.0) return;
  PmeSplineAxis sx, sy, sz;
  pme_spline_of_coordinate<P>(box, 0, x[i], g.nx, sx);
  pme_spline_of_coordinate<P>(box, 1, y[i], g.ny, sy);
  pme_spline_of_coordinate<P>(box, 2, z[i], g.nz, sz);
  const PmeGridGradient grad = pme_gather_gradient<P>(ext, g.ey(), g.ez(), sx, sy, sz);
  fx[i] -= q[i] * g.nx * box.inv_len[0] * grad.gx;
  fy[i] -= q[i] * g.ny * box.inv_len[1] * grad.gy;
  fz[i] -= q[i] * g.nz * box.inv_len[2] * grad.gz;
}

}  // namespace mdb
