#pragma once
// How many PME grid points an axis gets: GROMACS's rule (calcFftGrid, src/gromacs/fft/calcgrid),
// so that a case set up with GROMACS's mdp options runs on the grid GROMACS would use.
//
// The sizes GROMACS allows are the ones its FFTs were timed fastest on: 6, 8, 10, 12, 14, 16, 20,
// 24, 25, 28, 32, 36, 40, 42, 44, and above those 2^k * b for b in {48, 50, 52, 54, 56, 60, 64,
// 70, 72, 75, 80, 81, 84}, k >= 0, kept only when divisible by 4 and not 140 (so 48, 52, 56, 60,
// 64, 72, 80, 84, 96, 100, 104, 108, 112, 120, 128, 144, 160, 168, 192, ...). An axis of length
// L with spacing s needs at least floor(L/s + 0.999) points (GROMACS's rounding, which lets the
// spacing exceed s by up to 0.1 %) and at least 2 (order - 1) (minimalPmeGridSize); it gets the
// smallest allowed size that is not below both.
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// The smallest size GROMACS's FFT grid rule allows that is >= nmin (nmin >= 1). Sizes past
/// 2^20 return -1 (no PME grid is that large).
MDB_HD inline int pme_allowed_grid_size_at_least(int nmin) {
  constexpr int kSmall[] = {6, 8, 10, 12, 14, 16, 20, 24, 25, 28, 32, 36, 40, 42, 44};
  for (int s : kSmall) {
    if (s >= nmin) return s;
  }
  constexpr int kBase[] = {48, 50, 52, 54, 56, 60, 64, 70, 72, 75, 80, 81, 84};
  for (int factor = 1; factor <= (1 << 14); factor *= 2) {
    for (int b : kBase) {
      const int size = factor * b;
      if (size % 4 == 0 && size != 140 && size >= nmin) return size;
    }
  }
  return -1;
}

/// Grid points along an axis of `length` (Angstrom) for a spacing of at most about `spacing`
/// (Angstrom) and B-spline order `order`; -1 when length/spacing is not a finite positive number
/// or the grid would pass 2^20 points.
MDB_HD inline int pme_grid_size_for_spacing(double length, double spacing, int order) {
  const double ratio = length / spacing;
  if (!(ratio > 0.0 && ratio < 1048576.0)) return -1;
  int nmin = static_cast<int>(ratio + 0.999);
  const int min_points = 2 * (order - 1);
  if (nmin < min_points) nmin = min_points;
  if (nmin < 1) nmin = 1;
  return pme_allowed_grid_size_at_least(nmin);
}

}  // namespace mdb
