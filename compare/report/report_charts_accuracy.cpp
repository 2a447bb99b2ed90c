// The accuracy-against-speed chart: for one teacher at one size and backend, each student's error
// against the teacher (force RMSE, and energy MAE in a second panel) over its time per atom-step,
// both on log axes, with the teacher as a reference line at its own speed.
#include <algorithm>
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare {
namespace {

constexpr const char* kTeacherColor = "#000000";
constexpr double kPanelGap = 120;  // room for the right panel's y-axis labels
constexpr double kPad = 1.25;      // data to axis end, as a factor on the log axes

// One panel: one error counter of md_bench, as the page names it.
struct Metric {
  const char* counter;
  const char* what;  // "force RMSE"
  const char* unit;  // as drawn: "eV/Å"
};

constexpr Metric kForce{kForceRmse, "force RMSE", "eV/Å"};
constexpr Metric kEnergy{kEnergyMae, "energy MAE", "meV/atom"};

// Students never take the teacher's triangle, so the reference cannot be mistaken for a model.
MarkerShape student_shape(std::size_t i) {
  static const MarkerShape shapes[] = {MarkerShape::kCircle, MarkerShape::kSquare,
                                       MarkerShape::kDiamond, MarkerShape::kCross};
  return shapes[i % 4];
}

double speed(const BenchSummary* b) {
  return b == nullptr ? std::nan("") : b->value("us_per_atom");
}

std::string teacher_name(const AccuracyGroup& g) {
  return g.teacher_case.empty() ? "the teacher" : g.teacher_case;
}

std::string speedup_text(double s) {
  return format_value(s, "") + "× faster than the teacher";
}

// Whether any student of the group has a drawable value of `m`.
bool has_metric(const AccuracyGroup& g, const Metric& m) {
  return std::any_of(g.students.begin(), g.students.end(), [&](const AccuracyRow& r) {
    return r.student->value(m.counter) >= 0 && speed(r.student) > 0;
  });
}

void draw_panel(SvgCanvas& svg, const Frame& f, const Scale& x, const AccuracyGroup& g,
                const Metric& m) {
  // Zero errors sit on the bottom edge (a log axis has no 0), so the domain is the positive ones.
  double lo = 1e300, hi = 0;
  for (const auto& r : g.students) {
    const double v = r.student->value(m.counter);
    if (v > 0 && speed(r.student) > 0) lo = std::min(lo, v), hi = std::max(hi, v);
  }
  if (hi == 0) lo = hi = 1;  // every error is 0: any decade will do
  // A little room beyond the data, so no point sits on the frame where the teacher's marker does.
  const auto [y0, y1] = nice_log_domain(lo / kPad, hi * kPad);
  const Scale y = Scale::log(y0, y1, f.bottom(), f.top);
  svg.text(f.left, f.top - 10, std::string(m.what) + " against " + teacher_name(g), "start", 12,
           "#222", 0, "bold");
  draw_x_axis(svg, f, x, "time per atom-step (log; left is faster)", time_label_us);
  draw_y_axis(svg, f, y, std::string(m.what) + " (" + m.unit + ", log)",
              [](double v) { return tick_label(v); });

  const double ts = speed(g.teacher);
  if (ts > 0) {
    // The teacher's error against itself is 0 by definition: a reference line at its speed and a
    // marker on the bottom edge, never a point with a made-up number.
    const double px = x(ts);
    const std::string label = g.teacher_case + " (teacher, reference)";
    svg.line(px, f.top, px, f.bottom(), kTeacherColor, 1.5, "6 4");
    svg.marker(MarkerShape::kTriangle, px, f.bottom(), 11, kTeacherColor,
               label + ": " + format_value(ts, "us") + " per atom-step; no " + m.what +
                   " of its own (the errors are measured against it)");
    const bool right = px + 8 + text_width(label, 10) > f.right();
    svg.text(right ? px - 5 : px + 5, f.top + 12, label, right ? "end" : "start", 10,
             kTeacherColor);
  } else {
    svg.text(f.left + 6, f.top + 14,
             g.teacher_case.empty()
                 ? "No teacher named in the run's context (" + std::string(kTeachersKey) + ")"
                 : g.teacher_case + " (teacher) has no row here: no reference",
             "start", 10, "#777");
  }

  for (std::size_t i = 0; i < g.students.size(); ++i) {
    const AccuracyRow& r = g.students[i];
    const double v = r.student->value(m.counter), s = speed(r.student);
    if (!(v >= 0) || !(s > 0)) continue;
    const double px = x(s), py = v > 0 ? y(v) : f.bottom();
    std::string tip = r.student->parts.label + ": " + m.what + " " + format_value(v, m.unit) +
                      (v > 0 ? "" : " (no difference to the printed digits)") + " against " +
                      teacher_name(g) + " at " + format_value(s, "us") + " per atom-step";
    if (std::isfinite(r.speedup)) tip += ", " + speedup_text(r.speedup);
    svg.marker(student_shape(i), px, py, 9, series_color(i), tip);
    const std::string& name = r.student->parts.case_name;
    const bool right = px + 8 + text_width(name, 10) > f.right();
    svg.text(right ? px - 7 : px + 7, py - 6, name, right ? "end" : "start", 10, series_color(i));
  }
}

}  // namespace

std::string accuracy_chart(const AccuracyGroup& g) {
  std::vector<Metric> panels;
  for (const Metric& m : {kForce, kEnergy}) {
    if (has_metric(g, m)) panels.push_back(m);
  }
  if (panels.empty()) return "";

  // One time axis for both panels: the teacher's speed and every student's.
  double lo = 1e300, hi = 0;
  const double ts = speed(g.teacher);
  if (ts > 0) lo = hi = ts;
  for (const auto& r : g.students) {
    if (const double s = speed(r.student); s > 0) lo = std::min(lo, s), hi = std::max(hi, s);
  }
  std::vector<LegendEntry> legend;
  for (std::size_t i = 0; i < g.students.size(); ++i) {
    legend.push_back({g.students[i].student->parts.case_name, series_color(i), student_shape(i),
                      false, false, ""});
  }
  if (ts > 0) {
    legend.push_back({g.teacher_case + " (teacher, reference: dashed line at its speed)",
                      kTeacherColor, MarkerShape::kTriangle, false, true, "6 4"});
  }

  const double n = static_cast<double>(panels.size());
  const double left = 90, width = (kChartWidth - left - 30 - kPanelGap * (n - 1)) / n;
  const double top = 34, height = 300;
  const double legend_top = top + height + 48;
  const double total = legend_top + legend_height(kChartWidth - 2 * left, legend) + 10;
  SvgCanvas svg(kChartWidth, total,
                "Accuracy against speed: students of " + teacher_name(g) + ", " + g.title());
  const auto [x0, x1] = nice_log_domain(lo / kPad, hi * kPad);
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const Frame f{left + static_cast<double>(i) * (width + kPanelGap), top, width, height};
    draw_panel(svg, f, Scale::log(x0, x1, f.left, f.right()), g, panels[i]);
  }
  draw_legend(svg, left, legend_top, kChartWidth - 2 * left, legend);
  return svg.str();
}

}  // namespace mdb::compare
