#pragma once
// What the torch tests share: where the build wrote the test models, the Lennard-Jones
// parameters and crystal the LJ files are checked on, and the silicon and graphite the SW file
// and the exported student are.
#include <cstdlib>
#include <string>
#include <vector>

#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

/// Where the build wrote the test models, or MDB_TORCH_MODELS where set (a GPU bundle run on
/// another machine, ci/gpu_session.sh).
inline const std::string kTorchModels = [] {
  const char* moved = std::getenv("MDB_TORCH_MODELS");
  return moved != nullptr && *moved != '\0' ? std::string(moved)
                                            : std::string(MDB_TORCH_MODELS_DIR);
}();

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

/// Jittered diamond silicon, 216 atoms (the SW file).
inline System silicon() {
  System s = build_lattice({LatticeKind::Diamond, 5.431, 3, 3, 3}, {"Si", 28.0855}, kMetalUnits);
  jitter(s, 0.1, 7);
  return s;
}

/// Jittered AB graphite (the exported c-nn-student).
inline System graphite() {
  System s = dunn_graphite(2, 2, 4);
  jitter(s, 0.06, 4);
  return s;
}

/// The same crystal twice: as given, and jittered again in a box 1 % larger.
inline std::vector<System> two_replicas(const System& s) {
  System other = s;
  const auto lo = s.box().lo();
  other.box().scale(1.01, 1.01, 1.01);
  for (std::size_t i = 0; i < other.size(); ++i) {
    other.x()[i] = lo[0] + 1.01 * (other.x()[i] - lo[0]);
    other.y()[i] = lo[1] + 1.01 * (other.y()[i] - lo[1]);
    other.z()[i] = lo[2] + 1.01 * (other.z()[i] - lo[2]);
  }
  jitter(other, 0.05, 11);
  return {s, other};
}

}  // namespace mdb::test
