#include "bench/peers/gromacs_topology.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <tuple>
#include <unordered_set>
#include <utility>

namespace mdb::bench {
namespace {

[[noreturn]] void bad_topology(const std::string& what) {
  throw std::invalid_argument("GROMACS topology: " + what);
}

// GROMACS reads these files as whitespace-separated fields, and the .gro file's name columns are
// five characters wide.
const std::string& gromacs_name(const std::string& name, const char* what) {
  if (name.empty() || name.size() > 5) {
    bad_topology(std::string(what) + " '" + name + "' must have 1 to 5 characters for GROMACS");
  }
  for (const char c : name) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      bad_topology(std::string(what) + " '" + name + "' holds a blank");
    }
  }
  return name;
}

const GromacsPotential::LjType& lj_of(const GromacsPotential& p, const std::string& species) {
  for (const GromacsPotential::LjType& t : p.lj) {
    if (t.species == species) return t;
  }
  bad_topology("the potential has no Lennard-Jones parameters for species '" + species + "'");
}

GromacsBond bond_of(const GromacsPotential& p, const GromacsUnits& u, const std::string& a,
                    const std::string& b) {
  for (const GromacsPotential::BondType& t : p.bonds) {
    if ((t.a == a && t.b == b) || (t.a == b && t.b == a)) {
      return {0, 0, t.length * u.nm_per_length,
              t.k * u.kj_mol_per_energy / (u.nm_per_length * u.nm_per_length)};
    }
  }
  bad_topology("the potential has no bond parameters for " + a + "-" + b);
}

GromacsAngle angle_of(const GromacsPotential& p, const GromacsUnits& u, const std::string& a,
                      const std::string& vertex, const std::string& c) {
  for (const GromacsPotential::AngleType& t : p.angles) {
    if (t.vertex == vertex && ((t.a == a && t.c == c) || (t.a == c && t.c == a))) {
      return {0, 0, 0, t.theta_deg, t.k * u.kj_mol_per_energy};
    }
  }
  bad_topology("the potential has no angle parameters for " + a + "-" + vertex + "-" + c);
}

// Where each atom's molecule starts: runs of one molecule id, or every atom alone.
std::vector<std::size_t> molecule_starts(const System& system) {
  const std::vector<int>& id = system.topology().molecule;
  std::vector<std::size_t> starts;
  std::unordered_set<int> seen;
  for (std::size_t i = 0; i < system.size(); ++i) {
    if (id.empty() || i == 0 || id[i] != id[i - 1]) {
      if (!id.empty() && !seen.insert(id[i]).second) {
        bad_topology("molecule " + std::to_string(id[i]) +
                     "'s atoms are not consecutive (GROMACS lists molecules atom after atom)");
      }
      starts.push_back(i);
    }
  }
  starts.push_back(system.size());
  return starts;
}

bool alike(const GromacsMoleculeType& a, const GromacsMoleculeType& b) {
  return a.exclusions == b.exclusions && a.atoms == b.atoms && a.bonds == b.bonds &&
         a.angles == b.angles;
}

// Molecule type names: the species in order when they fit ("OHH"), else "MOL"; a name taken by
// another type gets the type's number instead.
std::string molecule_name(const GromacsMoleculeType& m, const GromacsTopology& top) {
  std::string name;
  for (const GromacsAtom& a : m.atoms) name += a.type;
  if (name.size() > 5) name = "MOL";
  for (const GromacsMoleculeType& t : top.molecule_types) {
    if (t.name == name) return "M" + std::to_string(top.molecule_types.size() + 1);
  }
  return name;
}

}  // namespace

