#include "compare/diff/mann_whitney.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace mdb::compare {
namespace {

// Two samples with no ties whose U (pairs x > y) is exactly `u`: y = 0, 2, 4, ... and each x_i
// sits just above k_i of them, the k_i adding up to u.
void samples_with_u(std::size_t n1, std::size_t n2, std::size_t u, std::vector<double>& x,
                    std::vector<double>& y) {
  x.clear();
  y.clear();
  for (std::size_t j = 0; j < n2; ++j) y.push_back(2.0 * static_cast<double>(j));
  for (std::size_t i = 0; i < n1; ++i) {
    const std::size_t k = std::min(u, n2);
    u -= k;
    x.push_back(2.0 * static_cast<double>(k) - 1.0 + 1e-3 * static_cast<double>(i));
  }
  ASSERT_EQ(u, 0u) << "u larger than n1 * n2";
}

// Brute force: every way to pick which n1 of the pooled values are "x", as an independent check of
// the exact distribution (ties included).
double brute_force_p(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> pooled(x);
  pooled.insert(pooled.end(), y.begin(), y.end());
  const std::size_t n = pooled.size(), n1 = x.size();
  auto u_of = [&](const std::vector<bool>& in_x) {
    double u = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        if (!in_x[i] || in_x[j]) continue;
        u += pooled[i] > pooled[j] ? 1.0 : pooled[i] == pooled[j] ? 0.5 : 0.0;
      }
    }
    return u;
  };
  std::vector<bool> observed(n, false);
  std::fill(observed.begin(), observed.begin() + static_cast<std::ptrdiff_t>(n1), true);
  const double u_obs = u_of(observed);
  std::vector<bool> pick(n, false);
  std::fill(pick.begin(), pick.begin() + static_cast<std::ptrdiff_t>(n1), true);
  std::sort(pick.begin(), pick.end());
  double all = 0, low = 0, high = 0;
  do {
    const double u = u_of(pick);
    all += 1;
    low += u <= u_obs + 1e-9 ? 1 : 0;
    high += u >= u_obs - 1e-9 ? 1 : 0;
  } while (std::next_permutation(pick.begin(), pick.end()));
  return std::min(1.0, 2.0 * std::min(low, high) / all);
}

TEST(MannWhitneyU, UCountsPairsAndIsComplementary) {
  const std::vector<double> x = {1, 5, 7}, y = {2, 3, 5, 8};
  // x > y pairs: 5>2, 5>3, 7>2, 7>3, 7>5 = 5, plus the tie 5=5 as a half.
  const UTestResult a = mann_whitney_u(x, y), b = mann_whitney_u(y, x);
  EXPECT_DOUBLE_EQ(a.u, 5.5);
  EXPECT_DOUBLE_EQ(a.u + b.u, 12.0);
  EXPECT_NEAR(a.p_value, b.p_value, 1e-12);
}

TEST(MannWhitneyU, ExactMatchesTextbookProbabilities) {
  std::vector<double> x, y;
  // n1 = n2 = 5: 252 arrangements; P(U <= 0) = 1/252, P(U <= 2) = 4/252 (rank-sum tables).
  samples_with_u(5, 5, 0, x, y);
  EXPECT_NEAR(mann_whitney_u(x, y).p_value, 2.0 / 252.0, 1e-12);
  samples_with_u(5, 5, 2, x, y);
  EXPECT_NEAR(mann_whitney_u(x, y).p_value, 8.0 / 252.0, 1e-12);
  // n1 = n2 = 3: the smallest two-sided p is 2/20.
  samples_with_u(3, 3, 0, x, y);
  const UTestResult r = mann_whitney_u(x, y);
  EXPECT_EQ(r.method, UTestMethod::kExact);
  EXPECT_NEAR(r.p_value, 0.1, 1e-12);
  // Same value as scipy.stats.mannwhitneyu([1,2,3,4,5], [3.5,6,7,8,9,10], method="exact").
  EXPECT_NEAR(
      mann_whitney_u(std::vector<double>{1, 2, 3, 4, 5}, std::vector<double>{3.5, 6, 7, 8, 9, 10})
          .p_value,
      0.017316017316017316, 1e-12);
}

// Critical values of U for a two-sided test at alpha = 0.05 from the standard tables (e.g.
// Siegel & Castellan, Table J): U <= crit is significant, crit + 1 is not.
TEST(MannWhitneyU, ExactReproducesCriticalValueTable) {
  const struct {
    std::size_t n, crit;
  } table[] = {{4, 0},   {5, 2},   {6, 5},   {7, 8},    {8, 13},  {9, 17},
               {10, 23}, {11, 30}, {12, 37}, {13, 45},  {14, 55}, {15, 64},
               {16, 75}, {17, 87}, {18, 99}, {19, 113}, {20, 127}};
  std::vector<double> x, y;
  for (const auto& row : table) {
    samples_with_u(row.n, row.n, row.crit, x, y);
    EXPECT_LE(mann_whitney_u(x, y).p_value, 0.05) << "n=" << row.n;
    samples_with_u(row.n, row.n, row.crit + 1, x, y);
    EXPECT_GT(mann_whitney_u(x, y).p_value, 0.05) << "n=" << row.n;
  }
}

