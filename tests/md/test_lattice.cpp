#include "md/structure/lattice.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "md/structure/standard_systems.hpp"

namespace mdb {
namespace {

// Minimum-image distances from atom 0 (boxes here are at least 2 nn distances wide).
struct Shell {
  double nearest;
  int count;
};
Shell first_shell(const System& s) {
  double best = 1e300;
  int count = 0;
  for (std::size_t j = 1; j < s.size(); ++j) {
    double dx = s.x()[j] - s.x()[0], dy = s.y()[j] - s.y()[0], dz = s.z()[j] - s.z()[0];
    s.box().minimum_image(dx, dy, dz);
    const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
    if (r < best - 1e-9) {
      best = r;
      count = 1;
    } else if (std::abs(r - best) <= 1e-9) {
      ++count;
    }
  }
  return {best, count};
}

TEST(Lattice, CountsNeighboursAndSpacing) {
  struct Case {
    LatticeKind kind;
    int per_cell, coordination;
  };
  for (const Case c : {Case{LatticeKind::SimpleCubic, 1, 6}, Case{LatticeKind::Bcc, 2, 8},
                       Case{LatticeKind::Fcc, 4, 12}, Case{LatticeKind::Diamond, 8, 4}}) {
    const System s = build_lattice({c.kind, 3.0, 3, 3, 3}, {"X", 1.0}, kMetalUnits);
    ASSERT_EQ(s.size(), static_cast<std::size_t>(27 * c.per_cell));
    EXPECT_EQ(atoms_per_cell(c.kind), c.per_cell);
    const Shell sh = first_shell(s);
    EXPECT_NEAR(sh.nearest, nearest_neighbor_distance(c.kind, 3.0), 1e-12);
    EXPECT_EQ(sh.count, c.coordination);
  }
}

TEST(Lattice, SeedSizesComeOutExactly) {
  auto n = [](LatticeKind k, int x, int y, int z) {
    return build_lattice({k, 4.0, x, y, z}, {"X", 1.0}, kMetalUnits).size();
  };
  EXPECT_EQ(n(LatticeKind::Fcc, 2, 2, 2), 32u);
  EXPECT_EQ(n(LatticeKind::Fcc, 2, 2, 4), 64u);
  EXPECT_EQ(n(LatticeKind::Fcc, 2, 4, 4), 128u);
  EXPECT_EQ(n(LatticeKind::Fcc, 4, 4, 4), 256u);
  EXPECT_EQ(n(LatticeKind::Fcc, 4, 4, 8), 512u);
  EXPECT_EQ(n(LatticeKind::Fcc, 4, 8, 8), 1024u);
  EXPECT_EQ(n(LatticeKind::Diamond, 2, 2, 2), 64u);
  EXPECT_EQ(n(LatticeKind::Bcc, 4, 4, 4), 128u);
}

TEST(Lattice, LjMeltMatchesLammpsInLj) {
  const System s = make_lj_melt(20, 20, 20);
  EXPECT_EQ(s.size(), 32000u);
  EXPECT_NEAR(s.size() / s.box().volume(), kLjMeltDensity, 1e-12);
  EXPECT_NEAR(s.box().length(0), 20 * std::cbrt(4 / 0.8442), 1e-12);
}

TEST(Lattice, ParsesNamesAndRejectsUnknown) {
  EXPECT_EQ(parse_lattice_kind("diamond"), LatticeKind::Diamond);
  EXPECT_THROW(parse_lattice_kind("hcp"), std::invalid_argument);
  EXPECT_THROW(build_lattice({LatticeKind::Fcc, 1.0, 0, 1, 1}, {"X", 1.0}, kMetalUnits),
               std::invalid_argument);
}

}  // namespace
}  // namespace mdb
