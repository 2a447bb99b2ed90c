#pragma once
// Crystal builders: nx x ny x nz conventional cubic cells of one species.
#include "md/core/system.hpp"

namespace mdb {

/// Cubic lattices with their conventional-cell bases.
enum class LatticeKind { SimpleCubic, Bcc, Fcc, Diamond };

/// A lattice of nx x ny x nz conventional cells with lattice constant a (Angstrom, or sigma in
/// LJ units), filling the box [0, n a) along each axis.
struct LatticeSpec {
  LatticeKind kind = LatticeKind::Fcc;
  double a = 1.0;
  int nx = 1, ny = 1, nz = 1;
};

/// Atoms per conventional cell: 1 (sc), 2 (bcc), 4 (fcc), 8 (diamond).
int atoms_per_cell(LatticeKind kind);
/// Nearest-neighbour distance in units of a: 1, sqrt(3)/2, 1/sqrt(2), sqrt(3)/4.
double nearest_neighbor_distance(LatticeKind kind, double a);
/// Lattice constant giving a number density rho (atoms per volume), as LAMMPS's
/// `lattice fcc 0.8442` does in LJ units: a = (atoms_per_cell / rho)^(1/3).
double lattice_constant_for_density(LatticeKind kind, double rho);
/// Parses "sc", "bcc", "fcc", "diamond"; throws std::invalid_argument otherwise.
LatticeKind parse_lattice_kind(std::string_view name);

/// Builds the crystal with all atoms of `species`, at rest. Throws on a non-positive cell count or
/// lattice constant.
System build_lattice(const LatticeSpec& spec, const Species& species, const UnitSystem& units);

}  // namespace mdb
