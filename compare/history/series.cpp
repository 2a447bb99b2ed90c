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
  auto runs = std::make_shared<const std::vector<RunInfo>>(store.runs());
  std::unordered_map<std::int64_t, std::uint32_t> position;
  for (std::size_t i = 0; i < runs->size(); ++i) {
    const RunInfo& r = (*runs)[i];
    if (!filter.machine.empty() && r.machine != filter.machine) continue;
    if (!filter.since.empty() && r.time < filter.since) continue;
    position.emplace(r.id, static_cast<std::uint32_t>(i));
  }
  // One flat record per value, sorted into (benchmark, run) groups: no node per value, so a
  // store of millions of values is read in a few hundred ms.
  struct Value {
    std::int64_t benchmark;
    std::uint32_t run;
    double value;
  };
  std::vector<Value> values;
  store.for_each_value(metric, [&](const MetricSample& s) {
    if (!wanted.count(s.benchmark_id)) return;
    const auto pos = position.find(s.run_id);
    if (pos == position.end() || std::isnan(s.value)) return;
    values.push_back({s.benchmark_id, pos->second, s.value});
  });
  std::sort(values.begin(), values.end(), [](const Value& a, const Value& b) {
    return a.benchmark != b.benchmark ? a.benchmark < b.benchmark : a.run < b.run;
  });
  std::map<std::pair<std::string, std::string>, Series> by_key;  // (machine, benchmark)
  std::vector<double> reps;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i;
    reps.clear();
    for (; j < values.size() && values[j].benchmark == values[i].benchmark &&
           values[j].run == values[i].run;
         ++j) {
      reps.push_back(values[j].value);
    }
    const RunInfo& run = (*runs)[values[i].run];
    const std::string& name = wanted[values[i].benchmark];
    Series& s = by_key[{run.machine, name}];
    if (s.points.empty()) {
      s.machine = run.machine;
      s.benchmark = name;
      s.metric = metric;
      s.runs = runs;
    }
    s.points.push_back({&run, compare::median(reps), static_cast<int>(reps.size())});
    i = j;
  }
  std::vector<Series> out;
  out.reserve(by_key.size());
  for (auto& [key, s] : by_key) out.push_back(std::move(s));
  return out;
}

}  // namespace mdb::history
