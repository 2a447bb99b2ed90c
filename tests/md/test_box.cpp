#include "md/core/box.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace mdb {
namespace {

TEST(Box, VolumeAndScaling) {
  Box b({1, 2, 3}, {4, 5, 6});
  EXPECT_DOUBLE_EQ(b.volume(), 120.0);
  b.scale(2, 1, 0.5);
  EXPECT_DOUBLE_EQ(b.length(0), 8.0);
  EXPECT_DOUBLE_EQ(b.length(2), 3.0);
  EXPECT_DOUBLE_EQ(b.lo()[1], 2.0);  // scaled about lo
}

TEST(Box, MinimumImagePicksShortestDisplacement) {
  const Box b = Box::cube(10.0);
  double dx = 9.0, dy = -6.0, dz = 4.9;
  b.minimum_image(dx, dy, dz);
  EXPECT_DOUBLE_EQ(dx, -1.0);
  EXPECT_DOUBLE_EQ(dy, 4.0);
  EXPECT_DOUBLE_EQ(dz, 4.9);
}

TEST(Box, WrapMapsIntoHalfOpenInterval) {
  const Box b({-1, 0, 0}, {2, 3, 4});
  const auto& v = b.view();
  for (double c : {-1.0, 1.0, 0.999, -3.5, 7.25, -1.0 - 1e-17, 1.0 - 1e-17, 1e6}) {
    double w = c;
    const int n = v.wrap(w, 0);
    EXPECT_GE(w, -1.0) << c;
    EXPECT_LT(w, 1.0) << c;
    if (std::abs(c) < 1e5) {
      EXPECT_NEAR(w + 2.0 * n, c, 1e-12) << c;
    }
  }
  double on_face = 1.0;  // exactly on the upper face belongs to the lower one
  v.wrap(on_face, 0);
  EXPECT_EQ(on_face, -1.0);
}

}  // namespace
}  // namespace mdb
