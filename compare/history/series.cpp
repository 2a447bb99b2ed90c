#include "compare/history/series.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <unordered_map>

#include "compare/diff/samples.hpp"

namespace mdb::history {

std::vector<double> Series::values() const {
  std::vector<double> v;
  v.reserve(points.size());
  for (const auto& p : points) v.push_back(p.value);
  return v;
}

std::vector<Series> read_series(Store& store, const std::string& metric,
                                const SeriesFilter& filter) {
  std::regex re;
  if (!filter.name_regex.empty()) {
    try {
      re = std::regex(filter.name_regex);
    } catch (const std::regex_error& e) {
      throw StoreError("bad benchmark regex '" + filter.name_regex + "': " + e.what());
    }
  }
  std::unordered_map<std::int64_t, std::string> wanted;  // benchmark id -> name
  for (auto& [id, name] : store.benchmarks()) {
    if (!filter.exact_name.empty() && name != filter.exact_name) continue;
    if (!filter.name_regex.empty() && !std::regex_search(name, re)) continue;
    wanted.emplace(id, std::move(name));
  }
  // Runs in series order; a run's position is its place on the x axis of every series.
  const std::vector<RunInfo> runs = store.runs();
  std::unordered_map<std::int64_t, std::size_t> position;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunInfo& r = runs[i];
    if (!filter.machine.empty() && r.machine != filter.machine) continue;
    if (!filter.since.empty() && r.time < filter.since) continue;
    position.emplace(r.id, i);
  }
  // (benchmark, run position) -> repetitions
  std::map<std::pair<std::int64_t, std::size_t>, std::vector<double>> values;
  store.for_each_value(metric, [&](const MetricSample& s) {
    if (!wanted.count(s.benchmark_id)) return;
    const auto pos = position.find(s.run_id);
    if (pos == position.end() || std::isnan(s.value)) return;
    values[{s.benchmark_id, pos->second}].push_back(s.value);
  });
  std::map<std::pair<std::string, std::string>, Series> by_key;  // (machine, benchmark)
  for (auto& [key, reps] : values) {
    const RunInfo& run = runs[key.second];
    Series& s = by_key[{run.machine, wanted[key.first]}];
    if (s.points.empty()) {
      s.machine = run.machine;
      s.benchmark = wanted[key.first];
      s.metric = metric;
    }
    const int n = static_cast<int>(reps.size());
    s.points.push_back({run.id, run.commit, run.time, compare::median(std::move(reps)), n});
  }
  std::vector<Series> out;
  out.reserve(by_key.size());
  for (auto& [key, s] : by_key) out.push_back(std::move(s));
  return out;
}

}  // namespace mdb::history
