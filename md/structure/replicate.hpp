#pragma once
// Periodic supercells of an arbitrary cell (a structure file's contents), as LAMMPS's
// `replicate nx ny nz` makes them.
#include <array>

#include "md/core/system.hpp"

namespace mdb {

/// The cell repeated n[0] x n[1] x n[2] times along x, y, z: atoms (with their species and
/// velocities) copied image by image, box lengths multiplied, origin kept. Throws
/// std::invalid_argument when a count is < 1.
System replicate(const System& cell, const std::array<int, 3>& n);

}  // namespace mdb
