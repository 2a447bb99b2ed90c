#pragma once
// The integrators' per-atom updates (B = kick, A = drift, O = Ornstein-Uhlenbeck), written once:
// the CPU integrators (md/integrate/integrate_ops.hpp loops over them) and the device engine's step
// bodies below call the same functions. The device step is head (before the force call) then tail
// (after it): velocity Verlet (NVE) and Langevin BAOAB (NVT) as md/integrate/velocity_verlet.cpp
// and md/integrate/langevin.cpp order them.
#include <cstdint>

#include "kernels/common/engine_control.hpp"
#include "kernels/common/image_list_build.hpp"  // displacement2
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/philox.hpp"

namespace mdb {

/// What the integrator bodies read and write (device pointers on the GPU). Metal units: Angstrom,
/// Angstrom/ps, eV/Angstrom, ps.
struct IntegrateView {
  int n = 0;
  int atoms_per_replica = 0;
  double* x = nullptr;
  double* y = nullptr;
  double* z = nullptr;
  double* vx = nullptr;
  double* vy = nullptr;
  double* vz = nullptr;
  const double* fx = nullptr;
  const double* fy = nullptr;
  const double* fz = nullptr;
  const double* x0 = nullptr;  ///< positions at the last list build
  const double* y0 = nullptr;
  const double* z0 = nullptr;
  const double* half_dt_over_m = nullptr;  ///< (dt/2) ftm2v / m_i
  /// Langevin: sqrt((1 - c1^2) k_B T / (m_i mvv2e)) (Angstrom/ps); null for NVE.
  const double* noise_sigma = nullptr;
  double dt = 0.0;               ///< ps
  double c1 = 1.0;               ///< Langevin exp(-gamma dt)
  std::uint64_t seed = 0;        ///< Langevin: replica r draws from stream seed + r
  EngineControl* ctl = nullptr;  ///< step counter, halt flag
};

MDB_HD inline void kick_atom(const IntegrateView& v, int i) {
  const double c = v.half_dt_over_m[i];
  v.vx[i] += c * v.fx[i];
  v.vy[i] += c * v.fy[i];
  v.vz[i] += c * v.fz[i];
}

MDB_HD inline void drift_atom(const IntegrateView& v, int i, double dt) {
  v.x[i] += dt * v.vx[i];
  v.y[i] += dt * v.vy[i];
  v.z[i] += dt * v.vz[i];
}

/// O: the exact Ornstein-Uhlenbeck update v = c1 v + sigma_i xi of atom i, given its three
/// standard normal draws (c1 = exp(-gamma dt), sigma_i = sqrt((1 - c1^2) k_B T / (m_i mvv2e))).
MDB_HD inline void ornstein_uhlenbeck_atom(const IntegrateView& v, int i, double n0, double n1,
                                           double n2) {
  const double s = v.noise_sigma[i];
  v.vx[i] = v.c1 * v.vx[i] + s * n0;
  v.vy[i] = v.c1 * v.vy[i] + s * n1;
  v.vz[i] = v.c1 * v.vz[i] + s * n2;
}

/// Velocity Verlet head: B A. Returns the squared displacement since the last build (for the
/// rebuild check), 0 while the engine is halted.
MDB_HD inline double verlet_head(const IntegrateView& v, int i) {
  if (v.ctl->halted) return 0.0;
  kick_atom(v, i);
  drift_atom(v, i, v.dt);
  return displacement2(v.x, v.y, v.z, v.x0, v.y0, v.z0, i);
}

/// BAOAB head: B A O A, the noise of atom i at this step from Philox (seed + replica, completed
/// steps, atom index within the replica). Returns the squared displacement like verlet_head.
MDB_HD inline double baoab_head(const IntegrateView& v, int i) {
  if (v.ctl->halted) return 0.0;
  kick_atom(v, i);
  drift_atom(v, i, 0.5 * v.dt);
  const int replica = i / v.atoms_per_replica;
  const auto local = static_cast<std::uint32_t>(i - replica * v.atoms_per_replica);
  double n0, n1, n2;
  philox_normal3(v.seed + static_cast<std::uint64_t>(replica),
                 static_cast<std::uint64_t>(v.ctl->step), local, n0, n1, n2);
  ornstein_uhlenbeck_atom(v, i, n0, n1, n2);
  drift_atom(v, i, 0.5 * v.dt);
  return displacement2(v.x, v.y, v.z, v.x0, v.y0, v.z0, i);
}

/// Tail of both integrators after the force call: B; atom 0 counts the step.
MDB_HD inline void kick_tail(const IntegrateView& v, int i) {
  if (v.ctl->halted) return;
  kick_atom(v, i);
  if (i == 0) ++v.ctl->step;
}

/// Kinetic energy of atom i, m v^2 / 2 * mvv2e (eV).
MDB_HD inline double kinetic_atom(const double* vx, const double* vy, const double* vz,
                                  const double* mass, double mvv2e, int i) {
  return 0.5 * mvv2e * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
}

}  // namespace mdb
