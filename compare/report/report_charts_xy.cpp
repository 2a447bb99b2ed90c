// The x-y charts: scaling with system size, batched replicas, and step-latency histograms.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare {
namespace {

struct Point {
  double x, y;
  std::string tooltip;
};

struct Series {
  std::string label;
  std::string fit_family;  // ComplexityFit::family to draw with it, if any
  std::vector<Point> points;
};

// Series in order of first appearance, points sorted by x.
std::vector<Series> collect(const RunSummary& run, const std::string& family, const char* metric,
                            bool by_replicas) {
  std::vector<Series> out;
  for (const auto& b : run.benchmarks) {
    const BenchName& p = b.parts;
    const double y = b.value(metric);
    if (b.error || !p.md_bench || p.family != family || !(y > 0)) continue;
    auto it =
        std::find_if(out.begin(), out.end(), [&](const Series& s) { return s.label == p.series; });
    if (it == out.end()) {
      out.push_back(
          {p.series, family + "/" + p.ensemble + "/" + p.case_name + "/" + p.backend, {}});
      it = out.end() - 1;
    }
    const double x = by_replicas ? p.replicas : static_cast<double>(p.atoms);
    it->points.push_back({x, y, ""});
    it->points.back().tooltip = p.label + ": ";
  }
  for (auto& s : out) {
    std::sort(s.points.begin(), s.points.end(),
              [](const Point& a, const Point& b) { return a.x < b.x; });
  }
  return out;
}

const ComplexityFit* fit_of(const RunSummary& run, const std::string& family) {
  for (const auto& f : run.fits) {
    if (f.family == family && std::isfinite(f.real_coefficient_ns)) return &f;
  }
  return nullptr;
}

double hardware_threads(const RunSummary& run) {
  const auto& ctx = run.context;
  for (const char* key : {"mdbench_hardware_threads", "num_cpus"}) {
    const auto it = ctx.find(key);
    if (it == ctx.end()) continue;
    try {
      const double v = it->is_string() ? std::stod(it->get<std::string>()) : it->get<double>();
      if (v >= 1) return v;
    } catch (const std::exception&) {
    }
  }
  return 0;  // unknown
}

// The frame of a full-width x-y chart whose legend holds `entries`.
struct Layout {
  Frame frame;
  double height;
};

Layout xy_layout(const std::vector<LegendEntry>& entries) {
  Layout l;
  l.frame = {90, 16, kChartWidth - 120, 340};
  l.height = l.frame.bottom() + 50 + legend_height(l.frame.width, entries) + 8;
  return l;
}

}  // namespace

