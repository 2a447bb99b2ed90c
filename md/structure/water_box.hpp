#pragma once
// A periodic box of water molecules in a model's geometry, to start a water simulation from.
#include <cstdint>

#include "md/core/system.hpp"

namespace mdb {

/// The molecules' geometry and charges (a water model's: SPC/Fw's r0 1.012 Angstrom, 113.24
/// degrees, -0.82/+0.41 e).
struct WaterGeometry {
  double oh_length = 0.0;  ///< Angstrom
  double hoh_angle = 0.0;  ///< degrees
  double charge_o = 0.0;   ///< e
  double charge_h = 0.0;   ///< e
};

/// What build_water_box makes.
struct WaterBoxSpec {
  int molecules = 0;
  double density = 0.997;  ///< g/cm^3 (liquid water at 298 K)
  WaterGeometry geometry;
  std::uint64_t seed = 1;  ///< the orientations' generator
  /// Atoms of different molecules start at least this far apart (Angstrom): orientations are
  /// drawn again until they are, so the first force call meets no overlapping charges.
  double min_separation = 1.8;
};

/// A cubic box at `density` (molecular mass from the elements' standard weights) with one
/// molecule per site of a simple cubic lattice (the first `molecules` sites of the smallest
/// k^3 >= molecules), each turned at random (uniform rotations), O at the site. Species O then
/// H with standard masses; the topology holds the charges, one molecule id per molecule, two
/// O-H bonds (type 0) and one H-O-H angle (type 0). Atoms at rest: the caller draws velocities
/// and equilibrates. Throws std::invalid_argument for molecules < 1, a density, geometry or
/// separation out of range, or when no orientation clears min_separation (the box is too
/// dense for it).
System build_water_box(const WaterBoxSpec& spec);

}  // namespace mdb
