#pragma once
// The periodic simulation cell.
#include <array>

#include "kernels/common/box_pbc.hpp"

namespace mdb {

/// Orthorhombic periodic cell [lo, lo + L) along x, y, z (Angstrom, or sigma in LJ units).
/// Every periodic-boundary operation goes through this class (or its OrthoBoxView), so a
/// triclinic cell can later replace the lengths by a cell matrix without touching callers.
class Box {
 public:
  /// Throws std::invalid_argument if a length is not finite and > 0 or lo is not finite.
  Box(std::array<double, 3> lo, std::array<double, 3> lengths);
  static Box cube(double length) { return Box({0, 0, 0}, {length, length, length}); }

  const std::array<double, 3>& lo() const { return lo_; }
  const std::array<double, 3>& lengths() const { return len_; }
  double length(int axis) const { return len_[axis]; }
  double volume() const { return len_[0] * len_[1] * len_[2]; }

  /// Shortest image of a displacement (correct only for |d| < L/2 along each axis).
  void minimum_image(double& dx, double& dy, double& dz) const { view_.minimum_image(dx, dy, dz); }

  /// Rescales the cell about lo by per-axis factors (barostats). Throws like the constructor.
  void scale(double sx, double sy, double sz);

  const OrthoBoxView& view() const { return view_; }

 private:
  void refresh_view();

  std::array<double, 3> lo_;
  std::array<double, 3> len_;
  OrthoBoxView view_{};
};

}  // namespace mdb
