#include "md/core/topology.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb {
namespace {

void check_index(int index, std::size_t n_atoms, const char* what, std::size_t which) {
  if (index < 0 || static_cast<std::size_t>(index) >= n_atoms) {
    throw std::invalid_argument("topology: " + std::string(what) + ' ' + std::to_string(which + 1) +
                                " names atom index " + std::to_string(index) + ", outside 0.." +
                                std::to_string(n_atoms) + " - 1");
  }
}

}  // namespace

double Topology::net_charge() const {
  double q = 0.0;
  for (double qi : charge) q += qi;
  return q;
}

void check_topology(const Topology& t, std::size_t n_atoms) {
  auto per_atom = [&](std::size_t size, const char* what) {
    if (size != 0 && size != n_atoms) {
      throw std::invalid_argument("topology: " + std::to_string(size) + ' ' + what + " for " +
                                  std::to_string(n_atoms) + " atoms");
    }
  };
  per_atom(t.charge.size(), "charges");
  per_atom(t.molecule.size(), "molecule ids");
  for (std::size_t a = 0; a < t.charge.size(); ++a) {
    if (!std::isfinite(t.charge[a])) {
      throw std::invalid_argument("topology: charge of atom " + std::to_string(a) +
                                  " is not finite");
    }
  }
  for (int m : t.molecule) {
    if (m < 0) throw std::invalid_argument("topology: molecule ids must be >= 0");
  }
  for (std::size_t b = 0; b < t.bonds.size(); ++b) {
    const Bond& bond = t.bonds[b];
    check_index(bond.i, n_atoms, "bond", b);
    check_index(bond.j, n_atoms, "bond", b);
    if (bond.i == bond.j || bond.type < 0) {
      throw std::invalid_argument("topology: bond " + std::to_string(b + 1) +
                                  " joins an atom to itself or has a negative type");
    }
  }
  for (std::size_t a = 0; a < t.angles.size(); ++a) {
    const Angle& angle = t.angles[a];
    check_index(angle.i, n_atoms, "angle", a);
    check_index(angle.j, n_atoms, "angle", a);
    check_index(angle.k, n_atoms, "angle", a);
    if (angle.i == angle.j || angle.j == angle.k || angle.i == angle.k || angle.type < 0) {
      throw std::invalid_argument("topology: angle " + std::to_string(a + 1) +
                                  " names an atom twice or has a negative type");
    }
  }
}

Topology repeat_topology(const Topology& t, std::size_t n_atoms, std::size_t n_copies) {
  Topology out;
  const int shift = static_cast<int>(n_atoms);
  const int mol_shift =
      t.molecule.empty() ? 0 : *std::max_element(t.molecule.begin(), t.molecule.end()) + 1;
  out.charge.reserve(t.charge.size() * n_copies);
  out.molecule.reserve(t.molecule.size() * n_copies);
  out.bonds.reserve(t.bonds.size() * n_copies);
  out.angles.reserve(t.angles.size() * n_copies);
  for (std::size_t c = 0; c < n_copies; ++c) {
    const int o = static_cast<int>(c) * shift;
    out.charge.insert(out.charge.end(), t.charge.begin(), t.charge.end());
    for (int m : t.molecule) out.molecule.push_back(m + static_cast<int>(c) * mol_shift);
    for (const Bond& b : t.bonds) out.bonds.push_back({b.i + o, b.j + o, b.type});
    for (const Angle& a : t.angles) out.angles.push_back({a.i + o, a.j + o, a.k + o, a.type});
  }
  return out;
}

}  // namespace mdb
