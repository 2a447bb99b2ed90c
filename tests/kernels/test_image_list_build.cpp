// The device neighbour-list build bodies (kernels/common/image_list_build.hpp), run as an emulated
// launch, against the brute-force reference builder: the same (i, j, image) entries per atom, for
// boxes that need several image shells, several species and replicas with different boxes. And
// the device rebuild decision against hand-made displacements.
#include "kernels/common/image_list_build.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>
#include <vector>

#include "md/core/units.hpp"
#include "md/structure/lattice.hpp"
#include "tests/kernels/emulated_engine.hpp"
#include "tests/support/image_list_reference.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

constexpr double kArgonA = 5.26;  // Angstrom
constexpr double kCutoff = 8.5;   // Angstrom
constexpr double kSkin = 1.0;     // Angstrom: range 9.5, more than half the 10.52 A box

System argon(int nx, int ny, int nz, std::uint64_t seed, double a = kArgonA) {
  System s = build_lattice({LatticeKind::Fcc, a, nx, ny, nz}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.4, seed);
  return s;
}

test::EmulatedEngine build_only(const std::vector<System>& reps, std::int64_t capacity = 0) {
  test::EmulatedSettings s;
  s.cutoff = kCutoff;
  s.policy.skin = kSkin;
  s.dt = 0.001;
  s.capacity = capacity;
  auto no_force = [](const ImageNeighborView& l, double* fx, double* fy, double* fz, double*,
                     bool) {
    std::fill(fx, fx + l.n, 0.0);
    std::fill(fy, fy + l.n, 0.0);
    std::fill(fz, fz + l.n, 0.0);
  };
  return test::EmulatedEngine(reps, no_force, s);
}

using Entry = std::tuple<int, ImageCode>;

std::vector<std::set<Entry>> entries(const std::int64_t* offsets, const int* neighbors,
                                     const ImageCode* images, int n) {
  std::vector<std::set<Entry>> out(n);
  for (int i = 0; i < n; ++i) {
    for (std::int64_t k = offsets[i]; k < offsets[i + 1]; ++k) {
      const bool fresh = out[i].insert({neighbors[k], images[k]}).second;
      EXPECT_TRUE(fresh) << "atom " << i << " lists (" << neighbors[k] << ", " << images[k]
                         << ") twice";
    }
  }
  return out;
}

// The engine's list equals the reference built from the (wrapped) positions the engine holds.
void expect_matches_reference(const test::EmulatedEngine& e, std::size_t min_pairs) {
  const ImageNeighborView got = e.list();
  ImageListStorage ref;
  build_image_list_reference(got, kCutoff + kSkin, ref);
  ASSERT_GE(ref.neighbors.size(), min_pairs);  // the case really has the entries it is about
  EXPECT_EQ(got.offsets[got.n], static_cast<std::int64_t>(ref.neighbors.size()));
  const auto a = entries(got.offsets, got.neighbors, got.images, got.n);
  const auto b = entries(ref.offsets.data(), ref.neighbors.data(), ref.images.data(), got.n);
  for (int i = 0; i < got.n; ++i) EXPECT_EQ(a[i], b[i]) << "atom " << i;
}

int max_image_shift(const ImageNeighborView& l) {
  int m = 0;
  for (std::int64_t k = 0; k < l.offsets[l.n]; ++k) {
    m = std::max({m, std::abs(image_x(l.images[k])), std::abs(image_y(l.images[k])),
                  std::abs(image_z(l.images[k]))});
  }
  return m;
}

TEST(ImageListBuild, SmallBoxNeedsSeveralImages) {
  // 32 argon atoms in a 10.52 A box with range 9.5 A: one cell, every neighbour of an atom near
  // a face is an image, and each atom neighbours its own images (~86 neighbours per atom).
  const auto e = build_only({argon(2, 2, 2, 7)});
  expect_matches_reference(e, 32 * 80);
  EXPECT_EQ(max_image_shift(e.list()), 1);
}

TEST(ImageListBuild, BoxShorterThanTheRangeUsesTwoShells) {
  // 1 x 1 x 3 cells: 5.26 A along x and y (< 9.5 A), so shifts of two box lengths appear.
  const auto e = build_only({argon(1, 1, 3, 8)});
  expect_matches_reference(e, 12 * 80);
  EXPECT_EQ(max_image_shift(e.list()), 2);
}

TEST(ImageListBuild, LargerBoxWithSeveralCellsAndTwoSpecies) {
  // 5 x 4 x 6 cells (26.3 x 21.0 x 31.6 A): 2 to 3 cells per axis, so both the plain stencil and
  // its wrap-around are used; species alternate (the list ignores them, the view carries them).
  System s = test::alternate_species(argon(5, 4, 6, 9), {"Ar", 39.948}, {"Kr", 83.798});
  const auto e = build_only({s});
  expect_matches_reference(e, 480 * 80);
}

TEST(ImageListBuild, ReplicasWithDifferentBoxes) {
  // Three replicas of 256 atoms: a cube, the cube 8% larger, and a 2 x 2 x 16 slab.
  const auto e =
      build_only({argon(4, 4, 4, 10), argon(4, 4, 4, 11, 1.08 * kArgonA), argon(2, 2, 16, 12)});
  expect_matches_reference(e, 768 * 80);
  const ImageNeighborView l = e.list();
  for (std::int64_t k = 0; k < l.offsets[l.n]; ++k) {
    // Every entry stays within its replica.
    const int i =
        static_cast<int>(std::upper_bound(l.offsets, l.offsets + l.n + 1, k) - l.offsets - 1);
    ASSERT_EQ(l.neighbors[k] / 256, i / 256) << "entry " << k;
  }
}

