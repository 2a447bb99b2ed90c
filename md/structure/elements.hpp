#pragma once
// The elements: symbol, atomic number and standard atomic weight. Species named by element get
// their mass here (extended XYZ, LAMMPS data), and models that key species by atomic number
// (MACE) are matched to a structure's species names here.
#include <optional>
#include <string_view>

namespace mdb {

/// Standard atomic weight (amu) of the element with this symbol ("Si", case as written), or
/// nullopt for a symbol that is no element or whose weight the table lacks. Covers H..Kr and the
/// heavier elements common in MD (Zr, Nb, Mo, Pd, Ag, Sn, Hf, Ta, W, Pt, Au, Pb, ...); see
/// elements.cpp for the source.
std::optional<double> standard_atomic_mass(std::string_view symbol);

/// Atomic number of the element with this symbol (case as written: "Si", not "SI"), 0 if none.
int atomic_number(std::string_view symbol);

/// Symbol of the element with atomic number z (1..118), empty outside.
std::string_view element_symbol(int z);

}  // namespace mdb
