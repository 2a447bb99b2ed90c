// The cluster pair list keeps exactly the half Verlet list's pairs: every pair within range once,
// in clusters of four that tile the extended atoms, in small multi-image boxes and large ones.
#include "md/cluster_pair_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "kernels/common/half_list_rule.hpp"
#include "md/lattice.hpp"
#include "md/neighbor_list.hpp"
#include "md/thread_team.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

System jittered_fcc(double a, int nx, int ny, int nz, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Fcc, a, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, amplitude, seed);
  return s;
}

// Pairs as (extended i, extended j) in the order the half list stores them.
std::multiset<std::pair<int, int>> half_list_pairs(const NeighborList& list) {
  std::multiset<std::pair<int, int>> out;
  const NeighborView v = list.view();
  for (int i = 0; i < v.n_local; ++i) {
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) out.insert({i, v.neighbors[k]});
  }
  return out;
}

// Pairs of either row layout: bit 4 a + b of a row of group g names slot g * per_row + a against
// slot b of the j-cluster.
std::multiset<std::pair<int, int>> cluster_list_pairs(const ClusterPairList& list) {
  constexpr int kC = ClusterPairList::kClusterSize;
  std::multiset<std::pair<int, int>> out;
  const ClusterPairView v = list.view();
  const int per_row = v.i_atoms_per_row;
  const auto& atom = list.slot_atom();
  for (int g = 0; g < v.n_row_groups(); ++g) {
    for (auto k = v.row_offsets[g]; k < v.row_offsets[g + 1]; ++k) {
      const int cj = v.row_cluster[k];
      EXPECT_NE(v.row_mask[k], 0) << "a listed row with no atom pair";
      for (int bit = 0; bit < per_row * kC; ++bit) {
        if (!(v.row_mask[k] >> bit & 1u)) continue;
        const int i = atom[g * per_row + bit / kC], j = atom[cj * kC + bit % kC];
        EXPECT_GE(i, 0) << "a mask bit on a padding slot";
        EXPECT_GE(j, 0) << "a mask bit on a padding slot";
        out.insert({i, j});
      }
    }
  }
  return out;
}

// A pair (i, j) of the half list may come out of the cluster list as (j, i) when both are
// local (the cluster list keeps it from the lower cluster): compare unordered local pairs.
std::multiset<std::pair<int, int>> canonical(std::multiset<std::pair<int, int>> pairs, int n) {
  std::multiset<std::pair<int, int>> out;
  for (auto [i, j] : pairs)
    out.insert(j < n ? std::pair{std::min(i, j), std::max(i, j)} : std::pair{i, j});
  return out;
}

void expect_same_pairs_as(NeighborKind kind, System s, double cutoff, double skin) {
  const NeighborPolicy policy{skin};
  System s2 = s;
  NeighborList half(cutoff, NeighborKind::Half, policy);
  NeighborList clusters(cutoff, kind, policy);
  half.build(s);
  clusters.build(s2);
  const int n = static_cast<int>(s.size());
  const auto expected = canonical(half_list_pairs(half), n);
  const auto got = canonical(cluster_list_pairs(clusters.clusters()), n);
  ASSERT_GT(expected.size(), 0u);
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_TRUE(got == expected) << "the cluster list's pairs differ from the half list's";
  EXPECT_EQ(clusters.num_pairs(), half.num_pairs());
  // The pairs inside the cutoff (what the in_cutoff counters report), counted from the rows.
  EXPECT_EQ(clusters.count_pairs_within(cutoff), half.count_pairs_within(cutoff));

  // The clusters tile the extended atoms: each exactly once, locals only in i-clusters.
  const ClusterPairList& cl = clusters.clusters();
  const ClusterPairView v = cl.view();
  std::vector<int> seen(static_cast<std::size_t>(clusters.halo().n_extended()), 0);
  for (int s_ = 0; s_ < cl.n_slots(); ++s_) {
    const int a = cl.slot_atom()[s_];
    if (a < 0) continue;
    ++seen[a];
    EXPECT_EQ(a < n, s_ < v.n_i_clusters * ClusterPairList::kClusterSize) << "slot " << s_;
    EXPECT_EQ(v.x[s_], clusters.halo().x()[a]);
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<long>(seen.size()));
}

// Both row layouts (one i-atom or a pair of i-atoms per row) hold the half list's pairs.
void expect_same_pairs(System s, double cutoff, double skin) {
  for (NeighborKind kind : {NeighborKind::Cluster, NeighborKind::Cluster2x4}) {
    SCOPED_TRACE(kind == NeighborKind::Cluster ? "1 x 4 rows" : "2 x 4 rows");
    expect_same_pairs_as(kind, s, cutoff, skin);
  }
}

TEST(ClusterPairList, SameAsHalfListInAMultiImageBox) {
  // 32 argon atoms, cutoff + skin (9.5 A) beyond the box length (10.5 A) / 2: several shells.
  expect_same_pairs(jittered_fcc(5.26, 2, 2, 2, 0.4, 3), 8.5, 1.0);
}

TEST(ClusterPairList, SameAsHalfListInALargerNonCubicBox) {
  expect_same_pairs(jittered_fcc(5.26, 7, 5, 6, 0.5, 4), 8.5, 0.8);
}

TEST(ClusterPairList, SameAsHalfListWithoutSkin) {
  expect_same_pairs(jittered_fcc(5.26, 4, 4, 4, 0.3, 5), 8.5, 0.0);
}

