#pragma once
// A System as a GROMACS coordinate file (.gro): positions and velocities in nm and nm/ps, names
// from the topology. Pure text, tested without GROMACS.
#include <string>

#include "bench/peers/gromacs_topology.hpp"
#include "bench/peers/gromacs_units.hpp"
#include "md/core/system.hpp"

namespace mdb::bench {

/// Decimals of a position (nm) in the .gro file; velocities get one more, as GROMACS writes
/// them. GROMACS reads the precision from the spacing of the first line's decimal points, so
/// 8 (1e-8 nm) keeps each coordinate far below float's rounding (~1e-7 nm at 1 nm) where the
/// usual 3 would move atoms by up to 5e-4 nm.
inline constexpr int kGroDecimals = 8;

/// The .gro text of `system`: a title line, the atom count, one line per atom (residue number,
/// residue and atom names from `topology`'s molecules, which must hold the system's atoms in
/// order; numbers wrap at 100,000 as GROMACS's do), positions relative to the box's lower
/// corner and wrapped into it (GROMACS's box starts at the origin), velocities, and the box
/// lengths. Throws std::invalid_argument when the topology's atom count differs from the
/// system's, or a velocity does not fit the fixed columns.
std::string gro_text(const System& system, const GromacsTopology& topology,
                     const GromacsUnits& units, const std::string& title);

}  // namespace mdb::bench
