// The Verlet list (halo + cells) against an O(N^2 x images) brute-force search.
#include "md/neighbor/neighbor_list.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <tuple>

#include "md/core/random.hpp"
#include "md/core/thread_team.hpp"

namespace mdb {
namespace {

using Pair = std::tuple<int, int, int, int, int>;  // i, j (local), image nx, ny, nz

bool lex_positive(int a, int b, int c) {
  return a > 0 || (a == 0 && (b > 0 || (b == 0 && c > 0)));
}

// Every (i, j, n) with |x_j + n L - x_i| < range; for a half list only the canonical one of each
// pair: j > i, or j == i with n lexicographically positive.
std::set<Pair> brute_force(const System& s, double range, bool half) {
  std::set<Pair> out;
  const auto& len = s.box().lengths();
  const int n = static_cast<int>(s.size());
  int k[3];
  for (int a = 0; a < 3; ++a) k[a] = static_cast<int>(std::ceil(range / len[a])) + 1;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (half && j < i) continue;
      for (int a = -k[0]; a <= k[0]; ++a) {
        for (int b = -k[1]; b <= k[1]; ++b) {
          for (int c = -k[2]; c <= k[2]; ++c) {
            if (i == j && (a == 0 && b == 0 && c == 0)) continue;
            if (half && i == j && !lex_positive(a, b, c)) continue;
            const double dx = s.x()[i] - (s.x()[j] + a * len[0]);
            const double dy = s.y()[i] - (s.y()[j] + b * len[1]);
            const double dz = s.z()[i] - (s.z()[j] + c * len[2]);
            if (dx * dx + dy * dy + dz * dz < range * range) out.insert({i, j, a, b, c});
          }
        }
      }
    }
  }
  return out;
}

std::set<Pair> from_list(const NeighborList& nl, const System& s) {
  const NeighborView v = nl.view();
  const auto& len = s.box().lengths();
  std::set<Pair> out;
  for (int i = 0; i < v.n_local; ++i) {
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = v.neighbors[k], o = v.owner[j];
      const int a = static_cast<int>(std::lround((v.x[j] - v.x[o]) / len[0]));
      const int b = static_cast<int>(std::lround((v.y[j] - v.y[o]) / len[1]));
      const int c = static_cast<int>(std::lround((v.z[j] - v.z[o]) / len[2]));
      EXPECT_TRUE(out.insert({i, o, a, b, c}).second) << "pair stored twice";
    }
  }
  return out;
}

System random_system(std::array<double, 3> len, int n, std::uint64_t seed, int n_species = 1) {
  System s(Box({-1.0, 0.5, 2.0}, len), kMetalUnits);
  for (int k = 0; k < n_species; ++k)
    s.add_species(std::string(1, static_cast<char>('A' + k)), 1.0);
  Rng rng(seed);
  for (int i = 0; i < n; ++i) {
    // Some atoms start outside the box: the build must wrap them.
    s.add_atom(i % n_species, -1.0 + len[0] * (1.4 * rng.uniform() - 0.2),
               0.5 + len[1] * rng.uniform(), 2.0 + len[2] * rng.uniform());
  }
  return s;
}

void expect_matches_brute_force(System s, double cutoff, double skin) {
  for (NeighborKind kind : {NeighborKind::Half, NeighborKind::Full}) {
    NeighborList nl(cutoff, kind, NeighborPolicy{skin});
    System copy = s;
    nl.build(copy);  // wraps positions; compare against the wrapped configuration
    const bool half = kind == NeighborKind::Half;
    const auto expected = brute_force(copy, cutoff + skin, half);
    const auto got = from_list(nl, copy);
    EXPECT_EQ(got, expected) << (half ? "half" : "full") << " list, " << expected.size()
                             << " pairs expected, " << got.size() << " found";
  }
}

TEST(NeighborList, MatchesBruteForceInLargeBox) {
  expect_matches_brute_force(random_system({14.0, 11.0, 17.0}, 300, 1), 3.0, 0.4);
}

TEST(NeighborList, MatchesBruteForceWhenCutoffExceedsHalfBox) {
  // Box shorter than cutoff + skin along every axis: several image shells, self-images included.
  expect_matches_brute_force(random_system({4.0, 5.5, 3.1}, 12, 2), 5.0, 0.3);
  expect_matches_brute_force(random_system({10.5, 10.5, 21.0}, 64, 3), 8.5, 1.0);
}

// A range far below the box's (a model that finds its own neighbours asks for 0.01 A) would
// want ~10^9 cells; the grid keeps its cells wider and the list stays right.
TEST(NeighborList, TinyRangeInALargeBox) {
  expect_matches_brute_force(random_system({14.0, 11.0, 17.0}, 300, 4), 0.01, 0.0);
  expect_matches_brute_force(random_system({14.0, 11.0, 17.0}, 300, 5), 0.3, 0.0);
}

TEST(NeighborList, MatchesBruteForceWithAtomsOnFaces) {
  System s(Box({0, 0, 0}, {6.0, 6.0, 6.0}), kMetalUnits);
  s.add_species("A", 1.0);
  const double L = 6.0;
  for (double x : {0.0, 1.5, 3.0, 4.5}) {
    for (double y : {0.0, 3.0}) s.add_atom(0, x, y, 0.0);
  }
  s.add_atom(0, L, 1.0, 2.0);  // exactly on the upper face: wraps to 0
  s.add_atom(0, 1.0, L, L);    // on two upper faces
  s.add_atom(0, -0.0, 2.0, L - 1e-13);
  expect_matches_brute_force(s, 2.9, 0.1);
}

