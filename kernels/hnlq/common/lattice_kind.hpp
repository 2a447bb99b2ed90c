#pragma once
// The lattices the hierarchical nested-lattice quantizer (HNLQ) runs on, by name. The lattice
// types themselves (lattice_z2.hpp, lattice_d4.hpp, lattice_e8.hpp) carry the arithmetic;
// this header is what host code and launch wrappers pass around.
#include <string_view>

namespace mdb::hnlq {

/// Z2 (square grid), D4 (checkerboard in 4-d) and E8 (D8 ∪ D8 + ½), as in Coset.
enum class LatticeKind { Z2, D4, E8 };

/// "Z2", "D4" or "E8": the name used in benchmark rows and flags.
constexpr std::string_view lattice_name(LatticeKind kind) {
  switch (kind) {
    case LatticeKind::Z2:
      return "Z2";
    case LatticeKind::D4:
      return "D4";
    case LatticeKind::E8:
      return "E8";
  }
  return "?";
}

/// Dimension n of the lattice (floats per vector).
constexpr int lattice_dim(LatticeKind kind) {
  switch (kind) {
    case LatticeKind::Z2:
      return 2;
    case LatticeKind::D4:
      return 4;
    case LatticeKind::E8:
      return 8;
  }
  return 0;
}

/// Every lattice, in the order rows are registered.
inline constexpr LatticeKind kAllLattices[] = {LatticeKind::Z2, LatticeKind::D4, LatticeKind::E8};

}  // namespace mdb::hnlq
