// The trainer's parts on their own: Adam's steps and the input standardisation.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "model/distill/adam_optimizer.hpp"
#include "model/distill/input_standardisation.hpp"

namespace mdb {
namespace {

// Adam's first step moves each parameter by the learning rate against its gradient's sign,
// whatever the gradient's size (bias correction makes m / sqrt(v) = g / |g|).
TEST(AdamOptimizer, FirstStepIsTheLearningRateAgainstTheGradientsSign) {
  double a = 1.0, b = -2.0, c = 0.5;
  std::vector<double*> params{&a, &b, &c};
  AdamOptimizer adam(3);
  adam.step(params, std::vector<double>{3.0, -1e-3, 40.0}, 0.01);
  EXPECT_NEAR(a, 0.99, 1e-9);
  EXPECT_NEAR(b, -1.99, 1e-6);  // eps = 1e-8 against |g| = 1e-3
  EXPECT_NEAR(c, 0.49, 1e-9);
  EXPECT_EQ(adam.steps(), 1);
  EXPECT_THROW(adam.step(params, std::vector<double>{1.0}, 0.01), std::invalid_argument);
}

// On f(x) = (x - 3)^2 it converges to the minimum.
TEST(AdamOptimizer, MinimisesAQuadratic) {
  double x = -5.0;
  std::vector<double*> params{&x};
  AdamOptimizer adam(1);
  for (int k = 0; k < 3000; ++k) adam.step(params, std::vector<double>{2.0 * (x - 3.0)}, 0.05);
  EXPECT_NEAR(x, 3.0, 1e-3);
}

TEST(InputStandardisation, MeansAndSpreadsPerSpeciesAndEntry) {
  InputStandardisation st(3, 2);
  for (double v : {1.0, 2.0, 3.0, 4.0}) {
    const double row[2] = {v, 7.0};  // entry 1 never varies
    st.add(0, row);
  }
  const double other[2] = {-1.0, 5.0};
  st.add(1, other);
  const auto m = st.means();
  const auto s = st.scales();
  EXPECT_DOUBLE_EQ(m[0][0], 2.5);
  EXPECT_NEAR(s[0][0], std::sqrt(1.25), 1e-12);  // population spread of 1..4
  EXPECT_DOUBLE_EQ(m[0][1], 7.0);
  EXPECT_EQ(s[0][1], 1.0);
  EXPECT_DOUBLE_EQ(m[1][0], -1.0);
  EXPECT_EQ(s[1][0], 1.0);                           // one row: no spread
  EXPECT_EQ(m[2], (std::vector<double>{0.0, 0.0}));  // no rows
  EXPECT_EQ(s[2], (std::vector<double>{1.0, 1.0}));
}

}  // namespace
}  // namespace mdb
