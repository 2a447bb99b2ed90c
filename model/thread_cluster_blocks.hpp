#pragma once
// Which clusters of a cluster pair list each thread's share of the rows writes, in blocks of
// consecutive clusters. With two or more threads each thread zeroes its force buffer (or partial
// sums) only in the blocks it writes, and the fold reads a thread's buffer only there: the list
// runs column by column and a row names its own i-cluster, clusters of the columns just past it or
// ghosts near them, so a thread writes about its share of the clusters plus a margin, where
// zeroing and folding every thread's whole buffer cost a sixth of a two-thread lj-melt step
// (docs/PERFORMANCE_HISTORY.md). The marks follow the list's rows, so they are taken again only
// after a rebuild.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/cpu/cluster_pair_view.hpp"
#include "md/neighbor/cluster_pair_list.hpp"

namespace mdb {

class ThreadClusterBlocks {
 public:
  static constexpr int kBlock = 8;  ///< clusters per block

  /// Call at the start of each force call over `list` with `threads` threads. Returns true when
  /// the marks must be taken again (a new build, another list or another thread count): then
  /// every thread calls mark() for its share before it reads writes() or for_each_run()
  /// (ForceDriver::split_clusters does both).
  /// With one thread every cluster counts as written and nothing needs marking.
  bool start(const ClusterPairList& list, int threads);

  /// Thread t's share is row groups [g_begin, g_end) of `v`: marks their i-clusters and the
  /// clusters their rows name. Threads mark concurrently, each its own.
  void mark(int t, const ClusterPairView& v, int g_begin, int g_end);

  /// Whether thread t's rows may write cluster c.
  bool writes(int t, int c) const {
    return all_ || marks_[static_cast<std::size_t>(t)][static_cast<std::size_t>(c / kBlock)] != 0;
  }

  /// f(c_begin, c_end) for each run of consecutive clusters thread t's rows may write, in order.
  template <class F>
  void for_each_run(int t, F&& f) const;

 private:
  std::uint64_t build_id_ = 0;
  int threads_ = 0;
  int n_clusters_ = 0;
  bool all_ = true;
  std::vector<std::vector<std::uint8_t>> marks_;  ///< per thread, per block
};

template <class F>
void ThreadClusterBlocks::for_each_run(int t, F&& f) const {
  if (all_) {
    if (n_clusters_ > 0) f(0, n_clusters_);
    return;
  }
  const std::vector<std::uint8_t>& m = marks_[static_cast<std::size_t>(t)];
  const int n_blocks = static_cast<int>((n_clusters_ + kBlock - 1) / kBlock);
  for (int b = 0; b < n_blocks;) {
    if (m[static_cast<std::size_t>(b)] == 0) {
      ++b;
      continue;
    }
    const int first = b;
    while (b < n_blocks && m[static_cast<std::size_t>(b)] != 0) ++b;
    f(first * kBlock, std::min(b * kBlock, n_clusters_));
  }
}

}  // namespace mdb
