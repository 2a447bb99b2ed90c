#include "md/neighbor/cell_grid.hpp"

#include <algorithm>
#include <cmath>

#include "md/core/grow.hpp"

namespace mdb {

void CellGrid::build(const double* x, const double* y, const double* z, int n,
                     const std::array<double, 3>& lo, const std::array<double, 3>& hi,
                     double min_cell) {
  // A tiny range (a model that finds its own neighbours, e.g. an ASE calculator) would ask for
  // billions of cells; wider cells are still correct, so the count stays near the atoms'.
  double want[3], total = 1.0;
  for (int a = 0; a < 3; ++a) {
    want[a] = std::max(1.0, std::floor((hi[a] - lo[a]) / min_cell));
    total *= want[a];
  }
  const double most = 8.0 * n + 27.0;
  const double shrink = total > most ? std::cbrt(most / total) : 1.0;
  for (int a = 0; a < 3; ++a) {
    const double extent = hi[a] - lo[a];
    dims_[a] = std::max(1, static_cast<int>(std::floor(want[a] * shrink)));
    lo_[a] = lo[a];
    inv_width_[a] = dims_[a] / extent;
  }
  const int n_cells = dims_[0] * dims_[1] * dims_[2];
  // Under a barostat the cell count jumps by whole planes; keep room for one more per axis.
  const int roomy = (dims_[0] + 1) * (dims_[1] + 1) * (dims_[2] + 1) + 1;
  if (cell_start_.capacity() < static_cast<std::size_t>(n_cells + 1)) cell_start_.reserve(roomy);
  cell_start_.resize(n_cells + 1);
  resize_with_headroom(atom_cell_, n);
  resize_with_headroom(cell_atoms_, n);
  std::fill(cell_start_.begin(), cell_start_.end(), 0);
  for (int i = 0; i < n; ++i) {
    const auto c = coords_of(x[i], y[i], z[i]);
    const int k = index(c[0], c[1], c[2]);
    atom_cell_[i] = k;
    ++cell_start_[k + 1];
  }
  for (int c = 0; c < n_cells; ++c) cell_start_[c + 1] += cell_start_[c];
  // Fill using cell_start as a moving cursor, then shift it back.
  for (int i = 0; i < n; ++i) cell_atoms_[cell_start_[atom_cell_[i]]++] = i;
  for (int c = n_cells; c > 0; --c) cell_start_[c] = cell_start_[c - 1];
  cell_start_[0] = 0;
}

}  // namespace mdb
