#include "compare/report/report_history.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "compare/diff/comparison_output.hpp"
#include "compare/diff/metrics.hpp"
#include "compare/history/open_store.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_html_parts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare {
namespace {

// The recent-change table shows at most this many rows, newest first.
constexpr std::size_t kRecentRows = 25;

std::string short_commit(const std::string& c) {
  return c.size() > 10 ? c.substr(0, 10) : c;
}

const char* change_color(const history::SeriesChange& c) {
  if (c.worse) return "#c0392b";
  return c.judged ? "#1e8449" : "#7f8c8d";
}

}  // namespace

HistoryView load_history_view(const std::string& where, const std::string& since,
                              const std::string& metric, const std::vector<std::string>& names) {
  HistoryView v;
  v.source = where;
  v.metric = metric;
  auto store = history::open_store(where, history::Store::Open::kExisting);
  history::SeriesFilter f;
  f.since = since;
  const std::set<std::string> wanted(names.begin(), names.end());
  for (auto& s : history::read_series(*store, metric, f)) {
    if (wanted.empty() || wanted.count(s.benchmark)) v.series.push_back(std::move(s));
  }
  v.report = history::detect_changes(v.series, history::DetectOptions{}, 5);
  return v;
}

std::string trend_chart(const history::Series& s,
                        const std::vector<const history::SeriesChange*>& changes) {
  const std::string unit = builtin_metric(s.metric).unit;
  const std::size_t n = s.points.size();
  const Frame frame{90, 16, kChartWidth - 120, 220};
  SvgCanvas svg(kChartWidth, frame.bottom() + 58, s.benchmark + " on " + s.machine);
  double lo = s.points.front().value, hi = lo;
  for (const auto& p : s.points) {
    lo = std::min(lo, p.value);
    hi = std::max(hi, p.value);
  }
  if (!(hi > lo)) {  // a flat series still gets an axis around its value
    const double pad = lo != 0 ? std::abs(lo) * 0.05 : 1.0;
    lo -= pad;
    hi += pad;
  }
  const auto [y_lo, y_hi] = nice_linear_domain(lo, hi, false);
  const Scale y = Scale::linear(y_lo, y_hi, frame.bottom(), frame.top);
  // One slot per run, so change points sit between the runs they separate.
  const Scale x = Scale::linear(-0.5, static_cast<double>(n) - 0.5, frame.left, frame.right());
  draw_y_axis(svg, frame, y, s.metric + (unit.empty() ? "" : " (" + unit + ")"),
              [&](double v) { return format_value(v, ""); });
  // Commits under the axis, thinned so labels do not overlap.
  const double slot = frame.width / static_cast<double>(std::max<std::size_t>(n, 1));
  const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(70.0 / slot) + 1);
  svg.line(frame.left, frame.bottom(), frame.right(), frame.bottom(), "#888");
  for (std::size_t i = 0; i < n; i += every) {
    svg.text(x(static_cast<double>(i)), frame.bottom() + 14, short_commit(s.points[i].run->commit),
             "middle", 10, "#555");
  }
  for (const auto* c : changes) {
    const double cx = x(static_cast<double>(c->point.index) - 0.5);
    svg.line(cx, frame.top, cx, frame.bottom(), change_color(*c), 1.5, "5,3");
    svg.text(cx, frame.bottom() + 30,
             short_commit(c->commit) + " " + format_change(c->point.rel_change), "middle", 10,
             change_color(*c), 0, "bold");
  }
  std::vector<std::pair<double, double>> line;
  for (std::size_t i = 0; i < n; ++i)
    line.emplace_back(x(static_cast<double>(i)), y(s.points[i].value));
  svg.polyline(line, series_color(0));
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = s.points[i];
    svg.marker(MarkerShape::kCircle, line[i].first, line[i].second, 4, series_color(0),
               p.run->commit + " (" + p.run->time + "): " + format_value(p.value, unit) + ", " +
                   std::to_string(p.repetitions) + " repetitions");
  }
  svg.text(frame.left + frame.width / 2, frame.bottom() + 50,
           "runs, oldest first (commit under each)", "middle", 11, "#333");
  return svg.str();
}

void history_section(std::ostream& out, const HistoryView& v) {
  using namespace html;
  section_head(out, "history", "History: " + v.metric + " over commits");
  how(out,
      "Each benchmark's median " + esc(v.metric) + " per run from the results store <code>" +
          esc(v.source) +
          "</code>, one series per machine. A dashed line marks a change point found by "
          "E-divisive means with a t-test (<code>history detect</code>'s defaults): red when the "
          "row got worse, green when better; the commit under it is the first run that has the "
          "new level. See <code>docs/HISTORY.md</code>.");
  std::vector<const history::SeriesChange*> recent;
  for (const auto& c : v.report.changes) recent.push_back(&c);
  std::stable_sort(recent.begin(), recent.end(),
                   [](const auto* a, const auto* b) { return a->time > b->time; });
  if (recent.size() > kRecentRows) recent.resize(kRecentRows);
  if (recent.empty()) {
    out << "<p class=\"sub\">No change points in " << v.series.size() << " series.</p>\n";
  } else {
    out << "<h3>Recent change points</h3>\n<table><tr><th>Benchmark</th><th>Machine</th>"
           "<th>Commit</th><th>Before</th><th>After</th><th>Change</th><th>p</th><th>Runs "
           "ago</th></tr>\n";
    const std::string unit = builtin_metric(v.metric).unit;
    for (const auto* c : recent) {
      out << "<tr><td><code>" << esc(c->benchmark) << "</code></td><td>" << esc(c->machine)
          << "</td><td><code>" << esc(c->commit) << "</code></td><td class=\"n\">"
          << esc(format_value(c->point.mean_before, unit)) << "</td><td class=\"n\">"
          << esc(format_value(c->point.mean_after, unit)) << "</td><td class=\"n"
          << (c->worse ? " bad" : "") << "\">" << esc(format_change(c->point.rel_change))
          << "</td><td class=\"n\">" << esc(format_value(c->point.pvalue, ""))
          << "</td><td class=\"n\">" << c->runs_from_end << "</td></tr>\n";
    }
    out << "</table>\n";
  }
  // Series with change points first, so the page opens on what moved.
  for (const bool moved : {true, false}) {
    for (const auto& s : v.series) {
      std::vector<const history::SeriesChange*> mine;
      for (const auto& c : v.report.changes) {
        if (c.benchmark == s.benchmark && c.machine == s.machine) mine.push_back(&c);
      }
      if (mine.empty() == moved) continue;
      out << "<h3><code>" << esc(s.benchmark) << "</code> on " << esc(s.machine) << "</h3>\n"
          << trend_chart(s, mine) << "\n";
    }
  }
}

}  // namespace mdb::compare