TEST(MannWhitneyU, ExactWithTiesMatchesEnumeration) {
  const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases = {
      {{1.1, 2.2, 2.2, 3.3, 4.4}, {2.2, 3.3, 3.3, 5.5, 6.6, 7.7}},
      {{0, 0, 0, 1, 1}, {1, 1, 1, 2, 2}},
      {{5, 5, 5, 5}, {5, 5, 6, 6}},
      {{3, 1, 4, 1, 5}, {9, 2, 6, 5, 3, 5}},
  };
  for (const auto& [x, y] : cases) {
    const UTestResult r = mann_whitney_u(x, y, UTestMethod::kExact);
    EXPECT_NEAR(r.p_value, brute_force_p(x, y), 1e-12);
  }
}

TEST(MannWhitneyU, NormalApproximationMatchesReferenceWithTies) {
  // scipy.stats.mannwhitneyu(x, y, method="asymptotic") (tie and continuity corrected):
  // statistic 147.0, pvalue 0.01639641430673948; and 6.0, 0.11390314458853068.
  const std::vector<double> x = {1, 2, 2, 3, 3, 3,  4,  5,  5,  6,  7,
                                 7, 8, 9, 9, 9, 10, 11, 12, 12, 13, 14};
  const std::vector<double> y = {3,  4,  4,  5,  6,  6,  7,  8,  8,  9,  10, 10,
                                 11, 12, 13, 13, 14, 15, 15, 16, 17, 18, 18};
  const UTestResult r = mann_whitney_u(x, y);
  EXPECT_EQ(r.method, UTestMethod::kNormal);  // 23 > kExactMaxPerSide
  EXPECT_DOUBLE_EQ(r.u, 147.0);
  EXPECT_NEAR(r.p_value, 0.01639641430673948, 1e-12);
  const UTestResult small =
      mann_whitney_u(std::vector<double>{1.1, 2.2, 2.2, 3.3, 4.4},
                     std::vector<double>{2.2, 3.3, 3.3, 5.5, 6.6, 7.7}, UTestMethod::kNormal);
  EXPECT_NEAR(small.p_value, 0.11390314458853068, 1e-12);
}

TEST(MannWhitneyU, ExactAndNormalAgreeAtTheSwitchOver) {
  std::vector<double> x, y;
  for (const std::size_t u : {100u, 127u, 160u, 200u}) {
    samples_with_u(20, 20, u, x, y);
    const double exact = mann_whitney_u(x, y, UTestMethod::kExact).p_value;
    const double normal = mann_whitney_u(x, y, UTestMethod::kNormal).p_value;
    EXPECT_NEAR(exact, normal, 5e-3) << "u=" << u;
  }
}

TEST(MannWhitneyU, DegenerateInputs) {
  const std::vector<double> none, some = {1, 2, 3};
  EXPECT_EQ(mann_whitney_u(none, some).method, UTestMethod::kNone);
  EXPECT_EQ(mann_whitney_u(none, some).p_value, 1.0);
  const std::vector<double> same(8, 4.2);
  EXPECT_DOUBLE_EQ(mann_whitney_u(same, same).p_value, 1.0);
  EXPECT_DOUBLE_EQ(mann_whitney_u(same, same, UTestMethod::kNormal).p_value, 1.0);
  // Infinities rank like any other value.
  const std::vector<double> inf = {INFINITY, INFINITY, INFINITY, INFINITY};
  EXPECT_LT(mann_whitney_u(std::vector<double>{1, 2, 3, 4}, inf).p_value, 0.05);
}

TEST(MannWhitneyU, SmallestAttainableP) {
  EXPECT_EQ(min_two_sided_p(3, 3), 0.1);  // exactly: compared with alpha = 0.1 by "<"
  EXPECT_NEAR(min_two_sided_p(4, 4), 2.0 / 70.0, 1e-12);
  EXPECT_NEAR(min_two_sided_p(1, 9), 0.2, 1e-12);
  EXPECT_EQ(min_two_sided_p(0, 5), 1.0);
  // It is what the most extreme outcome actually gives.
  std::vector<double> x, y;
  samples_with_u(4, 6, 0, x, y);
  EXPECT_NEAR(mann_whitney_u(x, y).p_value, min_two_sided_p(4, 6), 1e-12);
}

}  // namespace
}  // namespace mdb::compare
