// `history detect`: change points in every series of the store, printed as text, Markdown (for a
// job summary) or JSON; exit 1 when one makes a row worse within the last K runs.
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compare/history/detect.hpp"
#include "compare/history/history_cli.hpp"

namespace mdb::history {
namespace {

std::string percent(double rel) {
  std::ostringstream s;
  s << std::showpos << std::fixed << std::setprecision(1) << rel * 100 << "%";
  return s.str();
}

std::string number(double v) {
  std::ostringstream s;
  s << std::setprecision(4) << v;
  return s.str();
}

std::string verdict(const SeriesChange& c) {
  if (c.worse) return c.recent ? "WORSE (recent)" : "worse";
  return c.judged ? "better" : "moved";
}

void print_text(const DetectReport& r, std::ostream& out) {
  for (const auto& c : r.changes) {
    out << verdict(c) << "  " << c.benchmark << "  " << c.metric << "  on " << c.machine
        << "\n    at commit " << c.commit << " (after " << c.previous_commit << ", "
        << c.runs_from_end << " runs ago): " << number(c.point.mean_before) << " -> "
        << number(c.point.mean_after) << " (" << percent(c.point.rel_change)
        << "), p = " << number(c.point.pvalue) << "\n";
  }
  out << r.changes.size() << " change points in " << r.series << " series";
  out << (r.gate_fails() ? "; a regression within the last " + std::to_string(r.last_k) + " runs\n"
                         : "\n");
}

void print_markdown(const DetectReport& r, std::ostream& out) {
  out << "| | benchmark | metric | machine | commit | before | after | change | p |\n"
      << "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& c : r.changes) {
    out << "| " << verdict(c) << " | `" << c.benchmark << "` | " << c.metric << " | " << c.machine
        << " | `" << c.commit << "` | " << number(c.point.mean_before) << " | "
        << number(c.point.mean_after) << " | " << percent(c.point.rel_change) << " | "
        << number(c.point.pvalue) << " |\n";
  }
  out << "\n" << r.changes.size() << " change points in " << r.series << " series.\n";
}

void print_json(const DetectReport& r, std::ostream& out) {
  nlohmann::json doc = {{"series", r.series},
                        {"last_k", r.last_k},
                        {"gate_fails", r.gate_fails()},
                        {"change_points", nlohmann::json::array()}};
  for (const auto& c : r.changes) {
    doc["change_points"].push_back({{"machine", c.machine},
                                    {"benchmark", c.benchmark},
                                    {"metric", c.metric},
                                    {"commit", c.commit},
                                    {"previous_commit", c.previous_commit},
                                    {"time", c.time},
                                    {"index", c.point.index},
                                    {"runs_from_end", c.runs_from_end},
                                    {"mean_before", c.point.mean_before},
                                    {"mean_after", c.point.mean_after},
                                    {"rel_change", c.point.rel_change},
                                    {"pvalue", c.point.pvalue},
                                    {"worse", c.worse},
                                    {"recent", c.recent}});
  }
  out << doc.dump(1) << "\n";
}

}  // namespace

static DetectOptions detect_options(const HistoryArgs& a) {
  DetectOptions o;
  o.max_pvalue = a.number("max-pvalue", o.max_pvalue);
  if (!(o.max_pvalue > 0 && o.max_pvalue <= 1)) throw UsageError("--max-pvalue wants 0 < P <= 1");
  o.min_change = a.number("min-change", o.min_change);
  if (o.min_change < 0) throw UsageError("--min-change wants a fraction >= 0, e.g. 0.05");
  o.min_size = static_cast<std::size_t>(a.integer("min-size", static_cast<long long>(o.min_size)));
  if (o.min_size < 1) throw UsageError("--min-size wants at least 1");
  const std::string test = a.get("test", "ttest");
  if (test == "permutation") {
    o.test = SignificanceTest::kPermutation;
  } else if (test != "ttest") {
    throw UsageError("--test wants ttest or permutation, not '" + test + "'");
  }
  o.permutations = static_cast<int>(a.integer("permutations", o.permutations));
  if (o.permutations < 1 || o.permutations > 100000) {
    throw UsageError("--permutations wants 1 to 100000");
  }
  if (o.test == SignificanceTest::kPermutation && 1.0 / (o.permutations + 1) > o.max_pvalue) {
    // The smallest p-value N permutations can give is 1/(N+1): fewer could never accept a split.
    throw UsageError(
        "--permutations " + std::to_string(o.permutations) + " cannot reach --max-pvalue " +
        a.get("max-pvalue", "0.001") + " (use at least " +
        std::to_string(static_cast<long long>(std::ceil(1.0 / o.max_pvalue)) - 1) + ")");
  }
  o.seed = static_cast<std::uint64_t>(a.integer("seed", static_cast<long long>(o.seed)));
  return o;
}

int history_detect(const HistoryArgs& a, Store& store, std::ostream& out) {
  a.allow({"metric", "machine", "since", "max-pvalue", "min-change", "min-size", "test",
           "permutations", "seed", "last", "format"});
  if (a.positional.size() > 1) throw UsageError("history detect takes at most one name regex");
  const DetectOptions options = detect_options(a);
  const auto last_k = static_cast<std::size_t>(a.integer("last", 5));
  const std::string format = a.get("format", "text");
  if (format != "text" && format != "md" && format != "json") {
    throw UsageError("--format wants text, md or json, not '" + format + "'");
  }
  SeriesFilter f;
  f.name_regex = a.positional.empty() ? "" : a.positional[0];
  f.machine = a.get("machine");
  f.since = a.get("since");
  const std::string metric = a.get("metric", "real_time");
  const std::vector<Series> series = read_series(store, metric, f);
  if (series.empty()) {
    throw UsageError("no series of " + metric +
                     (f.name_regex.empty() ? "" : " matching '" + f.name_regex + "'") + " in " +
                     store.describe());
  }
  const DetectReport report = detect_changes(series, options, last_k);
  if (format == "md") {
    print_markdown(report, out);
  } else if (format == "json") {
    print_json(report, out);
  } else {
    print_text(report, out);
  }
  return report.gate_fails() ? 1 : 0;
}

}  // namespace mdb::history
