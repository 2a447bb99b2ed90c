#pragma once
// Harmonic bond and angle terms (LAMMPS `bond_style harmonic`, `angle_style harmonic` with
// K = k/2), for the CPU loop and a CUDA kernel alike.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// E = k/2 (r - r0)^2 for the bond vector d = r_i - r_j (Angstrom; minimum image), k in
/// eV/Angstrom^2. Returns the energy (eV); f_over_r is the force on i over d (f_i = f_over_r d,
/// f_j = -f_i).
MDB_HD inline double harmonic_bond(double dx, double dy, double dz, double k, double r0,
                                   double& f_over_r) {
  const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
  const double dr = r - r0;
  f_over_r = -k * dr / r;
  return 0.5 * k * dr * dr;
}

/// E = k/2 (theta - theta0)^2 for the angle between a = r_i - r_j and b = r_k - r_j (vertex j;
/// Angstrom, minimum image), k in eV/rad^2, theta0 in rad. Returns the energy (eV) and the
/// forces on i and k (f_j = -f_i - f_k). sin(theta) is kept >= 1e-3 as LAMMPS does, so a
/// straight angle gives a finite force.
MDB_HD inline double harmonic_angle(const double a[3], const double b[3], double k, double theta0,
                                    double fi[3], double fk[3]) {
  const double aa = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
  const double bb = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
  const double la = std::sqrt(aa), lb = std::sqrt(bb);
  double c = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (la * lb);
  c = c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c);
  double s = std::sqrt(1.0 - c * c);
  s = s < 1e-3 ? 1e-3 : s;
  const double dtheta = std::acos(c) - theta0;
  // f_i = -dE/dtheta dtheta/dr_i, dtheta/dr_i = -(b/(|a||b|) - c a/|a|^2) / sin(theta).
  const double g = k * dtheta / s;
  const double inv_ab = 1.0 / (la * lb);
  for (int d = 0; d < 3; ++d) {
    fi[d] = g * (b[d] * inv_ab - c * a[d] / aa);
    fk[d] = g * (a[d] * inv_ab - c * b[d] / bb);
  }
  return 0.5 * k * dtheta * dtheta;
}

}  // namespace mdb
