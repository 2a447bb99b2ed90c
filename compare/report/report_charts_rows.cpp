// The row charts: one horizontal row per benchmark (latency percentiles, time shares, speed-ups,
// the comparison view), with benchmark names as row labels on the left.
#include <algorithm>
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/printf_string.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare {
namespace {

constexpr double kRowHeight = 20;
constexpr double kMaxLabelWidth = 420;
constexpr const char* kRegressedColor = "#D55E00";
constexpr const char* kImprovedColor = "#009E73";
constexpr const char* kNeutralColor = "#9a9a9a";

// A label that fits `max_width`. Long names lose their start, since their end (size, case,
// backend) is what tells rows apart; verdict texts lose their end (`keep_end` false).
std::string fit_label(const std::string& label, double max_width, bool keep_end = true) {
  if (text_width(label) <= max_width) return label;
  std::string s = label;
  const std::string ellipsis = "…";
  while (s.size() > 4 && text_width(s + ellipsis) > max_width) {
    if (keep_end) {
      s.erase(0, 1);
    } else {
      s.pop_back();
    }
  }
  return keep_end ? std::string(ellipsis).append(s) : s.append(ellipsis);
}

struct Rows {
  Frame frame;
  double height;
  std::vector<std::string> labels;
};

// Labels left, legend on top (visible without scrolling a long chart), x axis at the bottom.
Rows layout_rows(std::vector<std::string> names, const std::vector<LegendEntry>& legend,
                 double right_margin) {
  double widest = 0;
  for (auto& n : names) {
    n = fit_label(short_label(n), kMaxLabelWidth);
    widest = std::max(widest, text_width(n));
  }
  Rows r;
  r.labels = std::move(names);
  const double left = std::max(widest + 16, 120.0);
  const double legend_h = legend_height(kChartWidth - left - right_margin, legend);
  r.frame = {left, 8 + legend_h + (legend_h > 0 ? 8 : 0), kChartWidth - left - right_margin,
             kRowHeight * static_cast<double>(r.labels.size())};
  r.height = r.frame.bottom() + 44;
  return r;
}

double row_center(const Rows& r, std::size_t i) {
  return r.frame.top + kRowHeight * (static_cast<double>(i) + 0.5);
}

void draw_row_labels(SvgCanvas& svg, const Rows& r) {
  for (std::size_t i = 0; i < r.labels.size(); ++i) {
    svg.text(r.frame.left - 8, row_center(r, i) + 4, r.labels[i], "end", 11);
  }
}

struct Segment {
  const char* metric;  // nullptr: the rest up to 100 %
  const char* label;
  const char* color;
};

std::string stacked_chart(const std::vector<const BenchSummary*>& all,
                          const std::vector<Segment>& segments, const std::string& title,
                          const std::string& axis, const char* required_metric) {
  std::vector<const BenchSummary*> rows;
  for (const BenchSummary* b : all) {
    if (!b->error && b->has(required_metric)) rows.push_back(b);
  }
  if (rows.empty()) return "";
  std::vector<LegendEntry> legend;
  for (const auto& s : segments) legend.push_back({s.label, s.color, {}, true, false, ""});
  std::vector<std::string> names;
  for (const BenchSummary* b : rows) names.push_back(b->name);
  const Rows r = layout_rows(names, legend, 24);
  SvgCanvas svg(kChartWidth, r.height, title);
  draw_legend(svg, r.frame.left, 8, r.frame.width, legend);
  const Scale x = Scale::linear(0, 1, r.frame.left, r.frame.right());
  draw_x_axis(svg, r.frame, x, axis, percent_string);
  draw_row_labels(svg, r);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    double start = 0;
    for (const auto& s : segments) {
      double share = s.metric ? rows[i]->value(s.metric) : 1 - start;
      if (!(share > 0)) continue;
      share = std::min(share, 1 - start);  // shares that add up past 100 % by rounding
      const double x0 = x(start), x1 = x(start + share), yc = row_center(r, i);
      svg.rect(x0, yc - 7, x1 - x0, 14, s.color,
               short_label(rows[i]->name) + ": " + s.label + " " + percent_string(share));
      // 4 % and up carry their percentage, where the text fits.
      if (share >= 0.04 && x1 - x0 >= 26)
        svg.text((x0 + x1) / 2, yc + 4, percent_string(share), "middle", 10, "#fff");
      start += share;
    }
  }
  return svg.str();
}

const MetricDiff* time_metric(const BenchmarkDiff& row) {
  return row.metric("real_time");
}

int order_rank(const BenchmarkDiff& row) {
  if (row.status == RowStatus::kErrorNew) return 0;
  if (row.status != RowStatus::kCompared) return 5;
  if (row.regressed()) return 1;
  const MetricDiff* t = time_metric(row);
  const Verdict v = t ? t->verdict : Verdict::kInfo;
  if (v == Verdict::kImproved) return 2;
  if (v == Verdict::kNoise || v == Verdict::kLikelyImproved || v == Verdict::kLikelyRegressed)
    return 3;
  return 4;
}

std::string p_text(const MetricDiff& m) {
  const std::string p = format_p(m);
  if (p == "-") return "";
  return p[0] == '<' ? "p " + p : "p = " + p;
}

}  // namespace

