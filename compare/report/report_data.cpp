#include "compare/report/report_data.hpp"

#include <regex>

#include "compare/diff/gbench_json.hpp"
#include "compare/diff/policy.hpp"
#include "compare/diff/samples.hpp"
#include "compare/report/accuracy_rows.hpp"

namespace mdb::compare {
namespace {

// The same grouping as `compare --filters`; nullopt when a default pair does not apply.
std::optional<PairView> make_pair(const SampleSet& all, const std::string& source,
                                  const std::string& a, const std::string& b, const Policy& policy,
                                  bool requested) {
  const std::string label = "[" + a + " vs " + b + "]";
  SampleSet group_a, group_b;
  try {
    group_a = select_group(all, a, label);
    group_b = select_group(all, b, label);
  } catch (const std::regex_error& e) {
    throw ReportInputError("bad --pair pattern: " + std::string(e.what()));
  }
  if (group_a.benchmarks.empty() || group_b.benchmarks.empty()) {
    if (!requested) return std::nullopt;
    throw ReportInputError("--pair: no benchmark in " + source + " matches \"" +
                           (group_a.benchmarks.empty() ? a : b) + "\"");
  }
  if (const std::string why = group_conflict(all, a, b); !why.empty())
    throw ReportInputError("--pair: " + why);
  for (const auto& [group, pattern] : {std::pair{&group_a, a}, std::pair{&group_b, b}}) {
    if (const std::string why = duplicate_in_group(*group, pattern); !why.empty())
      throw ReportInputError("--pair: " + why);
  }
  return PairView{a, b, compare_samples(group_a, group_b, policy)};
}

}  // namespace

ReportData build_report_data(const ReportRequest& request) {
  if (request.new_files.empty()) throw ReportInputError("no benchmark file to report on");
  Policy policy = request.policy_file.empty() ? Policy{} : load_policy(request.policy_file);
  if (request.alpha) policy.alpha = *request.alpha;
  if (request.threshold) policy.forced_time_threshold = *request.threshold;

  ReportData data;
  data.policy_source = request.policy_file;
  data.new_sources = request.new_files;
  data.old_sources = request.old_files;
  const std::vector<BenchmarkFile> new_files = load_benchmark_files(request.new_files);
  data.run = summarize_run(new_files);
  const SampleSet new_set = collect_samples(new_files);
  if (!request.old_files.empty()) {
    const SampleSet old_set = collect_samples(load_benchmark_files(request.old_files));
    data.comparison = compare_samples(old_set, new_set, policy);
  }

  const std::string shown = request.new_files.size() == 1 ? request.new_files.front() : "NEW";
  if (request.pairs.empty()) {
    if (auto p = make_pair(new_set, shown, kDefaultPair.first, kDefaultPair.second, policy, false))
      data.pairs.push_back(std::move(*p));
  }
  for (const auto& [a, b] : request.pairs) {
    data.pairs.push_back(*make_pair(new_set, shown, a, b, policy, true));
  }

  // A malformed teacher list is md_bench's bug, not the reader's: the page goes on without the
  // bad entries and says which they were.
  if (const TeacherMap teachers = parse_teachers(data.run.context); !teachers.problem.empty())
    data.notes.push_back(teachers.problem);

  if (!request.samples_file.empty()) {
    data.samples = load_step_samples(request.samples_file);
    std::size_t matched = 0;
    for (const auto& b : data.run.benchmarks) matched += data.samples->find(b.name) ? 1 : 0;
    if (matched == 0) {
      data.notes.push_back(request.samples_file +
                           " has step samples for none of the benchmarks in this run: was it "
                           "written by the same md_bench run?");
    }
  }
  if (!request.history_store.empty()) {
    std::vector<std::string> names;
    for (const auto& b : data.run.benchmarks) names.push_back(b.name);
    data.history = load_history_view(request.history_store, request.history_since,
                                     request.history_metric, names);
    if (data.history->series.empty()) {
      data.notes.push_back(request.history_store + " holds no " + request.history_metric +
                           " series for the benchmarks in this run");
    }
  }
  return data;
}

}  // namespace mdb::compare
