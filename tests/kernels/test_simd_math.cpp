// The float SIMD functions of the mixed-precision kernels (kernels/cpu/simd_math.hpp) against
// their definitions in double, and the LJ + Ewald lane term (lj_coul_long_term.hpp) against the
// double evaluator the half-list loop runs (lj_coul_long_terms).
#include "kernels/cpu/simd_math.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/cpu/lj_coul_long_term.hpp"
#include "kernels/cpu/simd_avx512.hpp"

namespace mdb {
namespace {

using simd::Float8;

// Largest relative error of f8 against ref over n points of [lo, hi], eight at a time.
template <class F8Fn, class RefFn>
double worst_relative(F8Fn f8, RefFn ref, double lo, double hi, int n) {
  double worst = 0.0;
  for (int k = 0; k < n; k += 8) {
    Float8 x;
    for (int l = 0; l < 8; ++l) x[l] = static_cast<float>(lo + (hi - lo) * (k + l) / (n - 1));
    const Float8 y = f8(x);
    for (int l = 0; l < 8; ++l) {
      const double want = ref(static_cast<double>(x[l]));
      worst = std::max(worst, std::abs(y[l] - want) / std::abs(want));
    }
  }
  return worst;
}

constexpr double kUlp = std::numeric_limits<float>::epsilon();  // 1.2e-7
constexpr double kPi = 3.14159265358979323846;

// G(s) = erf(sqrt s)/sqrt s and K(s) = erf(sqrt s)/s^(3/2) - (2/sqrt pi) e^-s/s in double, by
// their Taylor series where the closed form cancels (small s).
double g_reference(double s) {
  if (s < 1e-3) return 2.0 / std::sqrt(kPi) * (1.0 - s / 3.0 + s * s / 10.0);
  return std::erf(std::sqrt(s)) / std::sqrt(s);
}
double k_reference(double s) {
  if (s < 1e-2) {
    return 4.0 / (3.0 * std::sqrt(kPi)) * (1.0 - 3.0 * s / 5.0 + 3.0 * s * s / 14.0);
  }
  return std::erf(std::sqrt(s)) / (s * std::sqrt(s)) - 2.0 / std::sqrt(kPi) * std::exp(-s) / s;
}

TEST(SimdMath, EwaldFactorsAreTheirDefinitionsToAFewUlp) {
  // The fits hold 9.2e-8 (K) and 6.1e-8 (G) in exact arithmetic; float's Horner and division add
  // a few ulp. A wrong coefficient is off by 1e-5 or more.
  EXPECT_LT(
      worst_relative([](Float8 v) { return simd::ewald_k(v); }, k_reference, 0.0, 25.0, 40000),
      5 * kUlp);
  EXPECT_LT(
      worst_relative([](Float8 v) { return simd::ewald_g(v); }, g_reference, 0.0, 25.0, 40000),
      5 * kUlp);
  EXPECT_LT(worst_relative([](Float8 v) { return simd::ewald_k(v); }, k_reference, 0.0, 0.05, 4000),
            5 * kUlp);
  // What the kernels build from them: erfc(x)/x = 1/x - G(x^2) and
  // erfc(x)/x^3 + (2/sqrt pi) e^-x^2/x^2 = 1/x^3 - K(x^2) (beta = 1, r = x), within a few 1e-7 of
  // the bare 1/x and 1/x^3.
  for (double x = 0.3; x < 5.0; x += 0.01) {
    const Float8 s = Float8{} + static_cast<float>(x * x);
    const double xf = std::sqrt(static_cast<double>(s[0]));
    const double e = 1.0 / xf - simd::ewald_g(s)[0];
    const double f = 1.0 / (xf * xf * xf) - simd::ewald_k(s)[0];
    const double want_f =
        std::erfc(xf) / (xf * xf * xf) + 2.0 / std::sqrt(kPi) * std::exp(-xf * xf) / (xf * xf);
    EXPECT_NEAR(e, std::erfc(xf) / xf, 1e-6 / xf) << x;
    EXPECT_NEAR(f, want_f, 1e-6 / (xf * xf * xf)) << x;
  }
  // Past s = 25 the factors are held at 25's (lanes the kernels mask): finite.
  EXPECT_TRUE(std::isfinite(simd::ewald_k(Float8{} + 1e4f)[0]));
}

TEST(SimdMath, RsqrtIsOneOverSqrt) {
  auto ref = [](double r2) { return 1.0 / std::sqrt(r2); };
  EXPECT_LT(worst_relative([](Float8 v) { return simd::rsqrt(v); }, ref, 0.5, 200.0, 40000),
            3 * kUlp);
}

#if defined(__AVX512F__)
// The sixteen-lane forms the 4 x 4 kernel runs: the Ewald factors are the same arithmetic, so
// equal to the eight-lane ones lane for lane; 1/sqrt starts from AVX-512's finer estimate.
TEST(SimdMath, SixteenLanesAgreeWithEight) {
  for (int k = 0; k < 4000; k += 16) {
    simd::Float16 s;
    for (int l = 0; l < 16; ++l) s[l] = 30.0f * static_cast<float>(k + l) / 4000.0f;
    const simd::Float16 g = simd::ewald_g(s), kk = simd::ewald_k(s);
    for (int h = 0; h < 2; ++h) {
      Float8 s8;
      for (int l = 0; l < 8; ++l) s8[l] = s[8 * h + l];
      const Float8 g8 = simd::ewald_g(s8), k8 = simd::ewald_k(s8);
      for (int l = 0; l < 8; ++l) {
        ASSERT_EQ(g[8 * h + l], g8[l]) << s8[l];
        ASSERT_EQ(kk[8 * h + l], k8[l]) << s8[l];
      }
    }
  }
  double worst = 0.0;
  for (int k = 0; k < 40000; k += 16) {
    simd::Float16 r2;
    for (int l = 0; l < 16; ++l) r2[l] = 0.5f + 199.5f * static_cast<float>(k + l) / 39999.0f;
    const simd::Float16 y = simd::rsqrt(r2);
    for (int l = 0; l < 16; ++l) {
      const double want = 1.0 / std::sqrt(static_cast<double>(r2[l]));
      worst = std::max(worst, std::abs(y[l] - want) / want);
    }
  }
  EXPECT_LT(worst, 3 * kUlp);
}
#endif

// Eight lanes of the term, two i-slots against one j-cluster, each pair at its own distance;
// one lane outside the cut-off and one not listed must give zero.
TEST(LjCoulLongTerm, LanesEqualTheDoubleEvaluator) {
  const double ke = 14.399645, beta = 0.3123, rc = 10.0;
  const double eps = 0.0067345, sigma = 3.165492;
  const double q[2] = {-0.82, 0.41};  // species 0 (O), 1 (H)
  ChargedLjFactors by_species[2];
  for (int s = 0; s < 2; ++s) {
    const double lj = s == 0 ? std::sqrt(4 * eps) : 0.0;
    const double s3 = sigma * sigma * sigma;
    by_species[s] = {static_cast<float>(std::sqrt(ke) * q[s]), static_cast<float>(lj * s3 * s3),
                     static_cast<float>(lj * s3)};
  }
  // Cluster 0: slots 0..3 species O H H H; cluster 1 (the j-cluster): H O O H. The i-row of
  // slots 0 and 1 has LJ for its O lanes; that of slots 2 and 3 has none, and skips it.
  const int species[8] = {0, 1, 1, 1, 1, 0, 0, 1};
  ClusterPairView v;
  v.n_clusters = 2;
  v.species = species;
  std::vector<float> store(3 * 16);
  MixedSlotFactors f{store.data(), store.data() + 16, store.data() + 32};
  pack_slot_factors(v, by_species, 0, 2, f);
  LjCoulLongTerm term;
  term.factors = f;
  term.set_ewald(beta, rc);
  const double r[8] = {0.95, 2.6, 3.1, 4.4, 6.0, 9.7, 10.2, 5.0};  // lane 6 beyond rc
  Float8 r2;
  for (int l = 0; l < 8; ++l) r2[l] = static_cast<float>(r[l] * r[l]);
  const simd::Mask8 listed = simd::lane_mask8(0x7f);  // lane 7 not a pair of the list
  for (const int si0 : {0, 2}) {
    const LjCoulLongTerm::IRow row = term.i_row(si0);
    EXPECT_EQ(row.lj, si0 == 0);
    Float8 e{};
    const Float8 fr = term.term<true>(row, 1, listed, r2, simd::rsqrt(r2), e);
    for (int l = 0; l < 8; ++l) {
      const int si = si0 + (l < 4 ? 0 : 1), sj = 4 + l % 4;
      const bool o = species[si] == 0 && species[sj] == 0;
      const LjCoulLongPair p = make_lj_coul_long_pair(
          o ? eps : 0.0, o ? sigma : 0.0, ke * q[species[si]] * q[species[sj]], beta, rc);
      if (l >= 6) {
        EXPECT_EQ(fr[l], 0.0f) << l;
        EXPECT_EQ(e[l], 0.0f) << l;
        continue;
      }
      const double want_f = p.f_over_r(r[l] * r[l]), want_e = p.energy(r[l] * r[l]);
      // Float through r^2, 1/r and the terms: a few 1e-7 of the pair's larger part (1/r^3).
      const double scale_f = std::abs(p.qq) / (r[l] * r[l] * r[l]) + std::abs(want_f);
      const double scale_e = std::abs(p.qq) / r[l] + std::abs(want_e);
      EXPECT_NEAR(fr[l], want_f, 1e-6 * scale_f) << "row " << si0 << " lane " << l;
      EXPECT_NEAR(e[l], want_e, 1e-6 * scale_e) << "row " << si0 << " lane " << l;
    }
  }
}

// The double 2 x 4 kernel's i-force totals (simd::quarter_sums) add in the scalar order,
// (l0 + l1) + (l2 + l3) per quarter, so they give the bits six scalar sums did. Values spread over
// many magnitudes, so another order of additions rounds differently.
TEST(SimdAvx512, QuarterSumsAddInTheScalarOrder) {
#if defined(__AVX512F__)
  std::uint64_t state = 12345;
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(state >> 11) * 0x1p-53;  // [0, 1)
    return (u - 0.5) * std::pow(10.0, 8.0 * u - 4.0);
  };
  auto quarter = [](const simd::Double8& v, int q) {
    return (v[4 * q] + v[4 * q + 1]) + (v[4 * q + 2] + v[4 * q + 3]);
  };
  int differs_from_other_order = 0;
  for (int trial = 0; trial < 10000; ++trial) {
    simd::Double8 a, b;
    for (int l = 0; l < 8; ++l) {
      a[l] = next();
      b[l] = next();
    }
    const simd::Double4 s = simd::quarter_sums(a, b);
    const double want[4] = {quarter(a, 0), quarter(b, 0), quarter(a, 1), quarter(b, 1)};
    for (int k = 0; k < 4; ++k) ASSERT_EQ(s[k], want[k]) << "trial " << trial << ", total " << k;
    differs_from_other_order += ((a[0] + a[2]) + (a[1] + a[3])) != want[0];
  }
  EXPECT_GT(differs_from_other_order, 100) << "the inputs should tell the orders apart";
#else
  GTEST_SKIP() << "this build has no AVX-512 (quarter_sums is an AVX-512 kernel's)";
#endif
}

}  // namespace
}  // namespace mdb
