#pragma once
// A model's potential as GROMACS's topology and run parameters express it, in the case's own
// units: what the catalogue hands the GROMACS writer (bench/peers/gromacs_topology.*,
// gromacs_mdp.*), as it hands the LAMMPS peer its pair lines.
#include <string>
#include <vector>

#include "model/lennard_jones.hpp"

namespace mdb::bench {

/// Lennard-Jones by species, and harmonic bonds and angles by the species they join; charges,
/// molecules and which atoms are bonded come from the System's topology. Electrostatics are not
/// written yet: a charged system is refused (gromacs_run_params) until a model says how.
struct GromacsPotential {
  /// One species' LJ parameters (case units: sigma a length, epsilon an energy).
  struct LjType {
    std::string species;
    double sigma = 0.0;
    double epsilon = 0.0;
  };
  /// An unlike pair that does not follow the mixing rule ([ nonbond_params ]).
  struct LjPair {
    std::string a, b;
    double sigma = 0.0;
    double epsilon = 0.0;
  };
  /// A harmonic bond between species a and b (either order), GROMACS's form:
  /// V = k (r - length)^2 / 2 (case units; LAMMPS's bond_style harmonic has no 1/2).
  struct BondType {
    std::string a, b;
    double length = 0.0;
    double k = 0.0;  ///< energy / length^2
  };
  /// A harmonic angle a-vertex-c (a and c either way round): V = k (theta - theta0)^2 / 2.
  struct AngleType {
    std::string a, vertex, c;
    double theta_deg = 0.0;
    double k = 0.0;  ///< energy / rad^2
  };
  std::vector<LjType> lj;
  std::vector<LjPair> lj_pairs;
  std::vector<BondType> bonds;
  std::vector<AngleType> angles;
  /// Nonbonded pairs excluded within a molecule: those this many bonds apart or fewer (nrexcl).
  int exclusions = 1;
  /// Unlike pairs: geometric sigma and epsilon (GROMACS comb-rule 3, LAMMPS's default), else
  /// Lorentz-Berthelot (comb-rule 2).
  bool geometric_mixing = true;
  double cutoff = 0.0;  ///< rvdw (case length)
  /// Energy shifted to zero at the cutoff (vdw-modifier = Potential-shift); else plain truncation
  /// (None), as LAMMPS's lj/cut. Forces are the same either way.
  bool shift = false;
};

/// The GROMACS form of `LennardJones(params)`.
GromacsPotential gromacs_lj(const LjParams& params);

}  // namespace mdb::bench
