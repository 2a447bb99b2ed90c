#pragma once
// Two-sided Mann–Whitney U (Wilcoxon rank-sum) test, the significance half of compare's verdicts.
// Rank-based, so it needs no normality and shrugs off the long right tail of timing samples.
#include <cstddef>
#include <span>

namespace mdb::compare {

/// How a p-value was obtained.
enum class UTestMethod {
  kExact,   // permutation distribution of the rank sum, ties included (small samples)
  kNormal,  // normal approximation with tie and continuity correction (larger samples)
  kNone,    // not computed: a side has no samples
};

/// Result of one test. `u` counts the pairs (x_i, y_j) with x_i > y_j, ties as one half, so
/// u = n1*n2/2 means no shift.
struct UTestResult {
  double u = 0;
  double p_value = 1;  // two-sided; 1 when not computed
  UTestMethod method = UTestMethod::kNone;
};

/// Largest sample size, per side, that gets the exact distribution (the range of printed
/// tables); beyond it the normal approximation is within a few 1e-3 of the exact p-value.
inline constexpr std::size_t kExactMaxPerSide = 20;

/// Two-sided test of x against y. No NaN: it has no rank (callers drop them first). `method` kExact
/// or kNormal forces one (kExact is refused, and kNormal used, beyond 60 per side, where counts
/// would lose precision); kNone picks by size.
UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y,
                           UTestMethod method = UTestMethod::kNone);

/// Smallest two-sided p-value any outcome can give with n1 and n2 distinct samples:
/// 2 / C(n1+n2, n1). When it exceeds alpha the test cannot confirm anything, however large the
/// change (n1 = n2 = 3 gives 0.1). Ties only raise the floor.
double min_two_sided_p(std::size_t n1, std::size_t n2);

}  // namespace mdb::compare