std::string latency_chart(const std::vector<const BenchSummary*>& all, const std::string& title) {
  std::vector<const BenchSummary*> rows;
  double lo = 1e300, hi = 0;
  for (const BenchSummary* b : all) {
    if (b->error || !(b->value("p50_us") > 0)) continue;
    rows.push_back(b);
    for (const char* m : {"p50_us", "p95_us", "p99_us", "max_us"}) {
      if (b->value(m) > 0) lo = std::min(lo, b->value(m)), hi = std::max(hi, b->value(m));
    }
    if (b->value("steps_per_s") > 0) lo = std::min(lo, 1e6 / b->value("steps_per_s"));
  }
  if (rows.empty()) return "";
  struct Mark {
    const char* metric;
    const char* label;
    const char* color;
    MarkerShape shape;
  };
  const Mark marks[] = {{"p50_us", "p50 (median)", "#0072B2", MarkerShape::kCircle},
                        {"p95_us", "p95", "#E69F00", MarkerShape::kTriangle},
                        {"p99_us", "p99", "#D55E00", MarkerShape::kSquare},
                        {"max_us", "max (slowest step)", "#333333", MarkerShape::kCross}};
  std::vector<LegendEntry> legend;
  for (const auto& m : marks) legend.push_back({m.label, m.color, m.shape, false, false, ""});
  legend.push_back({"mean step", "#009E73", MarkerShape::kDiamond, false, false, ""});
  std::vector<std::string> names;
  for (const BenchSummary* b : rows) names.push_back(b->name);
  const Rows r = layout_rows(names, legend, 24);
  SvgCanvas svg(kChartWidth, r.height, title);
  draw_legend(svg, r.frame.left, 8, r.frame.width, legend);
  const auto [x0, x1] = nice_log_domain(lo, hi);
  const Scale x = Scale::log(x0, x1, r.frame.left, r.frame.right());
  draw_x_axis(svg, r.frame, x, "time per step (log scale)", time_label_us);
  draw_row_labels(svg, r);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const BenchSummary& b = *rows[i];
    const double yc = row_center(r, i);
    const double p50 = b.value("p50_us"), top = std::max(p50, b.value("max_us"));
    svg.line(x(p50), yc, x(top), yc, "#bbb", 2);
    const std::string who = short_label(b.name) + ": ";
    for (const auto& m : marks) {
      const double v = b.value(m.metric);
      if (v > 0) svg.marker(m.shape, x(v), yc, 8, m.color, who + m.label + " " + time_label_us(v));
    }
    if (const double rate = b.value("steps_per_s"); rate > 0) {
      svg.marker(MarkerShape::kDiamond, x(1e6 / rate), yc, 7, "#009E73",
                 who + "mean " + time_label_us(1e6 / rate));
    }
  }
  return svg.str();
}

