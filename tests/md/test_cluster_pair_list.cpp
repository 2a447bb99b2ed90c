// The cluster pair list keeps exactly the half Verlet list's pairs: every pair within range once,
// in clusters of four that tile the extended atoms, in small multi-image boxes and large ones.
#include "md/neighbor/cluster_pair_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "kernels/common/half_list_rule.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/core/thread_team.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

System jittered_fcc(double a, int nx, int ny, int nz, double amplitude, std::uint64_t seed) {
  System s = build_lattice({LatticeKind::Fcc, a, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, amplitude, seed);
  return s;
}

// A pair as (local i, local j, image of j): j's atom sits at owner j + image * box lengths.
// The same pair seen from j is (j, i, -image); the half list and the cluster list may keep it
// from either side, so a pair is written from its lower atom (an atom's own image: the positive
// one).
using Pair = std::tuple<int, int, int, int, int>;

Pair canonical_pair(int i, int j, int ix, int iy, int iz) {
  const int first = ix != 0 ? ix : (iy != 0 ? iy : iz);
  if (i < j || (i == j && first > 0)) return {i, j, ix, iy, iz};
  return {j, i, -ix, -iy, -iz};
}

std::multiset<Pair> half_list_pairs(const NeighborList& list) {
  std::multiset<Pair> out;
  const NeighborView v = list.view();
  const Halo& h = list.halo();
  for (int i = 0; i < v.n_local; ++i) {
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = v.neighbors[k];
      out.insert(canonical_pair(i, h.owner()[j], h.image_x()[j], h.image_y()[j], h.image_z()[j]));
    }
  }
  return out;
}

// Pairs of either row layout: bit 4 a + b of a row of group g names slot g * per_row + a against
// slot b of the j-cluster.
std::multiset<Pair> cluster_list_pairs(const ClusterPairList& list) {
  constexpr int kC = ClusterPairList::kClusterSize;
  std::multiset<Pair> out;
  const ClusterPairView v = list.view();
  const int per_row = v.i_atoms_per_row;
  const auto& owner = list.slot_owner();
  for (int g = 0; g < v.n_row_groups(); ++g) {
    for (auto k = v.row_offsets[g]; k < v.row_offsets[g + 1]; ++k) {
      const int cj = v.row_cluster[k];
      EXPECT_NE(v.row_mask[k], 0) << "a listed row with no atom pair";
      for (int bit = 0; bit < per_row * kC; ++bit) {
        if (!(v.row_mask[k] >> bit & 1u)) continue;
        const int si = g * per_row + bit / kC, sj = cj * kC + bit % kC;
        EXPECT_GE(owner[si], 0) << "a mask bit on a padding slot";
        EXPECT_GE(owner[sj], 0) << "a mask bit on a padding slot";
        EXPECT_EQ(list.slot_image(si), (std::array<int, 3>{0, 0, 0}))
            << "an i-slot that is not a local atom";
        const std::array<int, 3> image = list.slot_image(sj);
        out.insert(canonical_pair(owner[si], owner[sj], image[0], image[1], image[2]));
      }
    }
  }
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
  const auto expected = half_list_pairs(half);
  const auto got = cluster_list_pairs(clusters.clusters());
  ASSERT_GT(expected.size(), 0u);
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_TRUE(got == expected) << "the cluster list's pairs differ from the half list's";
  EXPECT_EQ(clusters.num_pairs(), half.num_pairs());
  // The pairs inside the cutoff (what the in_cutoff counters report), counted from the rows.
  EXPECT_EQ(clusters.count_pairs_within(cutoff), half.count_pairs_within(cutoff));

  // Every local atom in exactly one slot of the i-clusters, every atom image at most once, each
  // slot at its owner's wrapped position plus image * box length (what the halo gives that
  // image); and every ghost cluster named by some row: one no row names would cost every step's
  // refresh, pack and fold and never be read.
  const ClusterPairList& cl = clusters.clusters();
  const ClusterPairView v = cl.view();
  const Halo& h = clusters.halo();
  EXPECT_EQ(h.n_extended(), n) << "a cluster list's halo makes no ghosts";
  const auto& len = s2.box().lengths();
  std::set<std::array<int, 4>> images;  // (owner, image)
  int local_slots = 0, ghost_slots = 0;
  for (int s_ = 0; s_ < cl.n_slots(); ++s_) {
    const int o = cl.slot_owner()[s_];
    if (o < 0) continue;
    const std::array<int, 3> image = cl.slot_image(s_);
    EXPECT_TRUE(images.insert({o, image[0], image[1], image[2]}).second)
        << "an atom image in two slots: slot " << s_;
    const bool local = image == std::array<int, 3>{0, 0, 0};
    EXPECT_EQ(local, s_ < v.n_i_slots()) << "slot " << s_;
    (local ? local_slots : ghost_slots) += 1;
    EXPECT_EQ(v.x[s_], h.x()[o] + image[0] * len[0]) << "slot " << s_;
    EXPECT_EQ(v.y[s_], h.y()[o] + image[1] * len[1]) << "slot " << s_;
    EXPECT_EQ(v.z[s_], h.z()[o] + image[2] * len[2]) << "slot " << s_;
  }
  EXPECT_EQ(local_slots, n);
  EXPECT_GT(ghost_slots, 0) << "no ghost slot: the check saw nothing";
  std::vector<char> named(static_cast<std::size_t>(v.n_clusters), 0);
  for (std::int64_t k = 0; k < v.row_offsets[v.n_row_groups()]; ++k) named[v.row_cluster[k]] = 1;
  for (int c = v.n_i_clusters; c < v.n_clusters; ++c) {
    EXPECT_TRUE(named[static_cast<std::size_t>(c)]) << "ghost cluster " << c << " named by no row";
  }
}

