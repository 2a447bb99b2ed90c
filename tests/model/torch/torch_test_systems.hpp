#pragma once
// What the torch tests share: where the build wrote the test models, and the Lennard-Jones
// parameters and crystal the LJ files are checked on.
#include <string>

#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

inline const std::string kTorchModels = MDB_TORCH_MODELS_DIR;

/// The parameters make_torch_models.py writes: Ar and Kr, geometric mixing, shifted.
inline LjParams argon_krypton() {
  LjParams p;
  p.species = {{"Ar", 0.0104, 3.405}, {"Kr", 0.0141, 3.65}};
  p.cutoff = 8.5;
  p.shift = true;
  return p;
}

/// Fcc argon with every other atom krypton, jittered: forces on every atom, all three pair kinds.
inline System ar_kr() {
  System base = build_lattice({LatticeKind::Fcc, 5.4, 3, 3, 3}, {"Ar", 39.948}, kMetalUnits);
  jitter(base, 0.2, 5);
  return alternate_species(base, {"Ar", 39.948}, {"Kr", 83.798});
}

}  // namespace mdb::test
