#pragma once
// Cell-list binning of the extended atoms, the first half of building a Verlet list.
#include <array>
#include <vector>

namespace mdb {

/// Bins points into a regular grid of cells no narrower than `min_cell` over the region
/// [lo, hi) (counting sort: cell_start / cell_atoms in CSR form). Points outside are clamped into
/// the edge cells. Storage is reused across rebuilds.
class CellGrid {
 public:
  void build(const double* x, const double* y, const double* z, int n,
             const std::array<double, 3>& lo, const std::array<double, 3>& hi, double min_cell);

  const std::array<int, 3>& dims() const { return dims_; }
  /// Cell coordinates of a point, clamped into the grid.
  std::array<int, 3> coords_of(double x, double y, double z) const {
    return {clamp_axis(x, 0), clamp_axis(y, 1), clamp_axis(z, 2)};
  }
  int index(int cx, int cy, int cz) const { return (cz * dims_[1] + cy) * dims_[0] + cx; }
  /// Atoms in cell c: cell_atoms()[cell_start()[c] .. cell_start()[c + 1]).
  const std::vector<int>& cell_start() const { return cell_start_; }
  const std::vector<int>& cell_atoms() const { return cell_atoms_; }

 private:
  int clamp_axis(double c, int a) const {
    const int k = static_cast<int>((c - lo_[a]) * inv_width_[a]);
    return k < 0 ? 0 : (k >= dims_[a] ? dims_[a] - 1 : k);
  }

  std::array<double, 3> lo_{};
  std::array<double, 3> inv_width_{};
  std::array<int, 3> dims_{1, 1, 1};
  std::vector<int> atom_cell_, cell_start_, cell_atoms_;
};

}  // namespace mdb
