#pragma once
// A GROMACS topology (.top) in GROMACS's units, made from a potential and a System, and written
// as text. Pure: tested on small systems without GROMACS (tests/bench/test_gromacs_files.cpp).
#include <string>
#include <vector>

#include "bench/peers/gromacs_potential.hpp"
#include "bench/peers/gromacs_units.hpp"
#include "md/core/system.hpp"

namespace mdb::bench {

/// [ atomtypes ]: sigma in nm, epsilon in kJ/mol (comb-rule 2 and 3 both take sigma, epsilon).
struct GromacsAtomType {
  std::string name;
  double mass_amu = 0.0;
  double sigma_nm = 0.0;
  double epsilon_kj_mol = 0.0;
};
/// [ nonbond_params ] line: an explicit pair, sigma in nm, epsilon in kJ/mol.
struct GromacsPairType {
  std::string a, b;
  double sigma_nm = 0.0;
  double epsilon_kj_mol = 0.0;
};
/// An atom of a molecule type ([ atoms ]).
struct GromacsAtom {
  std::string type;
  std::string name;
  double charge_e = 0.0;
  double mass_amu = 0.0;
  bool operator==(const GromacsAtom&) const = default;
};
/// A harmonic bond (function 1; atoms counted from 0 here, from 1 in the file).
struct GromacsBond {
  int i = 0, j = 0;
  double length_nm = 0.0;
  double k_kj_mol_nm2 = 0.0;
  bool operator==(const GromacsBond&) const = default;
};
/// A harmonic angle (function 1) with `j` at the vertex.
struct GromacsAngle {
  int i = 0, j = 0, k = 0;
  double theta_deg = 0.0;
  double k_kj_mol_rad2 = 0.0;
  bool operator==(const GromacsAngle&) const = default;
};
/// A [ moleculetype ]; its name is also the residue name in the .gro file (at most 5 characters).
struct GromacsMoleculeType {
  std::string name;
  int exclusions = 1;  ///< nrexcl: bonds apart within which nonbonded pairs are excluded
  std::vector<GromacsAtom> atoms;
  std::vector<GromacsBond> bonds;
  std::vector<GromacsAngle> angles;
};
/// `count` consecutive molecules of one type ([ molecules ] line), in the coordinates' order.
struct GromacsMoleculeBlock {
  int type = 0;  ///< index into molecule_types
  long count = 0;
};

struct GromacsTopology {
  std::string title;
  int combination_rule = 3;  ///< 2: Lorentz-Berthelot; 3: geometric
  std::vector<GromacsAtomType> atom_types;
  std::vector<GromacsPairType> pair_types;
  std::vector<GromacsMoleculeType> molecule_types;
  std::vector<GromacsMoleculeBlock> molecules;
};

/// The topology of `system` under `potential` (case units, converted by `units`): an atom type
/// per species; a molecule per run of atoms with one molecule id in the System's topology (each
/// atom its own molecule without ids), with its atoms' charges and the bonds and angles inside
/// it, parameters by species from the potential; molecules alike (atoms, charges, bonds,
/// angles) share a molecule type, named after its species ("Ar"; "OHH"). Throws
/// std::invalid_argument for a species, bond or angle the potential has no parameters for, a
/// molecule whose atoms are not consecutive or a bond or angle between molecules (GROMACS lists
/// molecules atom after atom), or a name GROMACS's files cannot hold (empty, a blank, over 5
/// characters).
GromacsTopology make_gromacs_topology(const GromacsPotential& potential, const System& system,
                                      const GromacsUnits& units, std::string title);

/// The .top file's text (numbers with enough digits to read back to the same float and more).
std::string topology_text(const GromacsTopology& topology);

/// Atoms in the topology's molecules (the .gro file must hold as many, in the same order).
long topology_atoms(const GromacsTopology& topology);

}  // namespace mdb::bench