std::string phase_chart(const std::vector<const BenchSummary*>& rows, const std::string& title) {
  return stacked_chart(rows,
                       {{"frac_force", "force", "#0072B2"},
                        {"frac_neigh", "neighbour list", "#E69F00"},
                        {"frac_integrate", "integrate", "#009E73"},
                        {"frac_other", "other", "#9a9a9a"}},
                       title, "share of thread time", "frac_force");
}

std::string nn_stage_chart(const std::vector<const BenchSummary*>& rows) {
  return stacked_chart(rows,
                       {{"nn_baseline_frac", "physical baseline (SW)", "#56B4E9"},
                        {"nn_descriptor_frac", "descriptor (AEV)", "#E69F00"},
                        {"nn_network_frac", "network forward", "#0072B2"},
                        {"nn_backward_frac", "backward (forces)", "#CC79A7"},
                        {nullptr, "other", "#9a9a9a"}},
                       "NN force-field stages", "share of force-field time", "nn_network_frac");
}

std::string speedup_chart(const Comparison& pair, const std::string& a, const std::string& b) {
  std::vector<const BenchmarkDiff*> rows;
  double lo = 1, hi = 1;
  for (const auto& row : pair.rows) {
    if (row.status != RowStatus::kCompared || !(row.speedup > 0) || !time_metric(row)) continue;
    rows.push_back(&row);
    lo = std::min(lo, row.speedup), hi = std::max(hi, row.speedup);
  }
  if (rows.empty()) return "";
  std::vector<std::string> names;
  for (const auto* row : rows) names.push_back(row->name);
  const Rows r = layout_rows(names, {}, 230);
  SvgCanvas svg(kChartWidth, r.height, "Speed-up of " + b + " over " + a);
  const auto [x0, x1] = nice_log_domain(lo, hi);
  const Scale x = Scale::log(x0, x1, r.frame.left, r.frame.right());
  draw_x_axis(svg, r.frame, x, "speed-up: " + a + " time / " + b + " time (log scale)",
              [](double v) { return tick_label(v) + "×"; });
  draw_row_labels(svg, r);
  svg.line(x(1), r.frame.top - 4, x(1), r.frame.bottom(), "#333", 1.2);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const MetricDiff& t = *time_metric(*rows[i]);
    // Group B is NEW: B faster reads as "improved" in compare's words.
    const char* color = t.verdict == Verdict::kImproved    ? kImprovedColor
                        : t.verdict == Verdict::kRegressed ? kRegressedColor
                                                           : kNeutralColor;
    std::string verdict = t.verdict == Verdict::kImproved          ? b + " faster"
                          : t.verdict == Verdict::kRegressed       ? b + " slower"
                          : t.verdict == Verdict::kLikelyImproved  ? b + " likely faster"
                          : t.verdict == Verdict::kLikelyRegressed ? b + " likely slower"
                          : t.verdict == Verdict::kNoise           ? "not significant"
                                                                   : "same within threshold";
    if (!t.confirmed && (t.verdict == Verdict::kImproved || t.verdict == Verdict::kRegressed))
      verdict += " (unconfirmed)";
    const double yc = row_center(r, i), s = rows[i]->speedup;
    const std::string value = format_value(s, "") + "×";
    svg.rect(x(1), yc - 7, x(s) - x(1), 14, color,
             short_label(rows[i]->name) + ": " + value + ", " + verdict);
    svg.text(r.frame.right() + 8, yc + 4, value + "  " + verdict, "start", 11, color, 0, "bold");
  }
  return svg.str();
}

std::vector<const BenchmarkDiff*> comparison_order(const Comparison& c) {
  std::vector<const BenchmarkDiff*> rows;
  for (const auto& row : c.rows) rows.push_back(&row);
  auto change = [](const BenchmarkDiff* row) {
    const MetricDiff* t = time_metric(*row);
    return t && std::isfinite(t->change) ? t->change : -1e300;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const BenchmarkDiff* x, const BenchmarkDiff* y) {
    const int rx = order_rank(*x), ry = order_rank(*y);
    if (rx != ry) return rx < ry;
    return rx >= 1 && rx <= 4 && change(x) > change(y);
  });
  return rows;
}

