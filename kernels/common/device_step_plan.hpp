#pragma once
// The device step, written once (miniMD's step, read top to bottom): head -> (NPT: kinetic
// energy, barostat move and scaling) -> decide -> build -> force -> tail. The CUDA engine
// enqueues it over its kernels (md/engine/cuda/device_simulation.cu, and its graphs) and the
// emulated engine runs it over host launches (tests/kernels/emulated_engine.cpp), so the engine
// conformance suite tests the order the GPU runs. Also the one filling of the step's views from
// the engine's arrays, and the per-atom constants both engines upload.
//
// A plan is a function template over a launcher, a type with these members:
//   void head();            the integrator's first part (B A, or B A O A) and the displacement
//                           maximum (under NPT the scaling reduces it instead)
//   void barostat();        NPT: each replica's kinetic energy, the move, the scaling of atoms
//   void decide();          rebuild_verdict into the control block
//   void build();           the list build, which returns at once when none is due
//   void force(bool sums);  the model's forces; energy and virial sums when `sums`
//   void tail();            the last half kick
// Plain C++: no CUDA header, no allocation.
#include <cmath>
#include <cstdint>

#include "kernels/common/barostat_bodies.hpp"
#include "kernels/common/engine_control.hpp"
#include "kernels/common/integrate_bodies.hpp"

namespace mdb::step_plan {

/// Whether a step's force call sums energy and virial: on observed steps, and on every NPT step
/// (the next step's barostat reads the virial).
constexpr bool sums_energy_virial(bool observe, bool npt) {
  return observe || npt;
}

/// Head, under NPT the barostat, and the rebuild decision: the part of a step before the build
/// (a CUDA graph puts the build in a conditional node after it).
template <class Launcher>
void head_and_decide(Launcher& launch, bool npt) {
  launch.head();
  if (npt) launch.barostat();
  launch.decide();
}

/// The part of a step after the build.
template <class Launcher>
void force_and_tail(Launcher& launch, bool observe, bool npt) {
  launch.force(sums_energy_virial(observe, npt));
  launch.tail();
}

/// One whole step.
template <class Launcher>
void step(Launcher& launch, bool observe, bool npt) {
  head_and_decide(launch, npt);
  launch.build();
  force_and_tail(launch, observe, npt);
}

/// After a build that outgrew the list was grown and done again: the rest of the interrupted
/// step, then the `remaining` steps the halted engine skipped; the last of all observes when
/// `last_observe`.
template <class Launcher>
void finish_and_replay(Launcher& launch, long long remaining, bool last_observe, bool npt) {
  force_and_tail(launch, remaining == 0 && last_observe, npt);
  for (long long k = 0; k < remaining; ++k) step(launch, k == remaining - 1 && last_observe, npt);
}

/// The state arrays of a device-style engine (device memory on the GPU, host vectors in the
/// emulated engine): n atoms over all replicas, replica r owning atoms [r apr, (r + 1) apr).
struct StepArrays {
  int n = 0;
  int atoms_per_replica = 0;
  double *x = nullptr, *y = nullptr, *z = nullptr;
  double *vx = nullptr, *vy = nullptr, *vz = nullptr;
  double *fx = nullptr, *fy = nullptr, *fz = nullptr;
  double *x0 = nullptr, *y0 = nullptr, *z0 = nullptr;  ///< positions at the last build
  const double* half_dt_over_m = nullptr;              ///< half_dt_over_m() per atom
  const double* noise_sigma = nullptr;                 ///< langevin_noise_sigma() per atom
  double* kinetic = nullptr;                           ///< per replica (NPT)
  double* sums = nullptr;                              ///< kEnergyVirialSums per replica
  double* box_len = nullptr;                           ///< 3 per replica (Angstrom)
  EngineControl* ctl = nullptr;
};

/// The step's constants, from the ensemble and the unit system (internal units).
struct StepConstants {
  double dt = 0.0;  ///< ps
  double c1 = 1.0;  ///< Langevin exp(-gamma dt); 1 for NVE
  std::uint64_t thermostat_seed = 0;
  CellRescalingCoupling coupling;  ///< NPT
  double kt = 0.0;                 ///< k_B T of the bath (eV)
  std::uint64_t barostat_seed = 0;
};

/// (dt/2) ftm2v / m: the velocity change per unit force of a half kick.
inline double half_dt_over_m(double dt, double ftm2v, double mass) {
  return 0.5 * dt * ftm2v / mass;
}

/// The O step's noise amplitude, sqrt((1 - c1^2) k_B T / (m mvv2e)) (Angstrom/ps; 0 for NVE,
/// where c1 = 1).
inline double langevin_noise_sigma(double c1, double boltzmann, double temperature, double mass,
                                   double mvv2e) {
  return std::sqrt((1.0 - c1 * c1) * boltzmann * temperature / (mass * mvv2e));
}

inline IntegrateView integrate_view(const StepArrays& a, const StepConstants& c) {
  IntegrateView v;
  v.n = a.n;
  v.atoms_per_replica = a.atoms_per_replica;
  v.x = a.x;
  v.y = a.y;
  v.z = a.z;
  v.vx = a.vx;
  v.vy = a.vy;
  v.vz = a.vz;
  v.fx = a.fx;
  v.fy = a.fy;
  v.fz = a.fz;
  v.x0 = a.x0;
  v.y0 = a.y0;
  v.z0 = a.z0;
  v.half_dt_over_m = a.half_dt_over_m;
  v.noise_sigma = a.noise_sigma;
  v.dt = c.dt;
  v.c1 = c.c1;
  v.seed = c.thermostat_seed;
  v.ctl = a.ctl;
  return v;
}

/// The barostat's view; the caller adds box_lo and lambda (each engine keeps its own).
inline BarostatView barostat_view(const StepArrays& a, const StepConstants& c,
                                  const ReplicaCellGrid* grids) {
  BarostatView v;
  v.n = a.n;
  v.atoms_per_replica = a.atoms_per_replica;
  v.x = a.x;
  v.y = a.y;
  v.z = a.z;
  v.vx = a.vx;
  v.vy = a.vy;
  v.vz = a.vz;
  v.x0 = a.x0;
  v.y0 = a.y0;
  v.z0 = a.z0;
  v.kinetic = a.kinetic;
  v.sums = a.sums;
  v.box_len = a.box_len;
  v.grids = grids;
  v.coupling = c.coupling;
  v.kt = c.kt;
  v.dt = c.dt;
  v.seed = c.barostat_seed;
  v.ctl = a.ctl;
  return v;
}

}  // namespace mdb::step_plan
