// The float SIMD functions of the mixed-precision kernels (kernels/cpu/simd_math.hpp) against
// <cmath> in double, and the LJ + Ewald lane term (lj_coul_long_term.hpp) against the double
// evaluator the half-list loop runs (lj_coul_long_terms).
#include "kernels/cpu/simd_math.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/cpu/lj_coul_long_term.hpp"

namespace mdb {
namespace {

using simd::Float8;

// Largest relative error of f8 against ref over n points of [lo, hi], eight at a time, each
// divided by cond(x) (the function's condition number where its input is itself rounded).
template <class F8Fn, class RefFn>
double worst_relative(
    F8Fn f8, RefFn ref, double lo, double hi, int n,
    double (*cond)(double) = [](double) { return 1.0; }) {
  double worst = 0.0;
  for (int k = 0; k < n; k += 8) {
    Float8 x;
    for (int l = 0; l < 8; ++l) x[l] = static_cast<float>(lo + (hi - lo) * (k + l) / (n - 1));
    const Float8 y = f8(x);
    for (int l = 0; l < 8; ++l) {
      const double want = ref(static_cast<double>(x[l]));
      worst = std::max(worst, std::abs(y[l] - want) / std::abs(want) / cond(x[l]));
    }
  }
  return worst;
}

constexpr double kUlp = std::numeric_limits<float>::epsilon();  // 1.2e-7

TEST(SimdMath, ExpNegIsExpToAFewUlp) {
  auto ref = [](double s) { return std::exp(-s); };
  EXPECT_LT(worst_relative(simd::exp_neg, ref, 0.0, 87.0, 40000), 3 * kUlp);
  EXPECT_LT(worst_relative(simd::exp_neg, ref, 0.0, 0.1, 4000), 3 * kUlp);
  // Past 87: held at e^-87, a normal float, rather than a denormal or zero.
  const Float8 far = simd::exp_neg(Float8{} + 200.0f);
  EXPECT_NEAR(far[0], std::exp(-87.0), 3 * kUlp * std::exp(-87.0));
}

TEST(SimdMath, ErfcIsErfcToAFewUlpWhereEwaldUsesIt) {
  auto f8 = [](Float8 x) { return simd::erfc_given_exp(x, simd::exp_neg(x * x)); };
  auto ref = [](double x) { return std::erfc(x); };
  // The fit is 1.6e-8 in exact arithmetic; float's rounding of t and the polynomial add a few
  // ulp, and x^2 rounded in float moves e^-x^2 by 2 x^2 ulp (its condition number): at
  // x = 4.5, 40 ulp, as in any float erfc of a float x. A wrong coefficient's error is 1e-3 or
  // more, 1e4 ulp.
  auto cond = [](double x) { return 1.0 + 2.0 * x * x; };
  EXPECT_LT(worst_relative(f8, ref, 0.0, 4.5, 40000, cond), 4 * kUlp);
  EXPECT_LT(worst_relative(f8, ref, 0.0, 0.05, 4000), 3 * kUlp);
}

TEST(SimdMath, RsqrtIsOneOverSqrt) {
  auto ref = [](double r2) { return 1.0 / std::sqrt(r2); };
  EXPECT_LT(worst_relative(simd::rsqrt, ref, 0.5, 200.0, 40000), 3 * kUlp);
}

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
  // Cluster 0: slots 0..3 species O H H O; cluster 1 (the j-cluster): H O O H.
  const int species[8] = {0, 1, 1, 0, 1, 0, 0, 1};
  ClusterPairView v;
  v.n_clusters = 2;
  v.species = species;
  std::vector<float> store(3 * 16);
  MixedSlotFactors f{store.data(), store.data() + 16, store.data() + 32};
  pack_slot_factors(v, by_species, 0, 2, f);
  LjCoulLongTerm term;
  term.factors = f;
  term.beta = static_cast<float>(beta);
  term.rc2 = static_cast<float>(rc * rc);
  const double r[8] = {0.95, 2.6, 3.1, 4.4, 6.0, 9.7, 10.2, 5.0};  // lane 6 beyond rc
  Float8 r2;
  for (int l = 0; l < 8; ++l) r2[l] = static_cast<float>(r[l] * r[l]);
  const simd::Mask8 listed = simd::lane_mask8(0x7f);  // lane 7 not a pair of the list
  const LjCoulLongTerm::IRow row = term.i_row(0);     // i-slots 0 (O) and 1 (H)
  Float8 e{};
  const Float8 fr = term.term<true>(row, 1, listed, r2, simd::rsqrt(r2), e);
  for (int l = 0; l < 8; ++l) {
    const int si = l < 4 ? 0 : 1, sj = 4 + l % 4;
    const bool o = species[si] == 0 && species[sj] == 0;
    const LjCoulLongPair p = make_lj_coul_long_pair(o ? eps : 0.0, o ? sigma : 0.0,
                                                    ke * q[species[si]] * q[species[sj]], beta, rc);
    if (l >= 6) {
      EXPECT_EQ(fr[l], 0.0f) << l;
      EXPECT_EQ(e[l], 0.0f) << l;
      continue;
    }
    const double want_f = p.f_over_r(r[l] * r[l]), want_e = p.energy(r[l] * r[l]);
    // Float through r^2, 1/r and the terms: a few 1e-7 of the pair's larger part (1/r^3).
    const double scale_f = std::abs(p.qq) / (r[l] * r[l] * r[l]) + std::abs(want_f);
    const double scale_e = std::abs(p.qq) / r[l] + std::abs(want_e);
    EXPECT_NEAR(fr[l], want_f, 1e-6 * scale_f) << "lane " << l;
    EXPECT_NEAR(e[l], want_e, 1e-6 * scale_e) << "lane " << l;
  }
}

}  // namespace
}  // namespace mdb
