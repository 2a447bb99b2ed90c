#pragma once
// The elementary updates that integrators compose (B = kick, A = drift, O = Ornstein-Uhlenbeck):
// loops over a System calling the per-atom bodies the device engine runs too
// (kernels/common/integrate_bodies.hpp).
#include <algorithm>
#include <cmath>
#include <span>

#include "kernels/common/integrate_bodies.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "md/core/random.hpp"
#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"

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

/// f(begin, end) over consecutive ranges covering the atoms of v, split over `team` when the
/// system is large enough (team_for_atoms); each atom's update is the same whichever thread does
/// it. Ranges are at most kAtomBlock long, so two updates in a row over one block stay in L1.
template <class F>
void for_atom_blocks(const IntegrateView& v, ThreadTeam* team, F&& f) {
  constexpr int kAtomBlock = 512;
  run_split(team_for_atoms(team, static_cast<std::size_t>(v.n)), [&](int t, int nt) {
    const auto [b, e] = even_range(v.n, t, nt);
    for (int i = b; i < e; i += kAtomBlock) f(i, std::min(i + kAtomBlock, e));
  });
}

// The per-atom loops touch each atom's own entries of distinct arrays, which the compiler cannot
// prove (seven pointers exceed its run-time alias checks), so without this it keeps them scalar.
#if defined(__GNUC__) && !defined(__clang__)
#define MDB_INDEPENDENT_ATOMS _Pragma("GCC ivdep")
#else
#define MDB_INDEPENDENT_ATOMS
#endif

/// B: v += half_dt_over_m[i] * f, where half_dt_over_m = (dt/2) * ftm2v / m_i.
inline void kick(System& s, std::span<const double> half_dt_over_m, ThreadTeam* team = nullptr) {
  const IntegrateView v = integrate_view(s, half_dt_over_m);
  for_atom_blocks(v, team, [&](int b, int e) {
    MDB_INDEPENDENT_ATOMS
    for (int i = b; i < e; ++i) kick_atom(v, i);
  });
}

/// A: x += dt * v.
inline void drift(System& s, double dt, ThreadTeam* team = nullptr) {
  const IntegrateView v = integrate_view(s);
  for_atom_blocks(v, team, [&](int b, int e) {
    MDB_INDEPENDENT_ATOMS
    for (int i = b; i < e; ++i) drift_atom(v, i, dt);
  });
}

/// B then A block by block: the same arithmetic per atom as kick, then drift, in one team phase.
/// One loop per update within a block (a fused per-atom loop measured 20 % slower).
inline void kick_drift(System& s, std::span<const double> half_dt_over_m, double dt,
                       ThreadTeam* team = nullptr) {
  const IntegrateView v = integrate_view(s, half_dt_over_m);
  for_atom_blocks(v, team, [&](int b, int e) {
    MDB_INDEPENDENT_ATOMS
    for (int i = b; i < e; ++i) kick_atom(v, i);
    MDB_INDEPENDENT_ATOMS
    for (int i = b; i < e; ++i) drift_atom(v, i, dt);
  });
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
