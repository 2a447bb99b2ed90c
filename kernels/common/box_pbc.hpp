#pragma once
// Orthorhombic periodic-boundary arithmetic on plain values, shared by host and device code.
#include <climits>
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Plain-value view of an orthorhombic periodic cell [lo, lo + L) (Angstrom). A triclinic cell
/// would add the tilt factors xy, xz, yz here and apply them in the same two functions.
struct OrthoBoxView {
  double lo[3];
  double len[3];
  double inv_len[3];

  /// Shortest periodic image of a displacement (valid as such only when |d| < L/2 per axis).
  MDB_HD void minimum_image(double& dx, double& dy, double& dz) const {
    dx -= len[0] * std::nearbyint(dx * inv_len[0]);
    dy -= len[1] * std::nearbyint(dy * inv_len[1]);
    dz -= len[2] * std::nearbyint(dz * inv_len[2]);
  }

  /// Maps one coordinate into [lo, lo + L) along `axis`, returning how many box lengths were
  /// removed (so unwrapped positions can be recovered).
  MDB_HD int wrap(double& c, int axis) const {
    const double n = std::floor((c - lo[axis]) * inv_len[axis]);
    c -= n * len[axis];
    // Rounding can leave c == lo + L for c just below lo; fold that onto lo.
    if (c >= lo[axis] + len[axis]) c = lo[axis];
    if (c < lo[axis]) c = lo[axis];
    // A coordinate 2^31 box lengths out (a blow-up, a garbage input) has no int count, and
    // converting it would be undefined behaviour: saturate instead (NaN counts as INT_MIN).
    if (!(n >= static_cast<double>(INT_MIN) && n <= static_cast<double>(INT_MAX))) {
      return n > 0 ? INT_MAX : INT_MIN;
    }
    return static_cast<int>(n);
  }
};

}  // namespace mdb