// Below and above the size from which the halo and the column sort are split too.
TEST(ClusterPairList, ThreadsBuildTheSameList) {
  for (const auto& [cells, kind] : {std::pair{5, NeighborKind::Cluster},
                                    {5, NeighborKind::Cluster2x4},
                                    {13, NeighborKind::Cluster},
                                    {13, NeighborKind::Cluster2x4}}) {
    SCOPED_TRACE(testing::Message()
                 << cells << " cells, " << (kind == NeighborKind::Cluster ? "1 x 4" : "2 x 4"));
    const System base = jittered_fcc(5.26, cells + 1, cells, cells + 2, 0.5, 7);
    if (cells == 13) {
      ASSERT_GE(base.size(), kTeamSplitAtoms);
    }
    System s1 = base, s3 = base;
    NeighborList one(8.5, kind, NeighborPolicy{1.0});
    NeighborList three(8.5, kind, NeighborPolicy{1.0});
    ThreadTeam team(3);
    three.use_threads(&team);
    one.build(s1);
    three.build(s3);
    const ClusterPairView a = one.clusters().view(), b = three.clusters().view();
    ASSERT_EQ(a.n_i_clusters, b.n_i_clusters);
    ASSERT_EQ(a.n_clusters, b.n_clusters);
    EXPECT_EQ(one.clusters().slot_atom(), three.clusters().slot_atom());
    for (int s = 0; s < one.clusters().n_slots(); ++s) {
      ASSERT_EQ(a.x[s], b.x[s]) << s;
      ASSERT_EQ(a.species[s], b.species[s]) << s;
    }
    for (int g = 0; g <= a.n_row_groups(); ++g) ASSERT_EQ(a.row_offsets[g], b.row_offsets[g]) << g;
    for (std::int64_t k = 0; k < a.row_offsets[a.n_row_groups()]; ++k) {
      ASSERT_EQ(a.row_cluster[k], b.row_cluster[k]) << k;
      ASSERT_EQ(a.row_mask[k], b.row_mask[k]) << k;
    }
  }
}

TEST(ClusterPairList, MoreThreadsThanColumnsOfAtoms) {
  // 32 atoms: a few columns hold local clusters, so most threads get empty column ranges.
  const System base = jittered_fcc(5.26, 2, 2, 2, 0.4, 8);
  for (NeighborKind kind : {NeighborKind::Cluster, NeighborKind::Cluster2x4}) {
    System s1 = base, s8 = base;
    NeighborList one(8.5, kind, NeighborPolicy{1.0});
    NeighborList eight(8.5, kind, NeighborPolicy{1.0});
    ThreadTeam team(8);
    eight.use_threads(&team);
    one.build(s1);
    eight.build(s8);
    EXPECT_EQ(eight.num_pairs(), one.num_pairs());
    EXPECT_TRUE(cluster_list_pairs(eight.clusters()) == cluster_list_pairs(one.clusters()));
  }
}

TEST(ClusterPairList, TheHalfListRuleAsOneComparison) {
  for (int i = 0; i < 6; ++i) {
    for (int owner = -1; owner < 6; ++owner) {
      for (int sign : {-1, 0, 1}) {
        EXPECT_EQ(half_list_key(owner, sign) > 2 * i, half_list_keeps(i, owner, sign))
            << i << " " << owner << " " << sign;
      }
    }
  }
}

// Between builds the packed slots follow the atoms and the box (a barostat's), filled by one
// thread or (past the size where the copies are split) by a team.
TEST(ClusterPairList, FollowsAtomsBetweenBuilds) {
  for (const auto& [cells, kind] : {std::pair{3, NeighborKind::Cluster},
                                    {14, NeighborKind::Cluster},
                                    {3, NeighborKind::Cluster2x4}}) {
    System s = jittered_fcc(5.26, cells, cells, cells, 0.3, 6);
    NeighborList list(8.5, kind, NeighborPolicy{1.0});
    ThreadTeam team(2);
    list.use_threads(&team);
    list.build(s);
    auto x = s.x(), z = s.z();
    for (std::size_t i = 0; i < s.size(); ++i) {
      x[i] += 0.1;
      z[i] -= 0.05 * static_cast<double>(i % 3);
    }
    s.box().scale(1.001, 0.999, 1.002);
    ASSERT_FALSE(list.update(s));  // within skin / 2, box change included
    if (cells == 14) {
      ASSERT_GE(static_cast<std::size_t>(list.halo().n_extended()), kTeamSplitAtoms)
          << "large enough to split the copies";
    }
    const ClusterPairList& cl = list.clusters();
    const Halo& halo = list.halo();
    const auto owner = halo.owner();
    const auto& len = s.box().lengths();
    for (int k = 0; k < cl.n_slots(); ++k) {
      const int a = cl.slot_atom()[k];
      if (a < 0) continue;
      // The atom's owner moved, and the slot with it: owner + image * box length.
      const int o = owner[a];
      ASSERT_EQ(cl.view().x[k], s.x()[o] + halo.image_x()[a] * len[0]) << "slot " << k;
      ASSERT_EQ(cl.view().y[k], s.y()[o] + halo.image_y()[a] * len[1]) << "slot " << k;
      ASSERT_EQ(cl.view().z[k], s.z()[o] + halo.image_z()[a] * len[2]) << "slot " << k;
      if (a < halo.n_local()) {
        ASSERT_EQ(cl.view().x[k], s.x()[a]) << "a local atom's slot is the atom";
      }
    }
  }
}

}  // namespace
}  // namespace mdb
