#include "compare/history/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mdb::history {
namespace {

// The continued fraction of I_x(a, b) (modified Lentz), converging fast for x < (a+1)/(a+b+2).
double beta_fraction(double x, double a, double b) {
  constexpr double kTiny = 1e-300;
  constexpr double kEps = 1e-15;
  double c = 1.0;
  double d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 500; ++m) {
    const double m2 = 2.0 * m;
    double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + num * d;
    c = 1.0 + num / c;
    if (std::fabs(d) < kTiny) d = kTiny;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    h *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + num * d;
    c = 1.0 + num / c;
    if (std::fabs(d) < kTiny) d = kTiny;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1.0) < kEps) break;
  }
  return h;
}

}  // namespace

double incomplete_beta(double x, double a, double b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  // The fraction converges on the side of the mean; use the symmetry I_x(a,b) = 1 - I_1-x(b,a).
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(x, a, b) / a;
  return 1.0 - front * beta_fraction(1.0 - x, b, a) / b;
}

double student_t_two_sided_p(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return 1.0;
  if (std::isinf(t)) return 0.0;
  return incomplete_beta(df / (df + t * t), 0.5 * df, 0.5);
}

SampleStats sample_stats(const double* values, std::size_t n) {
  SampleStats s;
  s.n = n;
  if (n == 0) return s;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += values[i];
  s.mean = sum / static_cast<double>(n);
  if (n < 2) return s;
  double ss = 0;
  for (std::size_t i = 0; i < n; ++i) ss += (values[i] - s.mean) * (values[i] - s.mean);
  s.stddev = std::sqrt(ss / static_cast<double>(n - 1));
  return s;
}

double two_sample_t_test(const SampleStats& a, const SampleStats& b) {
  if (a.n == 0 || b.n == 0 || a.n + b.n < 3) return 1.0;
  const double df = static_cast<double>(a.n + b.n - 2);
  const double pooled_var =
      ((a.n - 1.0) * a.stddev * a.stddev + (b.n - 1.0) * b.stddev * b.stddev) / df;
  const double diff = b.mean - a.mean;
  // Relative to the means' size: a spread of rounding error is no spread.
  const double scale = std::max(std::fabs(a.mean), std::fabs(b.mean));
  if (pooled_var <= std::pow(scale * 1e-12, 2)) {
    return std::fabs(diff) > scale * 1e-12 ? 0.0 : 1.0;
  }
  const double t = diff / std::sqrt(pooled_var * (1.0 / a.n + 1.0 / b.n));
  return student_t_two_sided_p(t, df);
}

}  // namespace mdb::history
