#pragma once
// A store's values as series: one per machine, benchmark and metric, one point per run (the
// median of its repetitions), in the order the runs were made. detect, show and md_report's
// trend charts all read series through here.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compare/history/store.hpp"

namespace mdb::history {

struct SeriesPoint {
  const RunInfo* run = nullptr;  // its id, commit and time: owned by the Series' `runs`
  double value = 0;              // median of the run's repetitions
  int repetitions = 0;
};

struct Series {
  std::string machine;
  std::string benchmark;
  std::string metric;
  std::vector<SeriesPoint> points;  // oldest first
  // Every run the points point into, shared by all series read together (10^4 runs x 200
  // benchmarks would otherwise hold 2 x 10^6 copies of commit and time).
  std::shared_ptr<const std::vector<RunInfo>> runs;

  std::vector<double> values() const;
};

struct SeriesFilter {
  std::string name_regex;  // benchmarks whose name this finds (std::regex_search); empty: all
  std::string exact_name;  // or exactly this benchmark
  std::string machine;     // only this machine; empty: all
  std::string since;       // only runs at or after this time (ISO 8601 prefix compare)
};

/// Every series of `metric` that passes the filter, by machine then benchmark name. Runs whose
/// value is NaN for every repetition (an error row) leave no point. Throws StoreError on a bad
/// regex.
std::vector<Series> read_series(Store& store, const std::string& metric,
                                const SeriesFilter& filter);

}  // namespace mdb::history