GromacsTopology make_gromacs_topology(const GromacsPotential& potential, const System& system,
                                      const GromacsUnits& units, std::string title) {
  GromacsTopology top;
  top.title = std::move(title);
  top.combination_rule = potential.geometric_mixing ? 3 : 2;
  const std::vector<Species>& species = system.species_table();
  for (const Species& s : species) {
    const GromacsPotential::LjType& lj = lj_of(potential, s.name);
    top.atom_types.push_back({gromacs_name(s.name, "species"), s.mass * units.amu_per_mass,
                              lj.sigma * units.nm_per_length,
                              lj.epsilon * units.kj_mol_per_energy});
  }
  for (const GromacsPotential::LjPair& p : potential.lj_pairs) {
    if (system.find_species(p.a) < 0 || system.find_species(p.b) < 0) continue;
    top.pair_types.push_back(
        {p.a, p.b, p.sigma * units.nm_per_length, p.epsilon * units.kj_mol_per_energy});
  }
  const Topology& topo = system.topology();
  const std::vector<std::size_t> starts = molecule_starts(system);
  // Each molecule's bonds and angles, found by the molecule of their first atom.
  std::vector<int> molecule_of(system.size());
  for (std::size_t m = 0; m + 1 < starts.size(); ++m) {
    for (std::size_t i = starts[m]; i < starts[m + 1]; ++i) molecule_of[i] = static_cast<int>(m);
  }
  std::vector<std::vector<GromacsBond>> bonds(starts.size() - 1);
  std::vector<std::vector<GromacsAngle>> angles(starts.size() - 1);
  const auto name_of = [&](int atom) -> const std::string& {
    return species[system.species()[atom]].name;
  };
  for (const Bond& b : topo.bonds) {
    const int m = molecule_of[b.i];
    if (molecule_of[b.j] != m) {
      bad_topology("bond " + std::to_string(b.i) + "-" + std::to_string(b.j) +
                   " joins two molecules");
    }
    GromacsBond g = bond_of(potential, units, name_of(b.i), name_of(b.j));
    g.i = b.i - static_cast<int>(starts[m]);
    g.j = b.j - static_cast<int>(starts[m]);
    bonds[m].push_back(g);
  }
  for (const Angle& a : topo.angles) {
    const int m = molecule_of[a.j];
    if (molecule_of[a.i] != m || molecule_of[a.k] != m) {
      bad_topology("angle " + std::to_string(a.i) + "-" + std::to_string(a.j) + "-" +
                   std::to_string(a.k) + " spans two molecules");
    }
    GromacsAngle g = angle_of(potential, units, name_of(a.i), name_of(a.j), name_of(a.k));
    const int first = static_cast<int>(starts[m]);
    g.i = a.i - first;
    g.j = a.j - first;
    g.k = a.k - first;
    angles[m].push_back(g);
  }
  for (std::size_t m = 0; m + 1 < starts.size(); ++m) {
    GromacsMoleculeType mol;
    mol.exclusions = potential.exclusions;
    for (std::size_t i = starts[m]; i < starts[m + 1]; ++i) {
      const Species& s = species[system.species()[i]];
      const double q = topo.charge.empty() ? 0.0 : topo.charge[i];
      mol.atoms.push_back({s.name, s.name, q, s.mass * units.amu_per_mass});
    }
    // Atom names: the species, numbered where a species comes more than once ("H1", "H2").
    std::map<std::string, int> count, ordinal;
    for (const GromacsAtom& a : mol.atoms) ++count[a.type];
    for (GromacsAtom& a : mol.atoms) {
      const int k = ++ordinal[a.type];
      if (count[a.type] > 1) a.name = gromacs_name(a.type + std::to_string(k), "atom name");
    }
    // In a canonical order (i < j, i < k, sorted), so molecules that differ only in the order
    // their structure file listed bonds and angles share a type.
    mol.bonds = std::move(bonds[m]);
    for (GromacsBond& b : mol.bonds) {
      if (b.j < b.i) std::swap(b.i, b.j);
    }
    std::sort(mol.bonds.begin(), mol.bonds.end(), [](const GromacsBond& a, const GromacsBond& b) {
      return std::pair(a.i, a.j) < std::pair(b.i, b.j);
    });
    mol.angles = std::move(angles[m]);
    for (GromacsAngle& a : mol.angles) {
      if (a.k < a.i) std::swap(a.i, a.k);
    }
    std::sort(mol.angles.begin(), mol.angles.end(),
              [](const GromacsAngle& a, const GromacsAngle& b) {
                return std::tuple(a.j, a.i, a.k) < std::tuple(b.j, b.i, b.k);
              });
    // Consecutive alike molecules extend the last block; else find or add the type.
    if (!top.molecules.empty() && alike(top.molecule_types[top.molecules.back().type], mol)) {
      ++top.molecules.back().count;
      continue;
    }
    int type = -1;
    for (std::size_t t = 0; t < top.molecule_types.size() && type < 0; ++t) {
      if (alike(top.molecule_types[t], mol)) type = static_cast<int>(t);
    }
    if (type < 0) {
      mol.name = molecule_name(mol, top);
      type = static_cast<int>(top.molecule_types.size());
      top.molecule_types.push_back(std::move(mol));
    }
    top.molecules.push_back({type, 1});
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
    t += a.name + " " + gromacs_number(a.mass_amu) + " 0.0 A " + gromacs_number(a.sigma_nm) + " " +
         gromacs_number(a.epsilon_kj_mol) + "\n";
  }
  if (!top.pair_types.empty()) {
    t += "\n[ nonbond_params ]\n; i j func sigma(nm) epsilon(kJ/mol)\n";
    for (const GromacsPairType& p : top.pair_types) {
      t += p.a + " " + p.b + " 1 " + gromacs_number(p.sigma_nm) + " " +
           gromacs_number(p.epsilon_kj_mol) + "\n";
    }
  }
  for (const GromacsMoleculeType& m : top.molecule_types) {
    t += "\n[ moleculetype ]\n; name nrexcl\n" + m.name + " " + std::to_string(m.exclusions) + "\n";
    t += "\n[ atoms ]\n; nr type resnr residue atom cgnr charge mass\n";
    for (std::size_t i = 0; i < m.atoms.size(); ++i) {
      const GromacsAtom& a = m.atoms[i];
      const std::string nr = std::to_string(i + 1);
      t += nr + " " + a.type + " 1 " + m.name + " " + a.name + " " + nr + " " +
           gromacs_number(a.charge_e) + " " + gromacs_number(a.mass_amu) + "\n";
    }
    if (!m.bonds.empty()) {
      t += "\n[ bonds ]\n; i j func b0(nm) kb(kJ/mol/nm^2)\n";
      for (const GromacsBond& b : m.bonds) {
        t += std::to_string(b.i + 1) + " " + std::to_string(b.j + 1) + " 1 " +
             gromacs_number(b.length_nm) + " " + gromacs_number(b.k_kj_mol_nm2) + "\n";
      }
    }
    if (!m.angles.empty()) {
      t += "\n[ angles ]\n; i j k func theta0(deg) k(kJ/mol/rad^2)\n";
      for (const GromacsAngle& a : m.angles) {
        t += std::to_string(a.i + 1) + " " + std::to_string(a.j + 1) + " " +
             std::to_string(a.k + 1) + " 1 " + gromacs_number(a.theta_deg) + " " +
             gromacs_number(a.k_kj_mol_rad2) + "\n";
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
