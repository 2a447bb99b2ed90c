// Finite-input checks (kernels/hnlq/cpu/input_check.hpp) and the checked encoders
// (kernels/hnlq/cpu/checked.hpp): the first NaN or infinity is found where a plain scan finds
// it, in both layouts; a checked encoder throws one line naming it and writes nothing, and on
// finite data returns exactly what the unchecked encoder does.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/checked.hpp"
#include "kernels/hnlq/cpu/input_check.hpp"

namespace mdb::hnlq {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// Finite values of every kind: zeros, subnormals, the largest floats, ordinary numbers.
std::vector<float> finite_values(std::size_t size, std::uint32_t seed) {
  const float edge[] = {0.0f,
                        -0.0f,
                        std::numeric_limits<float>::denorm_min(),
                        -std::numeric_limits<float>::min(),
                        std::numeric_limits<float>::max(),
                        std::numeric_limits<float>::lowest()};
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  std::vector<float> x(size);
  for (std::size_t k = 0; k < size; ++k) x[k] = k % 7 == 0 ? edge[(k / 7) % 6] : normal(rng);
  return x;
}

TEST(InputCheck, FiniteDataPasses) {
  const std::vector<float> x = finite_values(8 * 1001, 1);
  EXPECT_FALSE(find_non_finite(x.data(), 1001, 8, InputLayout::Rows));
  EXPECT_FALSE(find_non_finite(x.data(), 1001, 8, InputLayout::Columns));
  EXPECT_NO_THROW(require_finite_input(x.data(), 1001, 8, InputLayout::Columns));
  EXPECT_FALSE(find_non_finite(x.data(), 0, 8, InputLayout::Rows));  // an empty batch
}

TEST(InputCheck, FindsTheFirstBadValueInEitherLayout) {
  // Against the plain definition: the first index k in memory order whose value is not finite,
  // mapped to (vector, coordinate) by the layout's formula.
  std::mt19937 rng(2);
  const std::size_t count = 333;
  const int n = 4;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<float> x = finite_values(count * n, trial);
    const float bad[] = {kNaN, kInf, -kInf};
    const int plants = 1 + trial % 3;
    for (int k = 0; k < plants; ++k) x[rng() % x.size()] = bad[rng() % 3];
    std::size_t first = 0;
    while (std::isfinite(x[first])) ++first;
    const auto rows = find_non_finite(x.data(), count, n, InputLayout::Rows);
    ASSERT_TRUE(rows);
    EXPECT_EQ(rows->vector * n + static_cast<std::size_t>(rows->coordinate), first);
    const auto columns = find_non_finite(x.data(), count, n, InputLayout::Columns);
    ASSERT_TRUE(columns);
    EXPECT_EQ(static_cast<std::size_t>(columns->coordinate) * count + columns->vector, first);
    EXPECT_TRUE(std::isnan(x[first]) ? std::isnan(rows->value) : rows->value == x[first]);
  }
}

TEST(InputCheck, MessageNamesVectorCoordinateAndValueOnOneLine) {
  std::vector<float> x(4 * 10, 0.5f);
  x[7 * 4 + 2] = -kInf;
  try {
    require_finite_input(x.data(), 10, 4, InputLayout::Rows);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what,
              "HNLQ input: vector 7, coordinate 2 is -inf; the quantizer needs finite numbers");
  }
  x[3 * 4 + 1] = kNaN;
  try {
    require_finite_input(x.data(), 10, 4, InputLayout::Rows);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("vector 3, coordinate 1 is NaN"), std::string::npos);
  }
}

template <class L>
class CheckedEncoders : public ::testing::Test {};
using AllLattices = ::testing::Types<Z2Lattice, D4Lattice, E8Lattice>;
TYPED_TEST_SUITE(CheckedEncoders, AllLattices);

TYPED_TEST(CheckedEncoders, RejectNonFiniteAndWriteNothing) {
  using L = TypeParam;
  constexpr int n = L::kDim;
  const HnlqParams p = make_hnlq_params(4, 2, 1.0);
  const std::size_t count = 50;
  for (float bad : {kNaN, kInf, -kInf}) {
    std::vector<float> x = finite_values(count * n, 3);
    x[count * n - 1] = bad;  // the very last value: the check reads everything
    std::vector<std::uint8_t> codes(count * 2 * n, 0xAB), t(count, 0xAB);
    std::vector<float> out(count * n, 42.0f);
    EXPECT_THROW(checked_reference_encode<L>(p, x.data(), count, codes.data(), t.data()),
                 std::invalid_argument);
    EXPECT_THROW(checked_batched_encode<L>(p, x.data(), count, codes.data(), t.data()),
                 std::invalid_argument);
    EXPECT_THROW(checked_reference_round_trip<L>(p, x.data(), count, out.data()),
                 std::invalid_argument);
    EXPECT_THROW(checked_batched_round_trip<L>(p, x.data(), count, out.data()),
                 std::invalid_argument);
    for (std::uint8_t b : codes) ASSERT_EQ(b, 0xAB);
    for (std::uint8_t b : t) ASSERT_EQ(b, 0xAB);
    for (float v : out) ASSERT_EQ(v, 42.0f);
  }
}

TYPED_TEST(CheckedEncoders, MatchTheUncheckedEncodersOnFiniteData) {
  using L = TypeParam;
  constexpr int n = L::kDim;
  const HnlqParams p = make_hnlq_params(4, 2, 0.5, true);
  const std::size_t count = 777;
  const std::vector<float> x = finite_values(count * n, 4);  // the same numbers in either layout
  std::vector<std::uint8_t> codes(count * 2 * n), t(count), codes2(codes.size()), t2(count);
  std::vector<float> out(count * n), out2(count * n);
  EXPECT_EQ(checked_reference_encode<L>(p, x.data(), count, codes.data(), t.data()),
            reference_encode<L>(p, x.data(), count, codes2.data(), t2.data()));
  EXPECT_EQ(codes, codes2);
  EXPECT_EQ(t, t2);
  EXPECT_EQ(checked_batched_encode<L>(p, x.data(), count, codes.data(), t.data()),
            batched_encode<L>(p, x.data(), count, codes2.data(), t2.data()));
  EXPECT_EQ(codes, codes2);
  EXPECT_EQ(t, t2);
  EXPECT_EQ(checked_batched_round_trip<L>(p, x.data(), count, out.data()),
            batched_round_trip<L>(p, x.data(), count, out2.data()));
  EXPECT_EQ(out, out2);
  EXPECT_EQ(checked_reference_round_trip<L>(p, x.data(), count, out.data()),
            reference_round_trip<L>(p, x.data(), count, out2.data()));
  EXPECT_EQ(out, out2);
}

}  // namespace
}  // namespace mdb::hnlq
