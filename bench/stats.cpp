#include "bench/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mdb::bench {

double percentile(std::span<const double> sorted, double q) {
  if (sorted.empty()) throw std::invalid_argument("percentile: no samples");
  if (!(q >= 0.0 && q <= 1.0)) throw std::invalid_argument("percentile: q must be in [0, 1]");
  const double rank = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(rank));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = rank - static_cast<double>(lo);
  return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
}

LatencySummary summarize_latencies(std::span<double> samples) {
  LatencySummary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.count = samples.size();
  double sum = 0.0;
  for (double v : samples) sum += v;
  s.mean = sum / static_cast<double>(s.count);
  double ss = 0.0;
  for (double v : samples) ss += (v - s.mean) * (v - s.mean);
  const double sd = s.count > 1 ? std::sqrt(ss / static_cast<double>(s.count - 1)) : 0.0;
  s.cv = s.mean > 0.0 ? sd / s.mean : 0.0;
  s.p50 = percentile(samples, 0.50);
  s.p95 = percentile(samples, 0.95);
  s.p99 = percentile(samples, 0.99);
  s.max = samples.back();
  return s;
}

LinearFit least_squares(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("least_squares: x and y differ in size");
  const std::size_t n = x.size();
  if (n < 2) throw std::invalid_argument("least_squares: needs at least two points");
  // Centred sums: the times are large offsets (ps since the start) with small spacings, and the
  // uncentred normal equations would lose most of their digits to cancellation.
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(n);
  my /= static_cast<double>(n);
  double sxx = 0.0, sxy = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (!(sxx > 0.0)) throw std::invalid_argument("least_squares: all x values are equal");
  LinearFit f;
  f.slope = sxy / sxx;
  f.intercept = my - f.slope * mx;
  const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  f.x_span = *hi - *lo;
  if (n < 3) {
    f.slope_se = std::numeric_limits<double>::quiet_NaN();
    return f;
  }
  double rss = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double r = y[i] - my - f.slope * (x[i] - mx);
    rss += r * r;
  }
  f.slope_se = std::sqrt(rss / static_cast<double>(n - 2) / sxx);
  return f;
}

Rates rates_of(double atoms_per_step, double steps, double seconds, double timestep_ps) {
  for (double v : {atoms_per_step, steps, seconds, timestep_ps}) {
    if (!(v > 0.0) || !std::isfinite(v)) {
      throw std::invalid_argument("rates_of: atoms, steps, seconds and time step must be > 0");
    }
  }
  Rates r;
  const double atom_steps = atoms_per_step * steps;
  r.atom_steps_per_s = atom_steps / seconds;
  r.us_per_atom = seconds * 1e6 / atom_steps;
  r.steps_per_s = steps / seconds;
  constexpr double kSecondsPerDay = 86400.0;
  r.ns_per_day = r.steps_per_s * timestep_ps * 1e-3 * kSecondsPerDay;
  return r;
}

}  // namespace mdb::bench
