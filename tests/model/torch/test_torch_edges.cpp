// The edges handed to TorchScript models against a brute-force enumeration of every periodic
// image within the cutoff: the same (centre, neighbour, cell shift) set, in a box small enough
// that pairs reach across several image shells.
#include "model/torch/torch_edges.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>

#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/lattice.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

using Edge = std::tuple<long, long, int, int, int>;  // centre, neighbour, shift x y z

// `cut_of(i, j)`: the cutoff of the pair of atoms i, j (A).
template <class CutOf>
std::set<Edge> brute_force(const System& s, double cutoff, CutOf cut_of) {
  std::set<Edge> out;
  const auto& len = s.box().lengths();
  int shells[3];
  for (int a = 0; a < 3; ++a) shells[a] = static_cast<int>(std::ceil(cutoff / len[a])) + 1;
  const auto n = static_cast<long>(s.size());
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j) {
      for (int a = -shells[0]; a <= shells[0]; ++a) {
        for (int b = -shells[1]; b <= shells[1]; ++b) {
          for (int c = -shells[2]; c <= shells[2]; ++c) {
            if (i == j && a == 0 && b == 0 && c == 0) continue;
            const double dx = s.x()[j] + a * len[0] - s.x()[i];
            const double dy = s.y()[j] + b * len[1] - s.y()[i];
            const double dz = s.z()[j] + c * len[2] - s.z()[i];
            const double r2 = dx * dx + dy * dy + dz * dz;
            const double cij = cut_of(i, j);
            if (r2 < cutoff * cutoff && r2 < cij * cij) out.emplace(i, j, a, b, c);
          }
        }
      }
    }
  }
  return out;
}

// 2 x 2 x 1 fcc cells of 5.26 A and an 8.5 A cutoff: up to two image shells along z. Wrapped,
// as a list build leaves the local atoms (the brute force sees the same positions).
System small_box() {
  System s = build_lattice({LatticeKind::Fcc, 5.26, 2, 2, 1}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.2, 7);
  const auto& len = s.box().lengths();
  for (std::size_t i = 0; i < s.size(); ++i) {
    s.x()[i] = std::fmod(s.x()[i] + len[0], len[0]);
    s.y()[i] = std::fmod(s.y()[i] + len[1], len[1]);
    s.z()[i] = std::fmod(s.z()[i] + len[2], len[2]);
  }
  return s;
}

std::set<Edge> edge_set(System s, double cutoff, const TypePairCutoffs& pairs) {
  NeighborList list(cutoff, NeighborKind::Full, NeighborPolicy{0.7});
  list.build(s);
  TorchEdges edges;
  const auto& len = s.box().lengths();
  const double box[3] = {len[0], len[1], len[2]};
  torch_edges_from_full_list(list.view(), box, cutoff, edges, pairs);
  std::set<Edge> got;
  for (std::int64_t e = 0; e < edges.count; ++e) {
    const double* sh = edges.shift.data() + 3 * e;
    EXPECT_TRUE(got.emplace(edges.index[e], edges.index[edges.count + e], static_cast<int>(sh[0]),
                            static_cast<int>(sh[1]), static_cast<int>(sh[2]))
                    .second)
        << "edge " << e << " twice";
  }
  return got;
}

TEST(TorchEdges, EveryImageWithinTheCutoffOnceFromEachSide) {
  const System s = small_box();
  const double cutoff = 8.5;
  const std::set<Edge> want = brute_force(s, cutoff, [](long, long) { return 1e300; });
  EXPECT_GT(want.size(), 16 * s.size());  // many neighbours, several through images
  EXPECT_EQ(edge_set(s, cutoff, {}), want);
}

// NequIP's per_edge_type_cutoff: two types alternating by atom, each pair kind with its own
// cutoff (asymmetric on purpose: the centre's type is the row).
TEST(TorchEdges, PerTypePairCutoffs) {
  const System s = small_box();
  std::vector<std::int64_t> types(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) types[i] = static_cast<std::int64_t>(i % 2);
  const double cut[4] = {8.5, 6.0, 7.0, 5.0};
  const double cutoff = 8.5;
  const std::set<Edge> want =
      brute_force(s, cutoff, [&](long i, long j) { return cut[types[i] * 2 + types[j]]; });
  const std::set<Edge> all = brute_force(s, cutoff, [](long, long) { return 1e300; });
  EXPECT_LT(want.size(), all.size() * 3 / 4);  // the shorter cutoffs removed many
  EXPECT_EQ(edge_set(s, cutoff, {types.data(), cut, 2}), want);
}

}  // namespace
}  // namespace mdb
