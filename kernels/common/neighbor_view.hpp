#pragma once
// A non-owning view of a neighbour list that kernels read (CPU loops and, once copied, CUDA).
#include <cstdint>

namespace mdb {

/// Compressed-sparse-row neighbour list over an "extended" atom array: indices [0, n_local) are the
/// simulation's atoms, [n_local, n_local + n_ghost) are periodic images (ghosts). The neighbours of
/// local atom i are neighbors[offsets[i] .. offsets[i+1]). Positions of all extended atoms are
/// given separately (x, y, z in Angstrom). Owned by md::NeighborList; valid until its next rebuild.
struct NeighborView {
  int n_local = 0;
  int n_ghost = 0;
  const std::int64_t* offsets = nullptr;  ///< n_local + 1 entries
  const int* neighbors = nullptr;         ///< extended indices
  const double* x = nullptr;              ///< n_local + n_ghost extended positions
  const double* y = nullptr;
  const double* z = nullptr;
  const int* species = nullptr;  ///< species index per extended atom
  const int* owner =
      nullptr;  ///< local atom each extended atom is a copy of (owner[i] = i locally)
  /// 0 for local atoms, else the sign of the ghost's image vector's first non-zero component.
  /// With `owner` it tells a full-list loop which side keeps a pair: (i, j) is kept by i when
  /// owner[j] > i, or owner[j] == i and image_sign[j] > 0 (what the half list keeps).
  const signed char* image_sign = nullptr;
};

}  // namespace mdb
