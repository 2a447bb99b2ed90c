// ThreadClusterBlocks against the list it marks: every cluster a thread's rows name is among the
// blocks it zeroes and folds, the runs are ordered and inside the list, a thread's share is well
// short of the whole list (the point of the marks), and the marks are taken again after a build.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/cpu/atom_ranges.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "model/thread_cluster_blocks.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

TEST(ThreadClusterBlocks, EachThreadCoversItsRowsAndLessThanTheList) {
  System s = build_lattice({LatticeKind::Fcc, 5.26, 10, 10, 10}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.2, 5);
  LennardJones<float> ff(LjParams::argon());
  NeighborPolicy policy;
  policy.skin = 0.5;
  NeighborList list(ff.cutoff(), ff.neighbor_kind(), policy);
  list.build(s);
  const ClusterPairList& clusters = list.clusters();
  const ClusterPairView v = clusters.view();
  constexpr int kThreads = 2;

  ThreadClusterBlocks blocks;
  ASSERT_TRUE(blocks.start(clusters, kThreads));
  for (int t = 0; t < kThreads; ++t) {
    const auto [b, e] = work_range(v.row_offsets, v.n_row_groups(), t, kThreads);
    blocks.mark(t, v, b, e);
  }
  EXPECT_FALSE(blocks.start(clusters, kThreads)) << "the same build keeps its marks";

  for (int t = 0; t < kThreads; ++t) {
    std::vector<char> covered(static_cast<std::size_t>(v.n_clusters), 0);
    int last_end = -1, n_covered = 0;
    blocks.for_each_run(t, [&](int c_begin, int c_end) {
      EXPECT_GT(c_begin, last_end) << "runs are ordered and apart";
      EXPECT_LT(c_begin, c_end);
      EXPECT_LE(c_end, v.n_clusters);
      for (int c = c_begin; c < c_end; ++c) covered[static_cast<std::size_t>(c)] = 1;
      n_covered += c_end - c_begin;
      last_end = c_end;
    });
    const auto [b, e] = work_range(v.row_offsets, v.n_row_groups(), t, kThreads);
    ASSERT_LT(b, e);
    for (int g = b; g < e; ++g) {
      const int ci = g * v.i_atoms_per_row / ClusterPairView::kClusterSize;
      EXPECT_TRUE(covered[static_cast<std::size_t>(ci)] && blocks.writes(t, ci)) << ci;
      for (auto k = v.row_offsets[g]; k < v.row_offsets[g + 1]; ++k) {
        const int c = v.row_cluster[k];
        ASSERT_TRUE(covered[static_cast<std::size_t>(c)] && blocks.writes(t, c))
            << "thread " << t << " row " << k << " names cluster " << c;
      }
    }
    for (int c = 0; c < v.n_clusters; ++c) {
      EXPECT_EQ(blocks.writes(t, c), covered[static_cast<std::size_t>(c)] != 0) << c;
    }
    // Half the rows name about half the clusters plus the columns next to the split.
    EXPECT_LT(n_covered, 3 * v.n_clusters / 4) << "thread " << t;
  }

  list.build(s);
  EXPECT_TRUE(blocks.start(list.clusters(), kThreads)) << "a new build needs new marks";
  EXPECT_FALSE(blocks.start(list.clusters(), 1)) << "one thread needs no marks";
  int runs = 0;
  blocks.for_each_run(0, [&](int c_begin, int c_end) {
    ++runs;
    EXPECT_EQ(c_begin, 0);
    EXPECT_EQ(c_end, list.clusters().view().n_clusters);
  });
  EXPECT_EQ(runs, 1);
}

}  // namespace
}  // namespace mdb