const char* rows_name(NeighborKind kind) {
  return kind == NeighborKind::Cluster      ? "1 x 4 rows"
         : kind == NeighborKind::Cluster2x4 ? "2 x 4 rows"
                                            : "4 x 4 rows";
}

// Every row layout (one i-atom, a pair of i-atoms or the whole i-cluster per row) holds the half
// list's pairs.
void expect_same_pairs(System s, double cutoff, double skin) {
  for (NeighborKind kind :
       {NeighborKind::Cluster, NeighborKind::Cluster2x4, NeighborKind::Cluster4x4}) {
    SCOPED_TRACE(rows_name(kind));
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
                                    {5, NeighborKind::Cluster4x4},
                                    {13, NeighborKind::Cluster},
                                    {13, NeighborKind::Cluster2x4},
                                    {13, NeighborKind::Cluster4x4}}) {
    SCOPED_TRACE(testing::Message() << cells << " cells, " << rows_name(kind));
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
    EXPECT_EQ(one.clusters().slot_owner(), three.clusters().slot_owner());
    EXPECT_EQ(one.clusters().image_source(), three.clusters().image_source());
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
  for (NeighborKind kind :
       {NeighborKind::Cluster, NeighborKind::Cluster2x4, NeighborKind::Cluster4x4}) {
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
                                    {3, NeighborKind::Cluster2x4},
                                    {3, NeighborKind::Cluster4x4}}) {
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
      ASSERT_GE(static_cast<std::size_t>(list.clusters().n_slots()), kTeamSplitAtoms)
          << "large enough to split the copies";
    }
    const ClusterPairList& cl = list.clusters();
    // The kernels load each cluster's slots as one 32-byte vector per axis: on one cache line.
    for (const double* a : {cl.view().x, cl.view().y, cl.view().z}) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a) % kCacheLineBytes, 0u);
    }
    const auto& len = s.box().lengths();
    int ghosts = 0;
    for (int k = 0; k < cl.n_slots(); ++k) {
      const int o = cl.slot_owner()[k];
      if (o < 0) continue;
      // The atom's owner moved, and the slot with it: owner + image * box length.
      const auto [ix, iy, iz] = cl.slot_image(k);
      ASSERT_EQ(cl.view().x[k], s.x()[o] + ix * len[0]) << "slot " << k;
      ASSERT_EQ(cl.view().y[k], s.y()[o] + iy * len[1]) << "slot " << k;
      ASSERT_EQ(cl.view().z[k], s.z()[o] + iz * len[2]) << "slot " << k;
      if (k < cl.view().n_i_slots()) {
        ASSERT_EQ(cl.view().x[k], s.x()[o]) << "a local atom's slot is the atom";
      } else {
        ++ghosts;
      }
    }
    EXPECT_GT(ghosts, 0);
  }
}

TEST(ClusterPairList, RowsHoldOneTwoOrFourIAtoms) {
  for (int n : {0, 3, 5, 8}) {
    EXPECT_THROW(ClusterPairList{n}, std::invalid_argument) << n;
  }
  for (int n : {1, 2, 4}) EXPECT_EQ(ClusterPairList{n}.view().i_atoms_per_row, n);
}

}  // namespace
}  // namespace mdb
