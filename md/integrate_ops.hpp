#pragma once
// The elementary updates that integrators compose (B = kick, A = drift, O = Ornstein-Uhlenbeck).
#include <cmath>
#include <span>

#include "md/random.hpp"
#include "md/system.hpp"

namespace mdb {

/// B: v += half_dt_over_m[i] * f, where half_dt_over_m = (dt/2) * ftm2v / m_i.
inline void kick(System& s, std::span<const double> half_dt_over_m) {
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const auto fx = s.fx(), fy = s.fy(), fz = s.fz();
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double c = half_dt_over_m[i];
    vx[i] += c * fx[i];
    vy[i] += c * fy[i];
    vz[i] += c * fz[i];
  }
}

/// A: x += dt * v.
inline void drift(System& s, double dt) {
  auto x = s.x(), y = s.y(), z = s.z();
  const auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  for (std::size_t i = 0; i < s.size(); ++i) {
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
    z[i] += dt * vz[i];
  }
}

/// O: exact Ornstein-Uhlenbeck update v = c1 v + sigma_i xi, with c1 = exp(-gamma dt) and
/// sigma_i = sqrt((1 - c1^2) k_B T / (m_i mvv2e)). Returns the kinetic-energy change (the heat
/// taken from the bath), for the conserved-quantity bookkeeping.
inline double ornstein_uhlenbeck(System& s, double c1, std::span<const double> sigma, Rng& rng) {
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const auto m = s.mass();
  double dk = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double ox = vx[i], oy = vy[i], oz = vz[i];
    vx[i] = c1 * ox + sigma[i] * rng.normal();
    vy[i] = c1 * oy + sigma[i] * rng.normal();
    vz[i] = c1 * oz + sigma[i] * rng.normal();
    dk += m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i] - ox * ox - oy * oy - oz * oz);
  }
  return 0.5 * dk * s.units().mvv2e;
}

}  // namespace mdb
