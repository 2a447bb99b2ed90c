#pragma once
// A model's potential as GROMACS's topology and run parameters express it, in the case's own
// units: what the catalogue hands the GROMACS writer (bench/peers/gromacs_topology.*,
// gromacs_mdp.*), as it hands the LAMMPS peer its pair lines.
#include <optional>
#include <string>
#include <vector>

#include "model/lennard_jones.hpp"
#include "model/water/water_params.hpp"

namespace mdb::bench {

/// Lennard-Jones by species, and harmonic bonds and angles by the species they join; charges,
/// molecules and which atoms are bonded come from the System's topology. Charges need `pme`
/// (GROMACS's smooth PME); a charged state of a potential without it is not written.
struct GromacsPotential {
  /// Coulomb by smooth PME with GROMACS's parameters, the real space cut at `cutoff`,
  /// unshifted (coulomb-modifier None, as md_bench's and LAMMPS's coul/long).
  struct Pme {
    double ewald_rtol = 1e-5;
    double fourier_spacing = 0.0;  ///< case length; the writer also names the grid md_bench uses
    int order = 4;
  };
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
  std::optional<Pme> pme;
};

/// The GROMACS form of `LennardJones(params)`.
GromacsPotential gromacs_lj(const LjParams& params);

/// The GROMACS form of a water model: LJ on oxygen only (hydrogen's sigma and epsilon 0), the
/// O-H bond and H-O-H angle, every pair within a molecule excluded (nrexcl 2), PME with the
/// model's Ewald settings. Metal units (Angstrom, eV).
GromacsPotential gromacs_water(const WaterParams& params);

}  // namespace mdb::bench
