#pragma once
// A non-owning view of a cluster pair list: what the SIMD pair kernels read. Owned and filled by
// md::ClusterPairList.
#include <cstdint>

namespace mdb {

/// Atoms are grouped into clusters of kClusterSize spatially close atoms (GROMACS nbnxm's
/// clusters); cluster c occupies the packed slots [c * kClusterSize, (c + 1) * kClusterSize),
/// padding included (a padding slot sits far from every atom and no mask bit names it).
/// Positions are packed per cluster (xxxx yyyy zzzz as three arrays indexed by slot), so a
/// kernel loads a j-cluster as one vector per axis and never gathers.
///
/// Clusters [0, n_i_clusters) hold local atoms only. The list is kept per i-slot (a "1 x 4"
/// list): the j-clusters of the atom in slot s are row_cluster[row_offsets[s] ..
/// row_offsets[s + 1]), each with a 4-bit mask whose bit b is set when that atom and the atom in
/// slot b of the j-cluster are a pair of the half list (each pair of the system once, Newton's
/// third law), within cutoff + skin at the list's build. A j-cluster none of whose atoms is such a
/// pair is not listed, so no vector is spent on an i-atom far from it. A kernel still tests
/// r < rc on every step.
struct ClusterPairView {
  static constexpr int kClusterSize = 4;

  int n_i_clusters = 0;
  int n_clusters = 0;                         ///< local and ghost clusters
  const std::int64_t* row_offsets = nullptr;  ///< n_i_clusters * kClusterSize + 1 entries
  const int* row_cluster = nullptr;
  const std::uint8_t* row_mask = nullptr;
  const double* x = nullptr;  ///< n_clusters * kClusterSize packed positions
  const double* y = nullptr;
  const double* z = nullptr;
  const int* species = nullptr;  ///< species per slot (0 for padding)

  int n_i_slots() const { return n_i_clusters * kClusterSize; }
};

}  // namespace mdb
