#include <cmath>
#include <cstdio>
#include <sstream>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/printf_string.hpp"

namespace mdb::compare {
namespace {

std::string format_time_ns(double ns) {
  const double a = std::abs(ns);
  // The unit is picked on the value as it will print (4 significant digits), so 999.96 ns reads
  // "1.000 us", not "1000. ns". Within [1, 1000) %#.4g keeps trailing zeros ("11.00 us").
  if (a >= 999.95e6) return printf_string("%#.4g s", ns / 1e9);
  if (a >= 999.95e3) return printf_string("%#.4g ms", ns / 1e6);
  if (a >= 999.95) return printf_string("%#.4g us", ns / 1e3);
  return printf_string("%#.4g ns", ns);
}

// Large counts read better with SI prefixes (5.81M); small ones keep %.4g.
std::string format_number(double v) {
  const double a = std::abs(v);
  static const struct {
    double scale;
    const char* suffix;
  } prefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e4, "k"}};
  for (const auto& p : prefixes) {
    if (a >= p.scale) {
      const double scale = p.scale == 1e4 ? 1e3 : p.scale;
      return printf_string("%.4g", v / scale) + p.suffix;
    }
  }
  return printf_string("%.4g", v);
}

}  // namespace

std::string one_line(const std::string& text) {
  std::string out = text;
  for (char& ch : out) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  }
  return out;
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (const char ch : one_line(text)) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

std::string format_value(double value, const std::string& unit) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (unit == "ns") return format_time_ns(value);
  if (unit == "us") return format_time_ns(value * 1e3);  // latencies read best as times too
  const std::string number = format_number(value);
  if (unit.empty() || unit == "1") return number;
  if (unit.rfind("1/", 0) == 0) return number + unit.substr(1);  // "5.81M/s"
  return number + " " + unit;
}

std::string format_change(double change) {
  if (std::isnan(change)) return "n/a";
  if (std::isinf(change)) return change > 0 ? "+inf" : "-inf";
  const double percent = change * 100.0;
  if (std::abs(percent) >= 1e4) return printf_string("%+.3g%%", percent);
  return printf_string("%+.1f%%", percent);
}

std::string format_p(const MetricDiff& m) {
  if (m.test.method == UTestMethod::kNone || m.verdict == Verdict::kInfo) return "-";
  if (m.test.p_value < 1e-4) return "<1e-4";
  return printf_string("%.4f", m.test.p_value);
}

std::string verdict_text(const MetricDiff& m) {
  const std::string unconfirmed = m.confirmed ? "" : " (unconfirmed)";
  switch (m.verdict) {
    case Verdict::kRegressed:
      return "REGRESSED" + unconfirmed;
    case Verdict::kImproved:
      return "improved" + unconfirmed;
    case Verdict::kNoise:
      return "not significant";
    case Verdict::kSame:
      return "same";
    case Verdict::kInfo:
      return "";
    case Verdict::kLikelyRegressed:
      return "likely regressed";
    case Verdict::kLikelyImproved:
      return "likely improved";
  }
  return "";
}

std::string metric_label(const MetricDiff& m) {
  return m.spec.direction == Direction::kLowerAbs ? "|" + m.spec.name + "|" : m.spec.name;
}

std::vector<const MetricDiff*> shown_metrics(const BenchmarkDiff& row, bool all) {
  std::vector<const MetricDiff*> shown;
  for (const auto& m : row.metrics) {
    const bool time = m.spec.name == "real_time" || m.spec.name == "cpu_time";
    if (all || time || moved(m.verdict) || m.verdict == Verdict::kNoise) shown.push_back(&m);
  }
  return shown;
}

std::string summary_line(const Comparison& c) {
  const Summary& s = c.summary;
  std::ostringstream o;
  o << (c.failed ? "REGRESSION: " : "no regression: ") << s.regressed << " of " << s.compared
    << " compared benchmark(s) regressed";
  if (s.unconfirmed > 0) o << " (" << s.unconfirmed << " with unconfirmed verdicts)";
  o << ", " << s.improved << " improved";
  if (s.likely_regressed + s.likely_improved > 0) {
    o << "; " << s.likely_regressed << " likely regressed and " << s.likely_improved
      << " likely improved (too few repetitions to tell from noise)";
  }
  if (s.limit_violations > 0) o << "; " << s.limit_violations << " limit(s) broken";
  if (s.errors_new > 0) o << "; " << s.errors_new << " error run(s) in NEW";
  if (s.errors_old > 0) o << "; " << s.errors_old << " fixed (error in OLD only)";
  if (s.only_old > 0) o << "; " << s.only_old << " only in OLD";
  if (s.only_new > 0) o << "; " << s.only_new << " only in NEW";
  if (s.mismatched > 0) o << "; " << s.mismatched << " size mismatch(es)";
  if (s.ignored > 0) o << "; " << s.ignored << " ignored";
  if (s.skipped > 0) o << "; " << s.skipped << " skipped";
  if (s.shared > 0) o << "; " << s.shared << " reporting another row's run";
  return o.str();
}

}  // namespace mdb::compare
