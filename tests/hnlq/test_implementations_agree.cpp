// The batched CPU quantizer (SIMD lanes, coordinate columns) against the scalar reference (rows):
// the same codes, scaling counts and reconstructions bit for bit, for every lattice, several q,
// M, beta, overload settings, batch sizes around the SIMD width and tile size, and inputs from
// tiny to saturating, ties and non-finite values included.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/batched.hpp"
#include "kernels/hnlq/cpu/reference.hpp"
#include "tests/hnlq/inputs.hpp"

namespace mdb::hnlq {
namespace {

struct Case {
  int q, levels;
  double beta;
  bool protection;
};

// q = 2, 4, 8, 16 run the batched loops with q a compile-time constant, other q with q read at
// run time (powers of two among them: 32, 256); a power-of-two beta (1, 0.125, 4) scales by
// multiplying with 1 / beta instead of dividing.
const Case kCases[] = {{4, 2, 1.0, false}, {2, 1, 1.0, false},    {3, 3, 0.37, false},
                       {7, 2, 2.5, true},  {16, 2, 1.0, true},    {256, 2, 0.01, false},
                       {2, 16, 1.0, true}, {32, 3, 0.125, false}, {8, 2, 4.0, true}};
const std::size_t kBatches[] = {1, 7, 8, 9, 127, 128, 129, 1000, 4099};

template <class T>
bool bitwise_equal(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class L>
void expect_batched_matches_reference(const Case& k, std::size_t count, std::uint32_t seed) {
  constexpr int n = L::kDim;
  const HnlqParams p = make_hnlq_params(k.q, k.levels, k.beta, k.protection);
  const std::size_t m = static_cast<std::size_t>(k.levels);
  const std::vector<float> rows = make_inputs(n, count, seed);
  std::vector<float> columns(rows.size());
  for (std::size_t i = 0; i < count; ++i) {
    for (int c = 0; c < n; ++c) columns[c * count + i] = rows[i * n + c];
  }

  std::vector<std::uint8_t> ref_codes(count * m * n), ref_t(count);
  std::vector<std::uint8_t> cpu_codes(count * m * n), cpu_t(count);
  const std::size_t ref_over =
      reference_encode<L>(p, rows.data(), count, ref_codes.data(), ref_t.data());
  const std::size_t cpu_over =
      batched_encode<L>(p, columns.data(), count, cpu_codes.data(), cpu_t.data());
  ASSERT_EQ(cpu_over, ref_over);
  for (std::size_t i = 0; i < count; ++i) {
    ASSERT_EQ(cpu_t[i], ref_t[i]) << "vector " << i;
    for (std::size_t l = 0; l < m; ++l) {
      for (int c = 0; c < n; ++c) {
        ASSERT_EQ(cpu_codes[(l * n + c) * count + i], ref_codes[(i * m + l) * n + c])
            << "vector " << i << " level " << l << " coordinate " << c;
      }
    }
  }

  std::vector<float> ref_out(rows.size()), cpu_out(rows.size());
  reference_decode<L>(p, ref_codes.data(), ref_t.data(), count, ref_out.data());
  batched_decode<L>(p, cpu_codes.data(), cpu_t.data(), count, cpu_out.data());
  std::vector<float> ref_trip(rows.size()), cpu_trip(rows.size());
  ASSERT_EQ(reference_round_trip<L>(p, rows.data(), count, ref_trip.data()), ref_over);
  ASSERT_EQ(batched_round_trip<L>(p, columns.data(), count, cpu_trip.data()), ref_over);
  for (std::size_t i = 0; i < count; ++i) {
    for (int c = 0; c < n; ++c) {
      const float r = ref_out[i * n + c];
      ASSERT_TRUE(bitwise_equal(cpu_out[c * count + i], r)) << "decode, vector " << i;
      ASSERT_TRUE(bitwise_equal(ref_trip[i * n + c], r)) << "reference round trip " << i;
      ASSERT_TRUE(bitwise_equal(cpu_trip[c * count + i], r)) << "batched round trip " << i;
    }
  }
}

template <class L>
class ImplementationsAgree : public ::testing::Test {};
using AllLattices = ::testing::Types<Z2Lattice, D4Lattice, E8Lattice>;
TYPED_TEST_SUITE(ImplementationsAgree, AllLattices);

TYPED_TEST(ImplementationsAgree, BatchedEqualsReferenceBitForBit) {
  std::uint32_t seed = 1;
  for (const Case& k : kCases) {
    for (std::size_t count : kBatches) {
      SCOPED_TRACE(::testing::Message() << "q=" << k.q << " M=" << k.levels << " beta=" << k.beta
                                        << " protection=" << k.protection << " batch=" << count);
      expect_batched_matches_reference<TypeParam>(k, count, seed++);
    }
  }
}

TEST(InputScale, MultipliesByAnExactInverseOnlyAndThenMatchesTheDivision) {
  // x * (1 / beta) and x / beta are the same correctly rounded number when 1 / beta is a float;
  // checked over random bit patterns (subnormals, huge values, infinities, NaN included) for
  // powers of two across the exponent range, and the inverse must be refused otherwise.
  std::mt19937 rng(31);
  for (int e = -149; e <= 127; ++e) {
    const float beta = std::ldexp(1.0f, e);
    const detail::InputScale scale(beta);
    EXPECT_EQ(scale.exact_inverse, e > -128) << "beta = 2^" << e;  // 2^128 is not a float
    if (!scale.exact_inverse) continue;
    for (int k = 0; k < 2000; ++k) {
      const std::uint32_t bits = static_cast<std::uint32_t>(rng());
      float x;
      std::memcpy(&x, &bits, sizeof x);
      const float by_inverse = x * scale.inverse, quotient = x / beta;
      if (std::isnan(quotient)) {
        ASSERT_TRUE(std::isnan(by_inverse));
      } else {
        ASSERT_TRUE(bitwise_equal(by_inverse, quotient)) << x << " / 2^" << e;
      }
    }
  }
  for (float beta : {0.37f, 3.0f, 0.1f, 1.5f, std::nextafter(1.0f, 2.0f)}) {
    EXPECT_FALSE(detail::InputScale(beta).exact_inverse) << beta;
  }
}

TYPED_TEST(ImplementationsAgree, DecodersAgreeOnArbitraryBytes) {
  // Codes >= q and counts beyond max_scaling_iterations are not produced by the encoder but
  // must still decode identically on both paths.
  using L = TypeParam;
  constexpr int n = L::kDim;
  const HnlqParams p = make_hnlq_params(5, 3, 0.7, true, 1.0, 4);
  const std::size_t count = 1001, m = 3;
  std::mt19937 rng(99);
  std::vector<std::uint8_t> rows(count * m * n), columns(rows.size()), t(count);
  for (auto& b : rows) b = static_cast<std::uint8_t>(rng());
  for (auto& b : t) b = static_cast<std::uint8_t>(rng() % 8);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t l = 0; l < m; ++l) {
      for (int c = 0; c < n; ++c) {
        columns[(l * n + c) * count + i] = rows[(i * m + l) * n + c];
      }
    }
  }
  std::vector<float> ref(count * n), cpu(count * n);
  reference_decode<L>(p, rows.data(), t.data(), count, ref.data());
  batched_decode<L>(p, columns.data(), t.data(), count, cpu.data());
  for (std::size_t i = 0; i < count; ++i) {
    for (int c = 0; c < n; ++c) {
      ASSERT_TRUE(bitwise_equal(cpu[c * count + i], ref[i * n + c])) << i;
    }
  }
}

}  // namespace
}  // namespace mdb::hnlq
