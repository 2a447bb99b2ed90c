#include "bench/distill/learning_curve.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "compare/report/svg_plot.hpp"

namespace mdb::distill {
namespace {

using compare::Frame;
using compare::Scale;
using compare::SvgCanvas;

std::string fixed(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

struct Series {
  std::string label;
  std::vector<std::pair<double, double>> points;  // (epoch, value)
};

// One log-scale panel of the series; returns nothing drawn when every value is <= 0.
void panel(SvgCanvas& svg, const Frame& frame, const Scale& x, const std::vector<Series>& series,
           const std::string& y_label) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (const auto& s : series) {
    for (const auto& [e, v] : s.points) {
      if (v > 0) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  if (!(hi > 0)) return;
  const auto [dlo, dhi] = compare::nice_log_domain(lo, hi);
  const Scale y = Scale::log(dlo, dhi, frame.bottom(), frame.top);
  compare::draw_x_axis(svg, frame, x, "epoch", [](double v) { return compare::tick_label(v); });
  compare::draw_y_axis(svg, frame, y, y_label, [](double v) { return compare::tick_label(v); });
  for (std::size_t k = 0; k < series.size(); ++k) {
    std::vector<std::pair<double, double>> px, kept;  // pixels, and their (epoch, value)
    for (const auto& [e, v] : series[k].points) {
      if (!(v > 0)) continue;  // a log axis has no place for it
      px.emplace_back(x(e), y(v));
      kept.emplace_back(e, v);
    }
    const std::string& color = compare::series_color(k);
    svg.polyline(px, color, 1.5, k == 0 ? "4 3" : "");
    for (std::size_t p = 0; p < px.size(); ++p) {
      svg.marker(compare::series_shape(k), px[p].first, px[p].second, 5, color,
                 series[k].label + ", epoch " + fixed(kept[p].first, "%.0f") + ": " +
                     fixed(kept[p].second, "%.4g"));
    }
  }
}

}  // namespace

std::string curve_csv(const LearningCurve& curve) {
  std::string out = "epoch,seconds,set,energy_mae_meV_per_atom,force_rmse_eV_per_A\n";
  for (const auto& p : curve.points) {
    const std::string head = std::to_string(p.epoch) + "," + fixed(p.seconds, "%.3f") + ",";
    out += head + "train," + fixed(1e3 * p.train_energy_mae, "%.6g") + "," +
           fixed(p.train_force_rmse, "%.6g") + "\n";
    for (std::size_t s = 0; s < curve.sets.size() && s < p.force_rmse.size(); ++s) {
      out += head + curve.sets[s] + "," + fixed(1e3 * p.energy_mae[s], "%.6g") + "," +
             fixed(p.force_rmse[s], "%.6g") + "\n";
    }
  }
  return out;
}

std::string curve_svg(const LearningCurve& curve, const std::string& title) {
  if (curve.points.empty()) throw std::invalid_argument("curve_svg: no points");
  std::vector<Series> force{{"training (during the epoch)", {}}},
      energy{{"training (during the epoch)", {}}};
  for (const auto& set : curve.sets) {
    force.push_back({"held out, " + set, {}});
    energy.push_back({"held out, " + set, {}});
  }
  for (const auto& p : curve.points) {
    force[0].points.emplace_back(p.epoch, p.train_force_rmse);
    energy[0].points.emplace_back(p.epoch, 1e3 * p.train_energy_mae);
    for (std::size_t s = 0; s < curve.sets.size() && s < p.force_rmse.size(); ++s) {
      force[s + 1].points.emplace_back(p.epoch, p.force_rmse[s]);
      energy[s + 1].points.emplace_back(p.epoch, 1e3 * p.energy_mae[s]);
    }
  }
  const double width = 720, panel_h = 220, left = 70;
  std::vector<compare::LegendEntry> legend;
  for (std::size_t k = 0; k < force.size(); ++k) {
    legend.push_back({force[k].label, compare::series_color(k), compare::series_shape(k), false,
                      true, k == 0 ? "4 3" : ""});
  }
  const double legend_h = compare::legend_height(width - left - 20, legend);
  SvgCanvas svg(width, 40 + 2 * (panel_h + 50) + legend_h, title);
  svg.text(width / 2, 20, title, "middle", 13, "#333", 0, "bold");
  const double last = std::max(1, curve.points.back().epoch);
  const Frame top{left, 40, width - left - 20, panel_h};
  const Frame bottom{left, 40 + panel_h + 50, width - left - 20, panel_h};
  const Scale x_top = Scale::linear(0, last, top.left, top.right());
  panel(svg, top, x_top, force, "force RMSE (eV/A)");
  panel(svg, bottom, x_top, energy, "energy MAE (meV/atom)");
  compare::draw_legend(svg, left, bottom.bottom() + 45, width - left - 20, legend);
  return svg.str();
}

}  // namespace mdb::distill
