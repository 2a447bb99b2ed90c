#include "compare/report/svg_scale.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace mdb::compare {
namespace {

// Tick arithmetic accumulates rounding (0.1 + 0.2); compare with a tolerance relative to the step.
constexpr double kEps = 1e-9;

double nice_step(double raw) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * magnitude >= raw * (1 - kEps)) return m * magnitude;
  }
  return 10.0 * magnitude;
}

// Largest value of the form {1, 2, 5} x 10^k that is <= v (v > 0), and the smallest >= v.
double floor_125(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v)));
  double best = decade;
  for (const double m : {2.0, 5.0, 10.0}) {
    if (m * decade <= v * (1 + kEps)) best = m * decade;
  }
  return best;
}

double ceil_125(double v) {
  const double decade = std::pow(10.0, std::floor(std::log10(v)));
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * decade >= v * (1 - kEps)) return m * decade;
  }
  return 10.0 * decade;
}

// "%.3g" without trailing zeros after the point: 2.50 -> "2.5", 100 -> "100".
std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", v);
  std::string s = buffer;
  if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace

Scale::Scale(bool log, double lo, double hi, double px_lo, double px_hi)
    : log_(log), lo_(lo), hi_(hi), px_lo_(px_lo), px_hi_(px_hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
    throw std::invalid_argument("Scale: the domain must be finite with lo < hi");
  if (log && !(lo > 0)) throw std::invalid_argument("Scale: a log domain must be positive");
  if (!std::isfinite(px_lo) || !std::isfinite(px_hi))
    throw std::invalid_argument("Scale: the pixel range must be finite");
}

Scale Scale::linear(double lo, double hi, double px_lo, double px_hi) {
  return Scale(false, lo, hi, px_lo, px_hi);
}

Scale Scale::log(double lo, double hi, double px_lo, double px_hi) {
  return Scale(true, lo, hi, px_lo, px_hi);
}

double Scale::operator()(double v) const {
  double t;
  if (log_) {
    if (!(v > 0)) return px_lo_;
    t = (std::log10(v) - std::log10(lo_)) / (std::log10(hi_) - std::log10(lo_));
  } else {
    t = (v - lo_) / (hi_ - lo_);
  }
  return px_lo_ + t * (px_hi_ - px_lo_);
}

Scale& Scale::set_ticks(std::vector<double> fixed) {
  fixed_ticks_ = std::move(fixed);
  return *this;
}

std::vector<double> Scale::ticks(int target) const {
  std::vector<double> out;
  if (!fixed_ticks_.empty()) {
    const double slack = (hi_ - lo_) * kEps;
    for (const double t : fixed_ticks_) {
      if (t >= lo_ - slack && t <= hi_ + slack) out.push_back(t);
    }
    return out;
  }
  if (!log_) {
    for (const double t : nice_linear_ticks(lo_, hi_, target)) {
      const double slack = (hi_ - lo_) * kEps;
      if (t >= lo_ - slack && t <= hi_ + slack) out.push_back(t);
    }
    return out;
  }
  const int first = static_cast<int>(std::floor(std::log10(lo_) + kEps));
  const int last = static_cast<int>(std::floor(std::log10(hi_) + kEps));
  const bool fine = std::log10(hi_) - std::log10(lo_) <= 3 + kEps;
  // Beyond eight decades, every other one keeps the labels apart.
  const int stride = (last - first) > 8 ? 2 : 1;
  for (int k = first; k <= last; k += stride) {
    const double decade = std::pow(10.0, k);
    for (const double m : {1.0, 2.0, 5.0}) {
      if (m != 1.0 && !fine) continue;
      const double t = m * decade;
      if (t >= lo_ * (1 - kEps) && t <= hi_ * (1 + kEps)) out.push_back(t);
    }
  }
  return out;
}

std::vector<double> nice_linear_ticks(double lo, double hi, int target) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi) || target < 1)
    throw std::invalid_argument("nice_linear_ticks: needs finite lo < hi and target >= 1");
  const double step = nice_step((hi - lo) / target);
  const double first = std::floor(lo / step + kEps) * step;
  std::vector<double> out;
  for (int i = 0;; ++i) {
    double t = first + i * step;
    if (std::abs(t) < step * kEps) t = 0;  // -0 and 1e-17 print as "0"
    out.push_back(t);
    if (t >= hi - step * kEps) break;
  }
  return out;
}

std::pair<double, double> nice_linear_domain(double min, double max, bool from_zero) {
  if (!std::isfinite(min) || !std::isfinite(max) || min > max)
    throw std::invalid_argument("nice_linear_domain: needs finite min <= max");
  if (from_zero && min >= 0) min = 0;
  if (from_zero && max <= 0) max = 0;
  if (min == max) {
    const double pad = min == 0 ? 1 : std::abs(min) * 0.1;
    if (!(from_zero && min == 0)) min -= pad;
    max += pad;
  }
  const std::vector<double> t = nice_linear_ticks(min, max, 5);
  return {t.front(), t.back()};
}

std::pair<double, double> nice_log_domain(double min, double max, double min_ratio) {
  if (!(min > 0) || !std::isfinite(max) || min > max)
    throw std::invalid_argument("nice_log_domain: needs 0 < min <= max");
  double lo = floor_125(min), hi = ceil_125(max);
  if (hi <= lo * (1 + kEps)) hi = ceil_125(hi * (1 + 1e-6));
  if (hi / lo < min_ratio * (1 - kEps)) {
    lo = std::pow(10.0, std::floor(std::log10(min) + kEps));
    hi = std::pow(10.0, std::ceil(std::log10(max) - kEps));
    if (hi <= lo * (1 + kEps)) hi = lo * 10;
  }
  return {lo, hi};
}

std::string tick_label(double v, const std::string& unit) {
  std::string s;
  const double a = std::abs(v);
  static const struct {
    double scale;
    const char* suffix;
  } prefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const auto& p : prefixes) {
    if (a >= p.scale * (1 - kEps)) {
      s = short_number(v / p.scale) + p.suffix;
      break;
    }
  }
  if (s.empty()) s = a == 0 ? "0" : short_number(v);
  return unit.empty() ? s : s + " " + unit;
}

std::string time_label_us(double us) {
  const double a = std::abs(us);
  if (a == 0) return "0";
  if (a < 1 - kEps) return short_number(us * 1e3) + " ns";
  if (a < 1e3 * (1 - kEps)) return short_number(us) + " µs";
  if (a < 1e6 * (1 - kEps)) return short_number(us / 1e3) + " ms";
  return short_number(us / 1e6) + " s";
}

}  // namespace mdb::compare
