#include "bench/peers/gromacs_topology.hpp"

#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace mdb::bench {
namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("GROMACS topology: " + what);
}

// GROMACS reads these files as whitespace-separated fields, and the .gro file's name columns are
// five characters wide.
const std::string& gromacs_name(const std::string& name, const char* what) {
  if (name.empty() || name.size() > 5) {
    bad(std::string(what) + " '" + name + "' must have 1 to 5 characters for GROMACS");
  }
  for (const char c : name) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      bad(std::string(what) + " '" + name + "' holds a blank");
    }
  }
  return name;
}

// Ten significant digits: more than GROMACS's float keeps, and short enough to read.
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

const GromacsPotential::LjType& lj_of(const GromacsPotential& p, const std::string& species) {
  for (const GromacsPotential::LjType& t : p.lj) {
    if (t.species == species) return t;
  }
  bad("the potential has no Lennard-Jones parameters for species '" + species + "'");
}

}  // namespace

GromacsTopology make_gromacs_topology(const GromacsPotential& potential, const System& system,
                                      const GromacsUnits& units, std::string title) {
  GromacsTopology top;
  top.title = std::move(title);
  top.combination_rule = potential.geometric_mixing ? 3 : 2;
  for (const Species& s : system.species_table()) {
    const GromacsPotential::LjType& lj = lj_of(potential, s.name);
    const double mass = s.mass * units.amu_per_mass;
    top.atom_types.push_back({gromacs_name(s.name, "species"), mass, lj.sigma * units.nm_per_length,
                              lj.epsilon * units.kj_mol_per_energy});
    GromacsMoleculeType m;
    m.name = s.name;
    m.atoms.push_back({s.name, s.name, 0.0, mass});
    top.molecule_types.push_back(std::move(m));
  }
  for (const GromacsPotential::LjPair& p : potential.lj_pairs) {
    if (system.find_species(p.a) < 0 || system.find_species(p.b) < 0) continue;
    top.pair_types.push_back(
        {p.a, p.b, p.sigma * units.nm_per_length, p.epsilon * units.kj_mol_per_energy});
  }
  // A charged, bonded system (water) makes a molecule type per distinct molecule here, from the
  // System's molecule ids, bonds and angles; without them every atom is its own molecule.
  for (const int species : system.species()) {
    if (top.molecules.empty() || top.molecules.back().type != species) {
      top.molecules.push_back({species, 0});
    }
    ++top.molecules.back().count;
  }
  return top;
}

std::string topology_text(const GromacsTopology& top) {
  std::string t = "; " + top.title + "\n";
  t += "; written by md_bench --md_gromacs_inputs (bench/peers/gromacs_topology.cpp)\n\n";
  t += "[ defaults ]\n; nbfunc comb-rule gen-pairs fudgeLJ fudgeQQ\n";
  t += "1 " + std::to_string(top.combination_rule) + " no 1.0 1.0\n\n";
  t += "[ atomtypes ]\n; name mass charge ptype sigma(nm) epsilon(kJ/mol)\n";
  for (const GromacsAtomType& a : top.atom_types) {
    t += a.name + " " + number(a.mass_amu) + " 0.0 A " + number(a.sigma_nm) + " " +
         number(a.epsilon_kj_mol) + "\n";
  }
  if (!top.pair_types.empty()) {
    t += "\n[ nonbond_params ]\n; i j func sigma(nm) epsilon(kJ/mol)\n";
    for (const GromacsPairType& p : top.pair_types) {
      t += p.a + " " + p.b + " 1 " + number(p.sigma_nm) + " " + number(p.epsilon_kj_mol) + "\n";
    }
  }
  for (const GromacsMoleculeType& m : top.molecule_types) {
    t += "\n[ moleculetype ]\n; name nrexcl\n" + m.name + " " + std::to_string(m.exclusions) + "\n";
    t += "\n[ atoms ]\n; nr type resnr residue atom cgnr charge mass\n";
    for (std::size_t i = 0; i < m.atoms.size(); ++i) {
      const GromacsAtom& a = m.atoms[i];
      const std::string nr = std::to_string(i + 1);
      t += nr + " " + a.type + " 1 " + m.name + " " + a.name + " " + nr + " " + number(a.charge_e) +
           " " + number(a.mass_amu) + "\n";
    }
    if (!m.bonds.empty()) {
      t += "\n[ bonds ]\n; i j func b0(nm) kb(kJ/mol/nm^2)\n";
      for (const GromacsBond& b : m.bonds) {
        t += std::to_string(b.i + 1) + " " + std::to_string(b.j + 1) + " 1 " + number(b.length_nm) +
             " " + number(b.k_kj_mol_nm2) + "\n";
      }
    }
    if (!m.angles.empty()) {
      t += "\n[ angles ]\n; i j k func theta0(deg) k(kJ/mol/rad^2)\n";
      for (const GromacsAngle& a : m.angles) {
        t += std::to_string(a.i + 1) + " " + std::to_string(a.j + 1) + " " +
             std::to_string(a.k + 1) + " 1 " + number(a.theta_deg) + " " + number(a.k_kj_mol_rad2) +
             "\n";
      }
    }
  }
  t += "\n[ system ]\n" + top.title + "\n\n[ molecules ]\n; name count\n";
  for (const GromacsMoleculeBlock& b : top.molecules) {
    t += top.molecule_types[b.type].name + " " + std::to_string(b.count) + "\n";
  }
  return t;
}

long topology_atoms(const GromacsTopology& top) {
  long n = 0;
  for (const GromacsMoleculeBlock& b : top.molecules) {
    n += b.count * static_cast<long>(top.molecule_types[b.type].atoms.size());
  }
  return n;
}

}  // namespace mdb::bench