TEST(NeighborList, ChecksDisplacementBeforeRebuilding) {
  System s = random_system({12.0, 12.0, 12.0}, 100, 4);
  NeighborList nl(3.0, NeighborKind::Half, NeighborPolicy{0.4});
  nl.build(s);
  s.x()[5] += 0.19;  // below skin/2
  EXPECT_FALSE(nl.update(s));
  s.x()[5] += 0.02;  // now beyond skin/2
  EXPECT_TRUE(nl.update(s));
  EXPECT_EQ(nl.builds(), 2);
}

TEST(NeighborList, FixedIntervalRebuildsEveryNSteps) {
  System s = random_system({12.0, 12.0, 12.0}, 100, 5);
  NeighborPolicy policy{0.3};
  policy.every = 20;
  policy.check = false;
  NeighborList nl(3.0, NeighborKind::Half, policy);
  nl.build(s);
  int rebuilt_at = -1;
  for (int step = 1; step <= 20; ++step) {
    if (nl.update(s)) rebuilt_at = step;
  }
  EXPECT_EQ(rebuilt_at, 20);
  EXPECT_EQ(nl.dangerous_builds(), 0);
  s.x()[0] += 0.5;  // moved more than skin/2 between fixed rebuilds: counted as dangerous
  for (int step = 1; step <= 20; ++step) nl.update(s);
  EXPECT_EQ(nl.dangerous_builds(), 1);
}

TEST(NeighborList, GhostsFollowOwnersBetweenRebuilds) {
  System s = random_system({7.0, 7.0, 7.0}, 20, 6);
  NeighborList nl(3.0, NeighborKind::Full, NeighborPolicy{1.0});
  nl.build(s);
  s.y()[3] += 0.1;
  ASSERT_FALSE(nl.update(s));
  const NeighborView v = nl.view();
  for (int g = v.n_local; g < v.n_local + v.n_ghost; ++g) {
    const double shift = v.y[g] - s.y()[v.owner[g]];
    EXPECT_NEAR(shift / 7.0, std::round(shift / 7.0), 1e-12);
  }
}

TEST(NeighborList, RebuildsWhenTheBoxChanges) {
  System s = random_system({10.0, 10.0, 10.0}, 50, 7);
  NeighborList nl(3.0, NeighborKind::Half, NeighborPolicy{0.4});
  nl.build(s);
  s.box().scale(1.0, 1.0, 1.0 - 0.25);  // ghosts jump by 2.5: the list is stale
  EXPECT_TRUE(nl.update(s));
}

// The serial changes on every build and only then, and differs between lists, even when one
// list is destroyed and another is built in its place.
TEST(NeighborList, BuildSerialIdentifiesEachBuild) {
  System s = random_system({10.0, 10.0, 10.0}, 50, 8);
  std::set<std::uint64_t> seen;
  for (int k = 0; k < 3; ++k) {
    NeighborList nl(3.0, NeighborKind::Full, NeighborPolicy{0.4});
    EXPECT_EQ(nl.build_serial(), 0u);
    nl.build(s);
    const std::uint64_t first = nl.build_serial();
    EXPECT_TRUE(seen.insert(first).second) << "serial reused: " << first;
    ASSERT_FALSE(nl.update(s));
    EXPECT_EQ(nl.build_serial(), first);
    nl.build(s);
    EXPECT_TRUE(seen.insert(nl.build_serial()).second);
  }
}

// A halo built by a team is the serial one: the same ghosts, in the same order, at the same
// positions, with the same owners, images and signs; including a slab two image shells thick.
TEST(Halo, ATeamBuildsTheSerialGhostsInTheSameOrder) {
  for (std::array<double, 3> len : {std::array<double, 3>{22.0, 22.0, 22.0}, {60.0, 60.0, 1.5}}) {
    System a = random_system(len, 10000, 21, 2);
    ASSERT_GE(a.size(), kTeamSplitAtoms) << "large enough to be split";
    System b = a;
    ThreadTeam team(3);
    Halo split, serial;
    split.build(a, 2.8, 10, &team);
    serial.build(b, 2.8, 10);
    if (len[2] < 2.0) {
      ASSERT_EQ(serial.shells()[2], 2);
    }
    ASSERT_GT(serial.n_ghost(), 0);
    ASSERT_EQ(split.n_extended(), serial.n_extended());
    EXPECT_EQ(split.shells(), serial.shells());
    auto same = [](auto p, auto q, const char* what) {
      ASSERT_EQ(p.size(), q.size()) << what;
      for (std::size_t i = 0; i < p.size(); ++i) ASSERT_EQ(p[i], q[i]) << what << " " << i;
    };
    same(split.x(), serial.x(), "x");
    same(split.y(), serial.y(), "y");
    same(split.z(), serial.z(), "z");
    same(split.owner(), serial.owner(), "owner");
    same(split.species(), serial.species(), "species");
    same(split.image_x(), serial.image_x(), "image x");
    same(split.image_y(), serial.image_y(), "image y");
    same(split.image_z(), serial.image_z(), "image z");
    same(split.image_sign(), serial.image_sign(), "image sign");
    same(a.x(), b.x(), "wrapped x");
    // And the ghosts are what they claim to be: owner + image * box length.
    for (int g = serial.n_local(); g < serial.n_extended(); ++g) {
      const int o = serial.owner()[g];
      ASSERT_EQ(serial.x()[g], b.x()[o] + serial.image_x()[g] * len[0]) << "ghost " << g;
      ASSERT_EQ(serial.y()[g], b.y()[o] + serial.image_y()[g] * len[1]) << "ghost " << g;
      ASSERT_EQ(serial.z()[g], b.z()[o] + serial.image_z()[g] * len[2]) << "ghost " << g;
      ASSERT_EQ(serial.species()[g], b.species()[o]) << "ghost " << g;
    }
  }
}

}  // namespace
}  // namespace mdb
