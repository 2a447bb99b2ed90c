#include "compare/diff/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

namespace mdb::compare {
namespace {

constexpr std::size_t kExactHardLimit = 60;  // C(120, 60) ~ 1e35 still fits a double's range

struct Ranked {
  std::vector<long> doubled_rank;  // 2 x midrank, an integer even with ties
  double tie_term = 0;             // sum over tie groups of t^3 - t
};

// Pooled midranks; entries [0, n1) belong to x.
Ranked rank_pooled(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = x.size() + y.size();
  std::vector<double> v(x.begin(), x.end());
  v.insert(v.end(), y.begin(), y.end());
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  Ranked r;
  r.doubled_rank.assign(n, 0);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && v[order[j]] == v[order[i]]) ++j;
    const long doubled_mid = static_cast<long>(i + 1 + j);  // 2 * (mean of ranks i+1 .. j)
    for (std::size_t k = i; k < j; ++k) r.doubled_rank[order[k]] = doubled_mid;
    const double t = static_cast<double>(j - i);
    r.tie_term += t * t * t - t;
    i = j;
  }
  return r;
}

// How many of the C(N, n1) assignments of the pooled (mid)ranks give x each doubled rank sum,
// counted by dynamic programming over the items: O(N n1 total).
std::vector<double> rank_sum_counts(const std::vector<long>& doubled_rank, std::size_t n1,
                                    long total) {
  std::vector<std::vector<double>> count(n1 + 1, std::vector<double>(total + 1, 0.0));
  count[0][0] = 1;
  std::size_t seen = 0;
  for (const long w : doubled_rank) {
    ++seen;
    for (std::size_t k = std::min(seen, n1); k >= 1; --k) {
      for (long s = total; s >= w; --s) count[k][s] += count[k - 1][s - w];
    }
  }
  return std::move(count[n1]);
}

// Without ties the counts depend on (n1, N) alone: a comparison of many benchmarks with the same
// repetition counts computes them once (a 20 x 20 test would otherwise redo ~10^6 additions).
const std::vector<double>& untied_rank_sum_counts(const std::vector<long>& doubled_rank,
                                                  std::size_t n1, long total) {
  thread_local std::map<std::pair<std::size_t, std::size_t>, std::vector<double>> cache;
  auto [it, fresh] = cache.try_emplace({n1, doubled_rank.size()});
  if (fresh) it->second = rank_sum_counts(doubled_rank, n1, total);
  return it->second;
}

// Exact two-sided p: the rank sum of x over all C(N, n1) equally likely assignments of the
// pooled (mid)ranks.
double exact_p(const Ranked& r, std::size_t n1) {
  const long total = std::accumulate(r.doubled_rank.begin(), r.doubled_rank.end(), 0L);
  std::vector<double> tied;
  if (r.tie_term != 0) tied = rank_sum_counts(r.doubled_rank, n1, total);
  const std::vector<double>& count =
      r.tie_term != 0 ? tied : untied_rank_sum_counts(r.doubled_rank, n1, total);
  long observed = 0;
  for (std::size_t i = 0; i < n1; ++i) observed += r.doubled_rank[i];
  double all = 0, at_most = 0, at_least = 0;
  for (long s = 0; s <= total; ++s) {
    const double c = count[static_cast<std::size_t>(s)];
    all += c;
    if (s <= observed) at_most += c;
    if (s >= observed) at_least += c;
  }
  return std::min(1.0, 2.0 * std::min(at_most, at_least) / all);
}

double normal_p(const Ranked& r, std::size_t n1, std::size_t n2, double u) {
  const double a = static_cast<double>(n1), b = static_cast<double>(n2), n = a + b;
  const double variance = a * b / 12.0 * ((n + 1.0) - r.tie_term / (n * (n - 1.0)));
  if (variance <= 0) return 1.0;  // every value tied: no evidence of a shift
  const double z = std::max(0.0, std::abs(u - a * b / 2.0) - 0.5) / std::sqrt(variance);
  return std::min(1.0, std::erfc(z / std::sqrt(2.0)));
}

}  // namespace

UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y,
                           UTestMethod method) {
  UTestResult result;
  const std::size_t n1 = x.size(), n2 = y.size();
  if (n1 == 0 || n2 == 0) return result;
  const Ranked r = rank_pooled(x, y);
  long doubled_sum = 0;
  for (std::size_t i = 0; i < n1; ++i) doubled_sum += r.doubled_rank[i];
  const double a = static_cast<double>(n1);
  result.u = static_cast<double>(doubled_sum) / 2.0 - a * (a + 1.0) / 2.0;

  if (method == UTestMethod::kNone) {
    method = std::max(n1, n2) <= kExactMaxPerSide ? UTestMethod::kExact : UTestMethod::kNormal;
  }
  if (method == UTestMethod::kExact && std::max(n1, n2) > kExactHardLimit) {
    method = UTestMethod::kNormal;
  }
  result.method = method;
  result.p_value = method == UTestMethod::kExact ? exact_p(r, n1) : normal_p(r, n1, n2, result.u);
  return result;
}

double min_two_sided_p(std::size_t n1, std::size_t n2) {
  if (n1 == 0 || n2 == 0) return 1.0;
  // C(n1+n2, n1) by the multiplicative formula: every partial product is itself a binomial
  // coefficient, so it is exact in a double up to 2^53 (lgamma would be off by an ulp, and
  // 2/20 must compare equal to alpha 0.1).
  double c = 1;
  for (std::size_t i = 1; i <= n1; ++i) {
    c = c * static_cast<double>(n2 + i) / static_cast<double>(i);
  }
  return std::min(1.0, 2.0 / c);
}

}  // namespace mdb::compare
