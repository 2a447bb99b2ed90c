#pragma once
// A model's potential as GROMACS's topology and run parameters express it, in the case's own
// units: what the catalogue hands the GROMACS writer (bench/peers/gromacs_topology.*,
// gromacs_mdp.*), as it hands the LAMMPS peer its pair lines.
#include <string>
#include <vector>

#include "model/lennard_jones.hpp"

namespace mdb::bench {

/// Lennard-Jones by species today. A charged, bonded model (water) adds its charges, bond and
/// angle parameters and its electrostatics here; the topology's molecules come from the System.
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
  std::vector<LjType> lj;
  std::vector<LjPair> lj_pairs;
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
