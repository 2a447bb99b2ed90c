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

std::set<Edge> brute_force(const System& s, double cutoff) {
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
            if (dx * dx + dy * dy + dz * dz < cutoff * cutoff) out.emplace(i, j, a, b, c);
          }
        }
      }
    }
  }
  return out;
}

TEST(TorchEdges, EveryImageWithinTheCutoffOnceFromEachSide) {
  // 2 x 2 x 1 fcc cells of 5.26 A and an 8.5 A cutoff: up to two image shells along z.
  System s = build_lattice({LatticeKind::Fcc, 5.26, 2, 2, 1}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.2, 7);
  // Wrapped, as a list build leaves the local atoms (the brute force sees the same positions).
  const auto& len = s.box().lengths();
  for (std::size_t i = 0; i < s.size(); ++i) {
    s.x()[i] = std::fmod(s.x()[i] + len[0], len[0]);
    s.y()[i] = std::fmod(s.y()[i] + len[1], len[1]);
    s.z()[i] = std::fmod(s.z()[i] + len[2], len[2]);
  }
  const double cutoff = 8.5;
  NeighborList list(cutoff, NeighborKind::Full, NeighborPolicy{0.7});
  list.build(s);
  TorchEdges edges;
  const double box[3] = {len[0], len[1], len[2]};
  torch_edges_from_full_list(list.view(), box, cutoff, edges);
  std::set<Edge> got;
  for (std::int64_t e = 0; e < edges.count; ++e) {
    const double* sh = edges.shift.data() + 3 * e;
    EXPECT_TRUE(got.emplace(edges.index[e], edges.index[edges.count + e], static_cast<int>(sh[0]),
                            static_cast<int>(sh[1]), static_cast<int>(sh[2]))
                    .second)
        << "edge " << e << " twice";
  }
  const std::set<Edge> want = brute_force(s, cutoff);
  EXPECT_GT(want.size(), 16 * s.size());  // many neighbours, several through images
  EXPECT_EQ(got, want);
}

}  // namespace
}  // namespace mdb
