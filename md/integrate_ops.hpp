#pragma once
// The elementary updates that integrators compose (B = kick, A = drift, O = Ornstein-Uhlenbeck):
// loops over a System calling the per-atom bodies the device engine runs too
// (kernels/common/integrate_bodies.hpp).
#include <cmath>
#include <span>

#include "kernels/common/integrate_bodies.hpp"
#include "md/random.hpp"
#include "md/system.hpp"

namespace mdb {

/// The System's arrays as the integrator bodies read them; `half_dt_over_m` and `noise_sigma`
/// (per atom) and `c1` only where the update uses them.
inline IntegrateView integrate_view(System& s, std::span<const double> half_dt_over_m = {},
                                    std::span<const double> noise_sigma = {}, double c1 = 1.0) {
  IntegrateView v;
  v.n = static_cast<int>(s.size());
  v.atoms_per_replica = v.n;
  v.x = s.x().data();
  v.y = s.y().data();
  v.z = s.z().data();
  v.vx = s.vx().data();
  v.vy = s.vy().data();
  v.vz = s.vz().data();
  v.fx = s.fx().data();
  v.fy = s.fy().data();
  v.fz = s.fz().data();
  v.half_dt_over_m = half_dt_over_m.data();
  v.noise_sigma = noise_sigma.data();
  v.c1 = c1;
  return v;
}

/// B: v += half_dt_over_m[i] * f, where half_dt_over_m = (dt/2) * ftm2v / m_i.
inline void kick(System& s, std::span<const double> half_dt_over_m) {
  const IntegrateView v = integrate_view(s, half_dt_over_m);
  for (int i = 0; i < v.n; ++i) kick_atom(v, i);
}

/// A: x += dt * v.
inline void drift(System& s, double dt) {
  const IntegrateView v = integrate_view(s);
  for (int i = 0; i < v.n; ++i) drift_atom(v, i, dt);
}

/// O: exact Ornstein-Uhlenbeck update v = c1 v + sigma_i xi, with c1 = exp(-gamma dt) and
/// sigma_i = sqrt((1 - c1^2) k_B T / (m_i mvv2e)), xi from `rng`. Returns the kinetic-energy
/// change (the heat taken from the bath), for the conserved-quantity bookkeeping.
inline double ornstein_uhlenbeck(System& s, double c1, std::span<const double> sigma, Rng& rng) {
  const IntegrateView v = integrate_view(s, {}, sigma, c1);
  const auto m = s.mass();
  double dk = 0.0;
  for (int i = 0; i < v.n; ++i) {
    const double ox = v.vx[i], oy = v.vy[i], oz = v.vz[i];
    const double n0 = rng.normal(), n1 = rng.normal(), n2 = rng.normal();
    ornstein_uhlenbeck_atom(v, i, n0, n1, n2);
    dk += m[i] *
          (v.vx[i] * v.vx[i] + v.vy[i] * v.vy[i] + v.vz[i] * v.vz[i] - ox * ox - oy * oy - oz * oz);
  }
  return 0.5 * dk * s.units().mvv2e;
}

}  // namespace mdb
