#pragma once
// A non-owning view of a cluster pair list: what the SIMD pair kernels read. Owned and filled by
// md::ClusterPairList.
#include <array>
#include <cstdint>

#include "kernels/cpu/simd_pack.hpp"

namespace mdb {

/// Atoms are grouped into clusters of kClusterSize spatially close atoms (GROMACS nbnxm's
/// clusters); cluster c occupies the packed slots [c * kClusterSize, (c + 1) * kClusterSize),
/// padding included (a padding slot sits far from every atom and no mask bit names it).
/// Positions are packed per cluster (xxxx yyyy zzzz as three arrays indexed by slot), so a
/// kernel loads a j-cluster as one vector per axis and never gathers.
///
/// Clusters [0, n_i_clusters) hold local atoms only. The list is kept per group of
/// i_atoms_per_row consecutive i-slots (1: a "1 x 4" list, one i-atom per row; 2: a "2 x 4"
/// list, the slot pairs (0, 1) and (2, 3) of each i-cluster; 4: a "4 x 4" list, the whole
/// i-cluster). The j-clusters of group g are
/// row_cluster[row_offsets[g] .. row_offsets[g + 1]), each with a mask whose bit
/// 4 * a + b is set when atom a of the group and the atom in slot b of the j-cluster are a pair
/// of the half list (each pair of the system once, Newton's third law), within cutoff + skin at
/// the list's build. A j-cluster none of whose atoms is such a pair is not listed, so no vector
/// is spent on i-atoms far from it. A kernel still tests r < rc on every step. One more row
/// follows the last (cluster 0, mask 0), so a kernel may load a row ahead of the one it sums.
struct ClusterPairView {
  static constexpr int kClusterSize = 4;

  int n_i_clusters = 0;
  int n_clusters = 0;                         ///< local and ghost clusters
  int i_atoms_per_row = 1;                    ///< 1, 2 or 4
  const std::int64_t* row_offsets = nullptr;  ///< n_row_groups() + 1 entries
  const int* row_cluster = nullptr;
  const std::uint16_t* row_mask = nullptr;  ///< 4 x i_atoms_per_row bits used
  const double* x = nullptr;                ///< n_clusters * kClusterSize packed positions
  const double* y = nullptr;
  const double* z = nullptr;
  const int* species = nullptr;  ///< species per slot (0 for padding)

  int n_i_slots() const { return n_i_clusters * kClusterSize; }
  int n_row_groups() const { return n_i_slots() / i_atoms_per_row; }
};

/// The forces on one cluster's four slots, one vector per axis (x, y, z).
using ClusterForce = std::array<simd::Double4, 3>;

}  // namespace mdb
