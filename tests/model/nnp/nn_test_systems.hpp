#pragma once
// Systems and helpers shared by the NN-potential tests.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "md/structure/lattice.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

inline constexpr double kSiLatticeConstant = 5.431;  // Angstrom
inline constexpr double kSiMass = 28.0855;           // amu

/// Diamond Si with n^3 conventional cells, jittered (seeded).
inline System jittered_silicon(int n, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Diamond, kSiLatticeConstant, n, n, n}, {"Si", kSiMass},
                           kMetalUnits);
  jitter(s, amplitude, seed);
  return s;
}

/// The same with alternate atoms relabelled "Ge", for two-species models.
inline System jittered_si_ge(int n, double amplitude, std::uint64_t seed) {
  return alternate_species(jittered_silicon(n, amplitude, seed), {"Si", kSiMass}, {"Ge", 72.63});
}

}  // namespace mdb::test
