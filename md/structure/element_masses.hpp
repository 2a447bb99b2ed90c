#pragma once
// Standard atomic weights, the fallback mass of an extended XYZ species named by its element.
#include <optional>
#include <string_view>

namespace mdb {

/// Standard atomic weight (amu) of the element with this symbol ("Si", case as written), or
/// nullopt for a symbol the table lacks. Covers H..Kr and the heavier elements common in MD
/// (Zr, Nb, Mo, Pd, Ag, Sn, Hf, Ta, W, Pt, Au, Pb, ...); see element_masses.cpp for the source.
std::optional<double> standard_atomic_mass(std::string_view symbol);

}  // namespace mdb
