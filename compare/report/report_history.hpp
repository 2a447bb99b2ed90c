#pragma once
// md_report --history: each benchmark's series over commits from the results store, with its
// change points marked, and a table of the most recent change points (docs/HISTORY.md).
#include <ostream>
#include <string>
#include <vector>

#include "compare/history/detect.hpp"
#include "compare/history/series.hpp"

namespace mdb::compare {

struct HistoryView {
  std::string source;  // the store, as the user named it
  std::string metric;
  std::vector<history::Series> series;
  history::DetectReport report;
};

/// Reads the series of `metric` for the benchmarks named in `names` (all when empty) from the
/// store at `where`, runs after `since` only, and finds their change points with the default
/// detection options. Throws history::StoreError with one line.
HistoryView load_history_view(const std::string& where, const std::string& since,
                              const std::string& metric, const std::vector<std::string>& names);

/// One series as an SVG line chart: x the runs (commit under each mark), y the metric, a dashed
/// line at each change point (red when worse, green when better) with its commit.
std::string trend_chart(const history::Series& series,
                        const std::vector<const history::SeriesChange*>& changes);

/// The page section: the recent change points' table, then a chart per series.
void history_section(std::ostream& out, const HistoryView& view);

}  // namespace mdb::compare
