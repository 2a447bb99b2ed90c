#include "compare/report/run_noise.hpp"

#include <algorithm>
#include <cmath>

namespace mdb::compare {
namespace {

// Quantile q of sorted values by linear interpolation between order statistics.
double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

double upper_fence(std::vector<double> values) {
  std::erase_if(values, [](double v) { return !std::isfinite(v); });
  if (values.size() < kNoiseMinRows) return RunNoise::kNone;
  std::sort(values.begin(), values.end());
  const double q1 = quantile(values, 0.25), q3 = quantile(values, 0.75);
  return q3 + 1.5 * (q3 - q1);
}

RunNoise run_noise(const std::vector<BenchSummary>& benchmarks) {
  std::vector<double> cv, p95, p99, wait;
  for (const auto& b : benchmarks) {
    if (b.error) continue;
    if (b.parts.family == "Batched" && b.value("worker_threads") > 1 && b.has("frac_other"))
      wait.push_back(b.value("frac_other"));
    if (b.has("cv")) cv.push_back(b.value("cv"));
    const double rate = b.value("steps_per_s");
    if (!(rate > 0)) continue;
    const double mean_us = 1e6 / rate;
    if (b.has("p95_us")) p95.push_back(b.value("p95_us") / mean_us);
    if (b.has("p99_us")) p99.push_back(b.value("p99_us") / mean_us);
  }
  return {upper_fence(cv), upper_fence(p95), upper_fence(p99), upper_fence(wait)};
}

}  // namespace mdb::compare
