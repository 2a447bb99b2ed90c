#include "compare/history/e_divisive.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mdb::history {
namespace {

// Counts and sums of the values inserted so far, by rank.
class RankTree {
 public:
  explicit RankTree(std::size_t n) : count_(n + 1, 0), sum_(n + 1, 0.0) {}
  void insert(std::size_t rank, double value) {
    for (std::size_t i = rank + 1; i < count_.size(); i += i & (~i + 1)) {
      ++count_[i];
      sum_[i] += value;
    }
  }
  /// Count and sum of the inserted values with rank < `rank`.
  void below(std::size_t rank, double& count, double& sum) const {
    count = 0;
    sum = 0;
    for (std::size_t i = rank; i > 0; i -= i & (~i + 1)) {
      count += count_[i];
      sum += sum_[i];
    }
  }

 private:
  std::vector<double> count_;
  std::vector<double> sum_;
};

// within[k] = sum of |z_i - z_j| over i < j both among the first k values of `order` (an order
// of visiting the series), for k = 0..n.
std::vector<double> within_sums(const std::vector<double>& z, const std::vector<std::size_t>& rank,
                                bool from_right) {
  const std::size_t n = z.size();
  RankTree tree(n);
  std::vector<double> within(n + 1, 0.0);
  double total = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = from_right ? n - 1 - k : k;
    double c_lo = 0, s_lo = 0;
    tree.below(rank[i], c_lo, s_lo);
    const double c_hi = static_cast<double>(k) - c_lo;
    const double s_hi = total - s_lo;
    within[k + 1] = within[k] + (z[i] * c_lo - s_lo) + (s_hi - z[i] * c_hi);
    tree.insert(rank[i], z[i]);
    total += z[i];
  }
  return within;
}

double q_from_sums(double left, double right, double all, std::size_t a, std::size_t b) {
  if (a == 0 || b == 0) return 0;
  const double da = static_cast<double>(a), db = static_cast<double>(b);
  const double cross = all - left - right;
  double e = 2.0 * cross / (da * db);
  if (a > 1) e -= left / (da * (da - 1) / 2);
  if (b > 1) e -= right / (db * (db - 1) / 2);
  return da * db / (da + db) * e;
}

}  // namespace

std::vector<double> e_divisive_q(std::span<const double> series) {
  const std::size_t n = series.size();
  std::vector<double> q(n + 1, 0.0);
  if (n < 2) return q;
  // q is scale-equivariant; centring and scaling keeps the sums' cancellation harmless.
  const auto [lo, hi] = std::minmax_element(series.begin(), series.end());
  const double span = *hi - *lo;
  if (!(span > 0)) return q;
  std::vector<double> z(n);
  for (std::size_t i = 0; i < n; ++i) z[i] = (series[i] - *lo) / span;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return z[x] < z[y]; });
  std::vector<std::size_t> rank(n);
  for (std::size_t r = 0; r < n; ++r) rank[order[r]] = r;
  const std::vector<double> left = within_sums(z, rank, false);  // left[tau]: z[0, tau)
  const std::vector<double> right = within_sums(z, rank, true);  // right[k]: the last k values
  for (std::size_t tau = 1; tau < n; ++tau) {
    q[tau] = span * q_from_sums(left[tau], right[n - tau], left[n], tau, n - tau);
  }
  return q;
}

double e_divisive_q_direct(std::span<const double> z, std::size_t tau) {
  const std::size_t n = z.size();
  double left = 0, right = 0, all = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double d = std::fabs(z[i] - z[j]);
      all += d;
      if (j < tau) left += d;
      if (i >= tau) right += d;
    }
  }
  return q_from_sums(left, right, all, tau, n - tau);
}

Split best_split(std::span<const double> z, std::size_t min_size) {
  Split best;
  const std::size_t n = z.size();
  const std::size_t m = std::max<std::size_t>(min_size, 1);
  if (n < 2 * m) return best;
  const std::vector<double> q = e_divisive_q(z);
  for (std::size_t tau = m; tau + m <= n; ++tau) {
    if (!best.found || q[tau] > best.q) {
      best = {tau, q[tau], true};
    }
  }
  return best;
}

}  // namespace mdb::history
