// lattice_bench's charts: throughput and speed-up over the reference against batch size, one
// chart per operation so that each stays readable with three lattices and three implementations.
#include <algorithm>
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare {
namespace {

struct Line {
  std::string label;
  std::size_t color = 0;  // one colour per lattice and parameters
  std::string impl;
  std::vector<std::pair<double, double>> points;  // (batch, value), batch ascending
  std::vector<std::string> tooltips;
};

// Colour tells the lattice and parameters apart, the marker and dash the implementation, so a
// reader finds "D4, cpu against reference" as one colour with two line styles.
MarkerShape impl_shape(const std::string& impl) {
  if (impl == kLatticeReference) return MarkerShape::kCircle;
  if (impl == "cpu") return MarkerShape::kSquare;
  if (impl == "cuda") return MarkerShape::kTriangle;
  return MarkerShape::kDiamond;
}

std::string impl_dash(const std::string& impl) {
  if (impl == kLatticeReference) return "6 4";
  if (impl == "cuda") return "2 3";
  return "";
}

std::string params(const LatticeName& n) {
  return n.lattice + " q" + std::to_string(n.q) + " M" + std::to_string(n.levels);
}

std::size_t color_of(std::vector<std::string>& keys, const std::string& key) {
  auto it = std::find(keys.begin(), keys.end(), key);
  if (it == keys.end()) {
    keys.push_back(key);
    return keys.size() - 1;
  }
  return static_cast<std::size_t>(it - keys.begin());
}

struct Bounds {
  double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
  std::vector<double> ticks;  // the batch sizes run
  void add(double x, double y) {
    xmin = std::min(xmin, x), xmax = std::max(xmax, x);
    ymin = std::min(ymin, y), ymax = std::max(ymax, y);
    if (std::find(ticks.begin(), ticks.end(), x) == ticks.end()) ticks.push_back(x);
  }
};

std::string draw(const std::vector<Line>& lines, Bounds b, const std::string& title,
                 const std::string& y_label, const TickFormat& y_format, bool unity_line) {
  std::vector<LegendEntry> legend;
  for (const auto& l : lines) {
    legend.push_back(
        {l.label, series_color(l.color), impl_shape(l.impl), false, true, impl_dash(l.impl)});
  }
  if (unity_line) legend.push_back({"1x: as fast as the reference", "#333", {}, true, false, ""});
  const Frame frame{90, 16, kChartWidth - 120, 320};
  const double height = frame.bottom() + 50 + legend_height(frame.width, legend) + 8;
  SvgCanvas svg(kChartWidth, height, title);
  // Just around the batch sizes run, which are the ticks: the points use the whole width.
  const double pad = b.xmax > b.xmin ? 1.5 : 3;
  Scale x = Scale::log(b.xmin / pad, b.xmax * pad, frame.left, frame.right());
  x.set_ticks(b.ticks);
  const auto [y0, y1] = nice_log_domain(b.ymin, b.ymax);
  const Scale y = Scale::log(y0, y1, frame.bottom(), frame.top);
  draw_x_axis(svg, frame, x, "batch: vectors per call (log scale)",
              [](double v) { return tick_label(v); });
  draw_y_axis(svg, frame, y, y_label, y_format);
  if (unity_line) svg.line(frame.left, y(1), frame.right(), y(1), "#333", 1.2);
  for (const auto& l : lines) {
    const std::string& color = series_color(l.color);
    std::vector<std::pair<double, double>> px;
    for (const auto& [bx, v] : l.points) px.push_back({x(bx), y(v)});
    svg.polyline(px, color, 2, impl_dash(l.impl));
    for (std::size_t i = 0; i < l.points.size(); ++i) {
      svg.marker(impl_shape(l.impl), px[i].first, px[i].second, 8, color, l.tooltips[i]);
    }
  }
  draw_legend(svg, frame.left, frame.bottom() + 48, frame.width, legend);
  return svg.str();
}

}  // namespace

std::string lattice_throughput_chart(const RunSummary& run, const std::string& op) {
  std::vector<Line> lines;
  std::vector<std::string> colors;
  Bounds b;
  for (const auto& s : lattice_series(run)) {
    if (s.name.op != op) continue;
    Line l{params(s.name) + " " + s.name.impl, 0, s.name.impl, {}, {}};
    for (const auto& p : s.points) {
      const double v = p.bench->value("vectors_per_s");
      if (!(v > 0)) continue;
      l.points.push_back({static_cast<double>(p.batch), v});
      l.tooltips.push_back(short_label(p.bench->name) + ": " + format_value(v, "1/s") +
                           " vectors (" + format_value(p.bench->value("ns_per_vector"), "ns") +
                           " per vector)");
      b.add(static_cast<double>(p.batch), v);
    }
    if (l.points.empty()) continue;
    l.color = color_of(colors, params(s.name));
    lines.push_back(std::move(l));
  }
  if (lines.empty()) return "";
  return draw(
      lines, b, "Quantize " + op + ": vectors per second against batch size",
      "vectors per second (log)", [](double v) { return tick_label(v); }, false);
}

std::string lattice_speedup_chart(const RunSummary& run, const std::string& op) {
  std::vector<Line> lines;
  std::vector<std::string> colors;
  Bounds b;
  for (const auto& sp : lattice_speedups(run)) {
    if (sp.name.op != op) continue;
    const std::string label = params(sp.name) + " " + sp.name.impl;
    auto it =
        std::find_if(lines.begin(), lines.end(), [&](const Line& l) { return l.label == label; });
    if (it == lines.end()) {
      lines.push_back({label, color_of(colors, params(sp.name)), sp.name.impl, {}, {}});
      it = lines.end() - 1;
    }
    const double batch = static_cast<double>(sp.name.batch);
    it->points.push_back({batch, sp.speedup});
    it->tooltips.push_back(short_label(sp.optimised->name) + ": " + speedup_number(sp.speedup) +
                           "x the reference (" +
                           format_value(sp.reference->value("real_time"), "ns") + " against " +
                           format_value(sp.optimised->value("real_time"), "ns") + " per call)");
    b.add(batch, sp.speedup);
  }
  if (lines.empty()) return "";
  b.ymin = std::min(b.ymin, 1.0), b.ymax = std::max(b.ymax, 1.0);  // the 1x line is always on it
  return draw(
      lines, b, "Quantize " + op + ": speed-up over the reference against batch size",
      "speed-up: reference time / time (log)", [](double v) { return tick_label(v) + "×"; }, true);
}

}  // namespace mdb::compare
