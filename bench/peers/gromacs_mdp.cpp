#include "bench/peers/gromacs_mdp.hpp"

#include <cstdio>
#include <stdexcept>

namespace mdb::bench {
namespace {

std::string line(const char* key, const std::string& value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%-24s = ", key);
  return buf + value + "\n";
}

}  // namespace

GromacsRunParams gromacs_run_params(const GromacsPotential& potential, const NeighborPolicy& policy,
                                    double dt, int list_interval, const GromacsUnits& units,
                                    std::string title) {
  if (!(dt > 0.0) || !(potential.cutoff > 0.0) || !(policy.skin >= 0.0) || list_interval < 1) {
    throw std::invalid_argument(
        "GROMACS run parameters: need dt > 0, cutoff > 0, skin >= 0 and a list interval >= 1");
  }
  GromacsRunParams p;
  p.title = std::move(title);
  p.dt_ps = dt * units.ps_per_time;
  p.rvdw_nm = potential.cutoff * units.nm_per_length;
  p.rlist_nm = (potential.cutoff + policy.skin) * units.nm_per_length;
  p.list_interval = list_interval;
  p.vdw_shift = potential.shift;
  if (potential.pme) {
    p.pme = true;
    p.ewald_rtol = potential.pme->ewald_rtol;
    p.fourier_spacing_nm = potential.pme->fourier_spacing * units.nm_per_length;
    p.pme_order = potential.pme->order;
  }
  return p;
}

std::string mdp_text(const GromacsRunParams& p) {
  std::string t = "; " + p.title + "\n";
  t += "; written by md_bench --md_gromacs_inputs (bench/peers/gromacs_mdp.cpp)\n";
  t += line("integrator", "md");
  t += line("dt", gromacs_number(p.dt_ps));
  t += line("nsteps", std::to_string(p.steps));
  t += line("continuation", "yes");  // the state is equilibrated: nothing to constrain or draw
  t += line("gen-vel", "no");
  t += line("comm-mode", "None");
  t += line("pbc", "xyz");
  t += line("cutoff-scheme", "Verlet");
  t += line("verlet-buffer-tolerance", "-1");
  t += line("nstlist", std::to_string(p.list_interval));
  t += line("rlist", gromacs_number(p.rlist_nm));
  t += line("vdwtype", "Cut-off");
  t += line("vdw-modifier", p.vdw_shift ? "Potential-shift" : "None");
  t += line("rvdw", gromacs_number(p.rvdw_nm));
  t += line("DispCorr", "no");
  if (p.pme) {
    // Unshifted real space (coul/long's, and md_bench's): the forces are the same either way,
    // the energy is the one md_bench reports.
    t += line("coulombtype", "PME");
    t += line("coulomb-modifier", "None");
    t += line("rcoulomb", gromacs_number(p.rvdw_nm));
    t += line("ewald-rtol", gromacs_number(p.ewald_rtol));
    t += line("pme-order", std::to_string(p.pme_order));
    t += line("fourier-spacing", gromacs_number(p.fourier_spacing_nm));
    if (p.pme_grid[0] > 0) {
      t += line("fourier-nx", std::to_string(p.pme_grid[0]));
      t += line("fourier-ny", std::to_string(p.pme_grid[1]));
      t += line("fourier-nz", std::to_string(p.pme_grid[2]));
    }
    t += line("ewald-geometry", "3d");
    t += line("epsilon-surface", "0");
  } else {
    // No charges: the nonbonded kernels skip Coulomb for clusters without any.
    t += line("coulombtype", "Cut-off");
    t += line("rcoulomb", gromacs_number(p.rvdw_nm));
  }
  t += line("tcoupl", "no");
  t += line("pcoupl", "no");
  const std::string energies = p.rerun ? "1" : "1000";
  t += line("nstcalcenergy", energies);
  t += line("nstenergy", energies);
  t += line("nstlog", energies);
  t += line("nstxout", "0");
  t += line("nstvout", "0");
  t += line("nstfout", p.rerun ? "1" : "0");
  t += line("nstxout-compressed", "0");
  return t;
}

}  // namespace mdb::bench