std::string comparison_chart(const Comparison& c) {
  const std::vector<const BenchmarkDiff*> rows = comparison_order(c);
  if (rows.empty()) return "";
  double extent = 0.1, threshold = 0;
  for (const auto* row : rows) {
    if (const MetricDiff* t = time_metric(*row); t && std::isfinite(t->change)) {
      extent = std::max(extent, std::abs(t->change));
      threshold = std::max(threshold, t->spec.threshold);
    }
  }
  const std::vector<LegendEntry> legend = {
      {"regressed (beyond threshold and significant)", kRegressedColor, {}, true, false, ""},
      {"improved", kImprovedColor, {}, true, false, ""},
      {"not significant or within threshold", kNeutralColor, {}, true, false, ""},
      {"shaded: ± threshold", "#eeeeee", {}, true, false, ""}};
  std::vector<std::string> names;
  for (const auto* row : rows) names.push_back(row->name);
  const Rows r = layout_rows(names, legend, 310);
  SvgCanvas svg(kChartWidth, r.height, "Comparison: real_time change per benchmark");
  draw_legend(svg, r.frame.left, 8, r.frame.width, legend);
  const auto [x0, x1] = nice_linear_domain(-extent, extent, false);
  const double m = std::max(-x0, x1);
  const Scale x = Scale::linear(-m, m, r.frame.left, r.frame.right());
  if (threshold > 0 && threshold < m) {
    svg.rect(x(-threshold), r.frame.top, x(threshold) - x(-threshold), r.frame.height, "#eeeeee");
  }
  draw_x_axis(svg, r.frame, x, "real_time change, NEW vs OLD (medians; right = slower)",
              [](double v) { return v == 0 ? std::string("0") : format_change(v); });
  draw_row_labels(svg, r);
  svg.line(x(0), r.frame.top, x(0), r.frame.bottom(), "#333", 1.2);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const BenchmarkDiff& row = *rows[i];
    const double yc = row_center(r, i);
    const MetricDiff* t = time_metric(row);
    if (row.status != RowStatus::kCompared || t == nullptr || !std::isfinite(t->change)) {
      std::string what(to_string(row.status));
      if (!row.note.empty()) what += ": " + one_line(row.note);
      const bool bad = row.status == RowStatus::kErrorNew;
      svg.text(x(0) + 6, yc + 4, fit_label(what, r.frame.width / 2 + 300, false), "start", 11,
               bad ? kRegressedColor : "#555", 0, bad ? "bold" : "");
      continue;
    }
    const bool regressed = row.regressed();
    const char* color = regressed                          ? kRegressedColor
                        : t->verdict == Verdict::kImproved ? kImprovedColor
                                                           : kNeutralColor;
    std::string verdict = verdict_text(*t);
    if (regressed && t->verdict != Verdict::kRegressed) {
      std::string which;
      for (const auto& mm : row.metrics) {
        if (mm.verdict == Verdict::kRegressed) which += (which.empty() ? "" : ", ") + mm.spec.name;
      }
      for (const auto& v : row.violations) which += (which.empty() ? "" : ", ") + v.metric;
      verdict = "REGRESSED: " + which;
    }
    const std::string p = p_text(*t);
    svg.rect(x(0), yc - 7, x(t->change) - x(0), 14, color,
             short_label(row.name) + ": real_time " + format_value(t->old_value, "ns") + " → " +
                 format_value(t->new_value, "ns") + " (" + format_change(t->change) + "), " +
                 verdict + (p.empty() ? "" : ", " + p));
    svg.text(r.frame.right() + 8, yc + 4,
             fit_label(format_change(t->change) + "  " + verdict + (p.empty() ? "" : ", " + p), 300,
                       false),
             "start", 11, color, 0, regressed ? "bold" : "");
  }
  return svg.str();
}

}  // namespace mdb::compare
