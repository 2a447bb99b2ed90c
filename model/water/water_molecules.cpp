#include "model/water/water_molecules.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mdb {
namespace {

[[noreturn]] void fail(const std::string& problem) {
  throw std::invalid_argument("water model: " + problem);
}

std::string atom(int i) {
  return "atom " + std::to_string(i + 1);
}

}  // namespace

WaterMolecules water_molecules(const System& system, const WaterParams& params) {
  const int o = system.find_species(params.oxygen);
  const int h = system.find_species(params.hydrogen);
  const auto species = system.species();
  const int n = static_cast<int>(system.size());
  WaterMolecules m;
  m.charge.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    if (species[i] != o && species[i] != h) {
      fail(atom(i) + " is " + system.species_table()[species[i]].name + ": only " + params.oxygen +
           " and " + params.hydrogen + " belong to a water model");
    }
    m.charge[i] = species[i] == o ? params.charge_o : params.charge_h;
  }
  const Topology& topo = system.topology();
  if (topo.bonds.empty()) {
    fail(
        "the structure has no bonds: give a LAMMPS data file with Bonds and Angles (atom_style "
        "full), or an extended XYZ file of whole molecules (bonds are then inferred)");
  }
  std::vector<int> partner_count(static_cast<std::size_t>(n), 0);
  std::vector<int> oxygen_of(static_cast<std::size_t>(n), -1);
  for (const Bond& b : topo.bonds) {
    const bool ih = species[b.i] == h, jh = species[b.j] == h;
    if (ih == jh) {
      fail("bond " + atom(b.i) + " - " + atom(b.j) + " is not an O-H bond");
    }
    const int oi = ih ? b.j : b.i, hi = ih ? b.i : b.j;
    if (oxygen_of[hi] >= 0) fail(atom(hi) + " (H) has more than one bond");
    oxygen_of[hi] = oi;
    ++partner_count[oi];
    m.bonds.push_back({oi, hi});
    m.excluded.push_back({oi, hi});
  }
  std::vector<int> angle_count(static_cast<std::size_t>(n), 0);
  for (const Angle& a : topo.angles) {
    if (species[a.j] != o || species[a.i] != h || species[a.k] != h || oxygen_of[a.i] != a.j ||
        oxygen_of[a.k] != a.j) {
      fail("angle " + atom(a.i) + " - " + atom(a.j) + " - " + atom(a.k) +
           " is not H-O-H within one molecule");
    }
    ++angle_count[a.j];
    m.angles.push_back({a.i, a.j, a.k});
    m.excluded.push_back({a.i, a.k});
  }
  for (int i = 0; i < n; ++i) {
    if (species[i] == h && oxygen_of[i] < 0) fail(atom(i) + " (H) has no bond to an oxygen");
    if (species[i] == o && (partner_count[i] != 2 || angle_count[i] != 1)) {
      fail(atom(i) + " (O) has " + std::to_string(partner_count[i]) + " bonds and " +
           std::to_string(angle_count[i]) + " angles; a whole molecule has 2 and 1");
    }
  }
  if (!topo.charge.empty()) {
    for (int i = 0; i < n; ++i) {
      if (std::abs(topo.charge[i] - m.charge[i]) > 1e-6) {
        fail(atom(i) + " carries charge " + std::to_string(topo.charge[i]) +
             " e in the structure, the model gives it " + std::to_string(m.charge[i]) + " e");
      }
    }
  }
  return m;
}

}  // namespace mdb
