#pragma once
// The force arrays a force loop fills over the extended (local + ghost) atoms before folding.
#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "kernels/common/neighbor_view.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/core/grow.hpp"

namespace mdb {

/// Forces (eV/Angstrom) on every extended atom of a neighbour list: grow-only storage, zeroed per
/// call, folded onto owners with Halo::fold_forces.
struct ExtendedForces {
  AlignedVector<double> x, y, z;  // a cluster kernel stores whole vectors of them

  /// Room for n atoms, with the quarter spare of reserve_with_headroom: callers pass a bound that
  /// moves between builds (a cluster list's slots follow the ghost count).
  void reserve(std::size_t n) {
    for (auto* a : {&x, &y, &z}) reserve_with_headroom(*a, n);
  }
  /// Sizes for n_ext atoms (no allocation once the capacity suffices) and zeroes them.
  void reset(std::size_t n_ext) {
    size_for(n_ext);
    zero(0, n_ext);
  }
  /// Sizes for n_ext atoms, keeping what they hold.
  void size_for(std::size_t n_ext) {
    for (auto* a : {&x, &y, &z}) resize_with_headroom(*a, n_ext);
  }
  /// Zeroes atoms [begin, end).
  void zero(std::size_t begin, std::size_t end) {
    for (auto* a : {&x, &y, &z}) std::fill(a->begin() + begin, a->begin() + end, 0.0);
  }
  /// W_ab = sum over extended atoms of x_a f_b (LAMMPS's virial_fdotr), LAMMPS order xx yy zz xy
  /// xz yz. Exact for an energy that is translation invariant as a function of the extended
  /// positions, with no bookkeeping per pair or triplet.
  std::array<double, 6> virial(const NeighborView& v) const {
    const double *px = v.x, *py = v.y, *pz = v.z;
    const auto n = static_cast<std::size_t>(v.n_local + v.n_ghost);
    std::array<double, 6> w{};
    for (std::size_t i = 0; i < n; ++i) {
      w[0] += px[i] * x[i];
      w[1] += py[i] * y[i];
      w[2] += pz[i] * z[i];
      w[3] += px[i] * y[i];
      w[4] += px[i] * z[i];
      w[5] += py[i] * z[i];
    }
    return w;
  }
};

}  // namespace mdb
