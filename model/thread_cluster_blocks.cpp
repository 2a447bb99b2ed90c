#include "model/thread_cluster_blocks.hpp"

#include <algorithm>

#include "md/core/grow.hpp"

namespace mdb {

bool ThreadClusterBlocks::start(const ClusterPairList& list, int threads) {
  const int n_clusters = list.view().n_clusters;
  if (list.build_id() == build_id_ && threads == threads_) return false;
  build_id_ = list.build_id();
  threads_ = threads;
  n_clusters_ = n_clusters;
  all_ = threads <= 1;
  if (all_) return false;
  const auto n_blocks = static_cast<std::size_t>((n_clusters + kBlock - 1) / kBlock);
  if (marks_.size() < static_cast<std::size_t>(threads)) {
    marks_.resize(static_cast<std::size_t>(threads));
  }
  for (auto& m : marks_) {
    resize_with_headroom(m, n_blocks);
    std::fill_n(m.begin(), n_blocks, std::uint8_t{0});
  }
  return true;
}

void ThreadClusterBlocks::mark(int t, const ClusterPairView& v, int g_begin, int g_end) {
  if (all_ || g_begin >= g_end) return;
  std::uint8_t* const m = marks_[static_cast<std::size_t>(t)].data();
  constexpr int kC = ClusterPairView::kClusterSize;
  const int per_row = v.i_atoms_per_row;
  // The i-clusters: groups [g_begin, g_end) are slots [g_begin, g_end) * per_row.
  const int c_first = g_begin * per_row / kC, c_last = ((g_end * per_row) - 1) / kC;
  for (int b = c_first / kBlock; b <= c_last / kBlock; ++b) m[b] = 1;
  for (std::int64_t k = v.row_offsets[g_begin]; k < v.row_offsets[g_end]; ++k) {
    m[v.row_cluster[k] / kBlock] = 1;
  }
}

}  // namespace mdb
