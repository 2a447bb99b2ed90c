#pragma once
// Axis scales for md_report's charts: data value -> pixel, linear or logarithmic, with the tick
// positions and tick labels a reader expects (1-2-5 steps, decades). Pure arithmetic, so tests
// can say exactly where a number lands.
#include <functional>
#include <string>
#include <vector>

namespace mdb::compare {

/// Maps a data interval [lo, hi] onto a pixel interval [px_lo, px_hi] (px_hi < px_lo is fine:
/// SVG's y grows downwards). A log scale maps log10 linearly and needs 0 < lo < hi.
class Scale {
 public:
  /// Throws std::invalid_argument for a non-finite or empty domain (or lo <= 0 on a log scale).
  static Scale linear(double lo, double hi, double px_lo, double px_hi);
  static Scale log(double lo, double hi, double px_lo, double px_hi);

  /// The pixel of `v`. Values outside the domain map outside the pixel range; on a log scale a
  /// value <= 0 maps to px_lo (the axis), so a zero bar still starts at the axis.
  double operator()(double v) const;
  bool is_log() const { return log_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  double px_lo() const { return px_lo_; }
  double px_hi() const { return px_hi_; }
  /// Major tick values inside [lo, hi]: 1-2-5 steps (about `target` of them) on a linear scale;
  /// decades on a log scale, with 2 and 5 between them when the domain spans under two decades.
  /// Replaced by `fixed` (those inside the domain) after set_ticks, e.g. replica counts 1 2 4 8.
  std::vector<double> ticks(int target = 6) const;
  Scale& set_ticks(std::vector<double> fixed);

 private:
  Scale(bool log, double lo, double hi, double px_lo, double px_hi);
  bool log_;
  double lo_, hi_, px_lo_, px_hi_;
  std::vector<double> fixed_ticks_;
};

/// 1-2-5 ticks covering [lo, hi] with about `target` intervals: the first tick is <= lo and the
/// last >= hi, so the result can serve as a rounded domain.
std::vector<double> nice_linear_ticks(double lo, double hi, int target);

/// A linear domain for values in [min, max]: from 0 (or a rounded min when the data are far from
/// 0 or negative) to a rounded max. A degenerate range is widened so the scale stays valid.
std::pair<double, double> nice_linear_domain(double min, double max, bool from_zero = true);

/// A log domain for positive values in [min, max]: widened to the enclosing 1-2-5 values, and
/// to whole decades when that is less than `min_ratio` wide (so a short axis still gets labelled
/// ticks). Throws std::invalid_argument when min <= 0.
std::pair<double, double> nice_log_domain(double min, double max, double min_ratio = 10);

/// A tick label: "0", "0.5", "20", "2.5k", "10M", "1e-05". `unit` is appended after a space
/// unless empty.
std::string tick_label(double v, const std::string& unit = "");

/// A tick label for a time in microseconds: "500 ns", "20 µs", "1.5 ms", "2 s".
std::string time_label_us(double us);

/// Formats a tick value; the charts pass tick_label or time_label_us.
using TickFormat = std::function<std::string(double)>;

}  // namespace mdb::compare