TEST(ImageListBuild, WrapsUnwrappedPositionsLikeTheCpuHalo) {
  System s = argon(3, 3, 3, 13);
  auto x = s.x(), z = s.z();
  for (std::size_t i = 0; i < s.size(); i += 3) {
    x[i] += 3.0 * s.box().length(0);  // three boxes out
    z[i] -= 2.0 * s.box().length(2);
  }
  const auto e = build_only({s});
  expect_matches_reference(e, 108 * 80);
  for (std::size_t i = 0; i < s.size(); ++i) {
    double cx = s.x()[i], cz = s.z()[i];
    s.box().view().wrap(cx, 0);
    s.box().view().wrap(cz, 2);
    EXPECT_EQ(e.x[i], cx) << i;  // bitwise: the same arithmetic as OrthoBoxView::wrap
    EXPECT_EQ(e.z[i], cz) << i;
    EXPECT_EQ(e.x0[i], e.x[i]);
  }
}

TEST(ImageListBuild, OverflowHaltsThenTheRetryFits) {
  // Capacity 10: the first build cannot fit, fill_neighbors leaves the storage alone, halts the
  // engine and records the size; the retry (grown storage) gives the full list.
  const auto e = build_only({argon(2, 2, 2, 14)}, 10);
  EXPECT_EQ(e.overflows, 1);
  EXPECT_EQ(e.ctl.halted, 0);
  EXPECT_GT(e.ctl.needed, 10);
  expect_matches_reference(e, 32 * 80);
}

TEST(ImageListBuild, CellGridCoversTheRange) {
  const double lo[3] = {0, 0, 0};
  const double len[3] = {10.52, 19.0, 40.0};
  const ReplicaCellGrid g = make_replica_cell_grid(lo, len, 9.5, 5);
  EXPECT_EQ(g.first_cell, 5);
  EXPECT_EQ(g.dims[0], 1);  // shorter than 2 ranges: one cell
  EXPECT_EQ(g.dims[1], 2);  // exactly 2 ranges
  EXPECT_EQ(g.dims[2], 4);
  for (int a = 0; a < 3; ++a) EXPECT_GE(g.reach[a] * len[a] / g.dims[a], 9.5) << a;
  const double tiny[3] = {3.0, 3.0, 3.0};
  EXPECT_EQ(make_replica_cell_grid(lo, tiny, 9.5, 0).reach[0], 4);  // ceil(9.5 / 3)
}

// ---- The rebuild decision (decide_rebuild) -----------------------------------------------------

void observe_displacement(EngineControl& c, double d) {
  // What the head kernel's max reduction leaves for decide_rebuild.
  c.max_disp2_bits = 0;
  atomic_max(&c.max_disp2_bits, double_bits(0.5 * d * d));  // a smaller one first
  atomic_max(&c.max_disp2_bits, double_bits(d * d));
}

TEST(DecideRebuild, CheckRebuildsBeyondHalfTheSkin) {
  const NeighborPolicy p{1.0, 1, true};
  EngineControl c;
  observe_displacement(c, 0.49);
  decide_rebuild(c, p);
  EXPECT_EQ(c.rebuild, 0);
  EXPECT_EQ(c.steps_since_build, 1);
  EXPECT_EQ(c.max_disp2_bits, 0u);  // consumed
  observe_displacement(c, 0.51);
  decide_rebuild(c, p);
  EXPECT_EQ(c.rebuild, 1);
  EXPECT_EQ(c.builds, 1);
  EXPECT_EQ(c.steps_since_build, 0);
  EXPECT_EQ(c.dangerous_builds, 0);
}

TEST(DecideRebuild, EveryWithoutCheckCountsDangerousBuilds) {
  const NeighborPolicy p{1.0, 3, false};
  EngineControl c;
  for (int s = 1; s <= 6; ++s) {
    observe_displacement(c, s == 6 ? 0.7 : 0.1);
    decide_rebuild(c, p);
    EXPECT_EQ(c.rebuild, s % 3 == 0 ? 1 : 0) << s;
  }
  EXPECT_EQ(c.builds, 2);
  EXPECT_EQ(c.dangerous_builds, 1);  // step 6 had moved 0.7 > skin/2
}

TEST(DecideRebuild, NanRebuildsAndHaltedDoesNothing) {
  const NeighborPolicy p{1.0, 1, true};
  EngineControl c;
  c.max_disp2_bits = double_bits(std::numeric_limits<double>::quiet_NaN());
  atomic_max(&c.max_disp2_bits, double_bits(0.01));  // a NaN stays the max
  decide_rebuild(c, p);
  EXPECT_EQ(c.rebuild, 1);
  c.halted = 1;
  observe_displacement(c, 5.0);
  decide_rebuild(c, p);
  EXPECT_EQ(c.rebuild, 0);
  EXPECT_EQ(c.builds, 1);
}

TEST(ImageListBuild, NonFinitePositionIsReported) {
  System s = argon(2, 2, 2, 15);
  s.y()[3] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(build_only({s}), std::runtime_error);
}

}  // namespace
}  // namespace mdb
