#pragma once
// A system's water molecules as the model needs them, checked once at bind: which atom pairs
// are bonded, which triples form angles, and which pairs are excluded from the non-bonded sum.
#include <array>
#include <vector>

#include "md/core/system.hpp"
#include "model/water/water_params.hpp"

namespace mdb {

/// The bonded terms and exclusions of a system of whole water molecules.
struct WaterMolecules {
  std::vector<std::array<int, 2>> bonds;   ///< (O, H)
  std::vector<std::array<int, 3>> angles;  ///< (H, O, H), vertex in the middle
  /// Pairs inside a molecule (the bonds' and the angles' ends): no LJ or Coulomb between them.
  std::vector<std::array<int, 2>> excluded;
  std::vector<double> charge;  ///< e per atom, from the model's parameters by species
};

/// Checks that `system` is made of whole water molecules under `params` and returns them.
/// Throws std::invalid_argument, naming the atom (1-based) and what is wrong, when a species is
/// neither the oxygen nor the hydrogen, the topology has no bonds, an oxygen does not have
/// exactly two bonds to hydrogens and one H-O-H angle, a hydrogen is not bonded to exactly one
/// oxygen, the charges do not sum to zero, or charges the structure carries differ from the
/// model's (so an SPC/E file does not silently run as SPC/Fw).
WaterMolecules water_molecules(const System& system, const WaterParams& params);

}  // namespace mdb