std::string scaling_chart(const RunSummary& run) {
  std::string family = "Scaling";
  std::vector<Series> series = collect(run, family, "us_per_atom", false);
  if (series.empty()) {
    family = "Step";
    series = collect(run, family, "us_per_atom", false);
    std::erase_if(series, [](const Series& s) { return s.points.size() < 2; });
  }
  if (series.empty()) return "";

  double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
  std::vector<std::vector<std::pair<double, double>>> fits(series.size());
  std::vector<LegendEntry> legend;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const Series& s = series[i];
    for (const auto& p : s.points) {
      xmin = std::min(xmin, p.x), xmax = std::max(xmax, p.x);
      ymin = std::min(ymin, p.y), ymax = std::max(ymax, p.y);
    }
    std::string label = family + " " + s.label;
    if (const ComplexityFit* f = fit_of(run, s.fit_family); f && s.points.size() >= 2) {
      const double n0 = s.points.front().x, n1 = s.points.back().x;
      for (int k = 0; k <= 32; ++k) {
        const double n = n0 * std::pow(n1 / n0, k / 32.0);
        const double y = f->fitted_ns(n) / n / 1e3;  // ns per step -> µs per atom-step
        if (y > 0 && std::isfinite(y)) fits[i].push_back({n, y});
      }
      for (const auto& [n, y] : fits[i]) ymin = std::min(ymin, y), ymax = std::max(ymax, y);
      label += " (fit O(" + f->big_o + ")";
      if (std::isfinite(f->rms)) {
        char rms[32];
        std::snprintf(rms, sizeof rms, ", RMS %.1f %%", f->rms * 100);
        label += rms;
      }
      label += ")";
    }
    legend.push_back({label, series_color(i), series_shape(i), false, true, ""});
  }
  bool any_fit = false;
  for (const auto& f : fits) any_fit = any_fit || !f.empty();
  if (any_fit) {
    legend.push_back({"dashed: Google Benchmark's complexity fit", "#777", MarkerShape::kCircle,
                      false, true, "6 4"});
  }

  const Layout l = xy_layout(legend);
  SvgCanvas svg(kChartWidth, l.height, "Scaling: microseconds per atom-step against atoms");
  const auto [x0, x1] = nice_log_domain(xmin, xmax);
  const auto [y0, y1] = nice_log_domain(ymin, ymax);
  const Scale x = Scale::log(x0, x1, l.frame.left, l.frame.right());
  const Scale y = Scale::log(y0, y1, l.frame.bottom(), l.frame.top);
  draw_x_axis(svg, l.frame, x, "atoms (log scale)", [](double v) { return tick_label(v); });
  draw_y_axis(svg, l.frame, y, "time per atom-step (log)", time_label_us);
  for (std::size_t i = 0; i < series.size(); ++i) {
    const std::string& color = series_color(i);
    std::vector<std::pair<double, double>> fit_px;
    for (const auto& [n, v] : fits[i]) fit_px.push_back({x(n), y(v)});
    svg.polyline(fit_px, color, 1.5, "6 4");
    std::vector<std::pair<double, double>> px;
    for (const auto& p : series[i].points) px.push_back({x(p.x), y(p.y)});
    svg.polyline(px, color, 2);
    for (const auto& p : series[i].points) {
      svg.marker(
          series_shape(i), x(p.x), y(p.y), 8, color,
          p.tooltip + format_value(p.y, "us") + " per atom-step at " + tick_label(p.x) + " atoms");
    }
  }
  draw_legend(svg, l.frame.left, l.frame.bottom() + 48, l.frame.width, legend);
  return svg.str();
}

std::string batched_chart(const RunSummary& run) {
  const std::vector<Series> series = collect(run, "Batched", "atom_steps_per_s", true);
  if (series.empty()) return "";
  const double threads = hardware_threads(run);
  double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
  std::vector<double> ticks;
  std::vector<std::vector<std::pair<double, double>>> ideal(series.size());
  std::vector<LegendEntry> legend;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& pts = series[i].points;
    const double r0 = pts.front().x, rate0 = pts.front().y;
    // Perfect scaling: every extra replica adds the one-replica rate until threads run out.
    auto cap = [&](double r) { return threads > 0 ? std::min(r, threads) : r; };
    for (const auto& p : pts) {
      xmin = std::min(xmin, p.x), xmax = std::max(xmax, p.x);
      ymin = std::min(ymin, p.y), ymax = std::max(ymax, p.y);
      if (std::find(ticks.begin(), ticks.end(), p.x) == ticks.end()) ticks.push_back(p.x);
      ideal[i].push_back({p.x, rate0 * cap(p.x) / cap(r0)});
      ymax = std::max(ymax, ideal[i].back().second);
    }
    legend.push_back({series[i].label, series_color(i), series_shape(i), false, true, ""});
  }
  legend.push_back(
      {threads > 0 ? "dashed: perfect scaling up to " + tick_label(threads) + " hardware threads"
                   : "dashed: perfect scaling",
       "#777", MarkerShape::kCircle, false, true, "6 4"});
  const Layout l = xy_layout(legend);
  SvgCanvas svg(kChartWidth, l.height, "Batched MD: atom-steps per second against replicas");
  // Just around the replica counts run (the ticks), so the points use the whole width.
  Scale x = Scale::log(xmin / 1.25, xmax * 1.25, l.frame.left, l.frame.right());
  x.set_ticks(ticks);
  // Log, so cheap and expensive models share the chart and equal ratios look equal.
  const auto [y0, y1] = nice_log_domain(ymin, ymax);
  const Scale y = Scale::log(y0, y1, l.frame.bottom(), l.frame.top);
  draw_x_axis(svg, l.frame, x, "replicas advanced together (log scale)",
              [](double v) { return tick_label(v); });
  draw_y_axis(svg, l.frame, y, "atom-steps per second (log)",
              [](double v) { return tick_label(v); });
  for (std::size_t i = 0; i < series.size(); ++i) {
    const std::string& color = series_color(i);
    std::vector<std::pair<double, double>> ideal_px, px;
    for (const auto& [r, v] : ideal[i]) ideal_px.push_back({x(r), y(v)});
    svg.polyline(ideal_px, color, 1.2, "6 4");
    for (const auto& p : series[i].points) px.push_back({x(p.x), y(p.y)});
    svg.polyline(px, color, 2);
    for (const auto& p : series[i].points) {
      svg.marker(
          series_shape(i), x(p.x), y(p.y), 8, color,
          p.tooltip + format_value(p.y, "1/s") + " atom-steps at " + tick_label(p.x) + " replicas");
    }
  }
  draw_legend(svg, l.frame.left, l.frame.bottom() + 48, l.frame.width, legend);
  return svg.str();
}

