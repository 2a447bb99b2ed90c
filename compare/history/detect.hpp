#pragma once
// Change points over a store's series: which ones make a row worse (by compare's metric table)
// and which lie in the last runs, where they fail the gate.
#include <string>
#include <vector>

#include "compare/history/change_points.hpp"
#include "compare/history/series.hpp"

namespace mdb::history {

struct SeriesChange {
  std::string machine, benchmark, metric;
  ChangePoint point;
  std::string commit;           // the run the change came with (the first after it)
  std::string previous_commit;  // the run before it
  std::string time;
  std::size_t runs_from_end = 0;  // 0: the change came with the newest run
  bool judged = false;            // the metric has a better direction (not info or identity)
  bool worse = false;             // the metric moved the way compare calls worse
  bool recent = false;            // within the last K runs of its series
};

struct DetectReport {
  std::vector<SeriesChange> changes;  // by machine, benchmark, then index
  std::size_t series = 0;             // series examined
  std::size_t last_k = 0;

  /// The gate: a change that makes a row worse within the last K runs.
  bool gate_fails() const;
};

/// True when moving from mean_before to mean_after is a regression for `metric` (compare's
/// direction: lower, higher or closer to zero is better; info and identity metrics never are).
bool makes_worse(const std::string& metric, const ChangePoint& cp);

DetectReport detect_changes(const std::vector<Series>& series, const DetectOptions& options,
                            std::size_t last_k);

}  // namespace mdb::history
