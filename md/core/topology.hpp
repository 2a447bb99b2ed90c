#pragma once
// What a molecular system adds to atoms: charges, molecules and the bonded terms between atoms.
// An atomic system has none of it (every array empty).
#include <cstddef>
#include <vector>

namespace mdb {

/// A bond between atoms i and j; `type` is the structure file's bond type (0-based), kept so
/// that a file writes back as it was read. Models choose parameters by the atoms' species.
struct Bond {
  int i = 0;
  int j = 0;
  int type = 0;
  bool operator==(const Bond&) const = default;
};

/// An angle i-j-k with its vertex at j; `type` as for Bond.
struct Angle {
  int i = 0;
  int j = 0;
  int k = 0;
  int type = 0;
  bool operator==(const Angle&) const = default;
};

/// Per-atom charges (elementary charges) and molecule ids, and the bonds and angles, indexed by
/// the System's atom order. Either per-atom array is empty when the structure has none.
struct Topology {
  std::vector<double> charge;  ///< e per atom, or empty
  std::vector<int> molecule;   ///< molecule id per atom (>= 0), or empty
  std::vector<Bond> bonds;
  std::vector<Angle> angles;

  bool empty() const {
    return charge.empty() && molecule.empty() && bonds.empty() && angles.empty();
  }
  /// Total charge (e); 0 without charges.
  double net_charge() const;
};

/// Throws std::invalid_argument unless each per-atom array is empty or has n_atoms entries,
/// charges are finite, molecule ids >= 0, and every bond and angle names distinct atoms in
/// [0, n_atoms) with a type >= 0.
void check_topology(const Topology& topology, std::size_t n_atoms);

/// The topology of `n_copies` copies of a system of `n_atoms` atoms laid out copy after copy
/// (atom a of copy c at c * n_atoms + a): indices shifted per copy, molecule ids shifted by one
/// more than the largest id so copies stay apart.
Topology repeat_topology(const Topology& topology, std::size_t n_atoms, std::size_t n_copies);

}  // namespace mdb