std::string histogram_chart(const std::string& name, const std::vector<double>& samples_us,
                            const BenchSummary* summary) {
  const Histogram h = log_histogram(samples_us, 40);
  if (h.counts.empty()) return "";
  const double width = 360, height = 210;
  const Frame frame{58, 30, width - 72, height - 78};
  SvgCanvas svg(width, height, "Step latency histogram of " + name);
  std::string title = short_label(name);
  if (text_width(title, 11) > width - 10 && title.size() > 46)
    title = std::string("…").append(title.substr(title.size() - 46));
  svg.text(6, 13, title, "start", 11, "#222", 0, "bold");
  svg.text(6, 25, tick_label(static_cast<double>(h.total())) + " steps", "start", 10, "#666");

  std::size_t peak = 1;
  for (const auto c : h.counts) peak = std::max(peak, c);
  // As tight as 1-2-5 values allow: a narrow distribution should fill the chart.
  const auto [x0, x1] = nice_log_domain(h.edges.front(), h.edges.back(), 1);
  const Scale x = Scale::log(x0, x1, frame.left, frame.right());
  // Counts on a log axis, so the 1 % of slow steps stays visible next to the bulk; a bin with one
  // step still gets a bar (the axis starts below 1).
  Scale y = Scale::log(0.6, nice_log_domain(1, static_cast<double>(peak)).second, frame.bottom(),
                       frame.top);
  std::vector<double> decades;
  for (double d = 1; d <= y.hi() * 1.0001; d *= 10) decades.push_back(d);
  y.set_ticks(decades);
  draw_x_axis(svg, frame, x, "step time", time_label_us, false);
  draw_y_axis(svg, frame, y, "steps", [](double v) { return tick_label(v); });
  for (std::size_t i = 0; i < h.counts.size(); ++i) {
    if (h.counts[i] == 0) continue;
    const double left = x(h.edges[i]), right = std::max(x(h.edges[i + 1]), left + 1);
    svg.rect(left, y(static_cast<double>(h.counts[i])), right - left,
             frame.bottom() - y(static_cast<double>(h.counts[i])), "#0072B2",
             time_label_us(h.edges[i]) + " to " + time_label_us(h.edges[i + 1]) + ": " +
                 std::to_string(h.counts[i]) + " steps");
  }
  if (summary != nullptr) {
    const std::pair<const char*, const char*> marks[] = {
        {"p50_us", "p50"}, {"p95_us", "p95"}, {"p99_us", "p99"}};
    double label_y = frame.top + 9;
    for (const auto& [metric, label] : marks) {
      const double v = summary->value(metric);
      if (!(v >= x.lo() && v <= x.hi())) continue;
      svg.line(x(v), frame.top, x(v), frame.bottom(), "#D55E00", 1.2, "4 3");
      svg.text(x(v) + 3, label_y, label, "start", 9, "#D55E00");
      label_y += 10;
    }
  }
  return svg.str();
}

}  // namespace mdb::compare
