#pragma once
// GROMACS run parameters (.mdp) for the dynamics md_bench times: the same cutoff, list buffer,
// list interval, potential modifier and time step. Pure text, tested without GROMACS.
#include <array>
#include <string>

#include "bench/peers/gromacs_potential.hpp"
#include "bench/peers/gromacs_units.hpp"
#include "kernels/common/neighbor_policy.hpp"

namespace mdb::bench {

/// The parameters, in GROMACS's units.
struct GromacsRunParams {
  std::string title;
  double dt_ps = 0.0;
  long steps = 0;  ///< nsteps (mdrun -nsteps overrides it)
  double rvdw_nm = 0.0;
  /// rlist = rvdw + the list buffer (md_bench's skin); with verlet-buffer-tolerance = -1 GROMACS
  /// takes it and `list_interval` as given, and prunes no list between searches.
  double rlist_nm = 0.0;
  int list_interval = 10;  ///< nstlist
  bool vdw_shift = false;  ///< vdw-modifier: Potential-shift, else None
  /// Coulomb by PME (else no charges: a plain cut-off GROMACS skips for uncharged clusters).
  bool pme = false;
  double ewald_rtol = 1e-5;
  double fourier_spacing_nm = 0.12;
  int pme_order = 4;
  /// fourier-nx/ny/nz: the grid md_bench's PME chose for the state's box (0: GROMACS picks from
  /// fourier-spacing, by the same rule).
  std::array<int, 3> pme_grid{0, 0, 0};
  /// Energies every step and forces written every step: the parameters of `mdrun -rerun`.
  bool rerun = false;
};

/// The run parameters of a state with `potential` (case units), its neighbour `policy` (skin in
/// case length), time step `dt` (case time) and `list_interval` (its steps between list
/// searches; for a policy that checks displacements, what the caller measured).
GromacsRunParams gromacs_run_params(const GromacsPotential& potential, const NeighborPolicy& policy,
                                    double dt, int list_interval, const GromacsUnits& units,
                                    std::string title);

/// The .mdp text: leap-frog NVE (integrator md: velocity Verlet's cost, not its splitting),
/// Verlet lists at the given rlist and nstlist, plain cut-off LJ with the modifier, Coulomb by
/// unshifted PME or none, no dispersion correction, no centre-of-mass removal (md_bench does none),
/// energies every 1,000 steps, no trajectory output (unless `rerun`).
std::string mdp_text(const GromacsRunParams& params);

}  // namespace mdb::bench
