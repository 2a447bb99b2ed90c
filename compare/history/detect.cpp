#include "compare/history/detect.hpp"

#include <cmath>

#include "compare/diff/metrics.hpp"

namespace mdb::history {

bool DetectReport::gate_fails() const {
  for (const auto& c : changes) {
    if (c.worse && c.recent) return true;
  }
  return false;
}

bool makes_worse(const std::string& metric, const ChangePoint& cp) {
  using compare::Direction;
  switch (compare::builtin_metric(metric).direction) {
    case Direction::kLower:
      return cp.mean_after > cp.mean_before;
    case Direction::kHigher:
      return cp.mean_after < cp.mean_before;
    case Direction::kLowerAbs:
      return std::fabs(cp.mean_after) > std::fabs(cp.mean_before);
    case Direction::kInfo:
    case Direction::kIdentity:
      return false;
  }
  return false;
}

DetectReport detect_changes(const std::vector<Series>& series, const DetectOptions& options,
                            std::size_t last_k) {
  DetectReport report;
  report.last_k = last_k;
  for (const auto& s : series) {
    ++report.series;
    const std::vector<double> values = s.values();
    for (const auto& cp : find_change_points(values, options)) {
      SeriesChange c;
      c.machine = s.machine;
      c.benchmark = s.benchmark;
      c.metric = s.metric;
      c.point = cp;
      c.commit = s.points[cp.index].run->commit;
      c.previous_commit = cp.index > 0 ? s.points[cp.index - 1].run->commit : "";
      c.time = s.points[cp.index].run->time;
      c.runs_from_end = values.size() - 1 - cp.index;
      const auto direction = compare::builtin_metric(s.metric).direction;
      c.judged =
          direction != compare::Direction::kInfo && direction != compare::Direction::kIdentity;
      c.worse = makes_worse(s.metric, cp);
      c.recent = c.runs_from_end < last_k;
      report.changes.push_back(std::move(c));
    }
  }
  return report;
}

}  // namespace mdb::history
