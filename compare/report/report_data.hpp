#pragma once
// Everything md_report draws, gathered from the files once: the run (NEW when comparing), the
// comparison with OLD under compare's policy, the --filters style pairs and the step samples.
// The verdicts are compare's own (diff.hpp), computed exactly as `compare` computes them.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "compare/diff/diff.hpp"
#include "compare/report/report_history.hpp"
#include "compare/report/run_summary.hpp"
#include "compare/report/step_samples.hpp"

namespace mdb::compare {

/// A request that cannot be served (a pair pattern that matches nothing, or both sides): the
/// command line maps it to exit 2 like a usage error.
class ReportInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Two groups of one run compared like `compare --filters FILE A B`: A is OLD, B is NEW, so each
/// row's speedup is A's median real_time over B's.
struct PairView {
  std::string a, b;
  Comparison comparison;
};

/// What to read and how to judge.
struct ReportRequest {
  std::vector<std::string> old_files;  // empty: a single-run report
  std::vector<std::string> new_files;  // the run the report shows (at least one)
  std::string samples_file;            // md_bench --md_samples_out output, optional
  std::string policy_file;             // compare's --policy, optional
  std::optional<double> alpha, threshold;
  // --pair A B; when none is given, "nn-teacher" vs "nn-student" is shown if the run has both.
  std::vector<std::pair<std::string, std::string>> pairs;
  // --history STORE [--since T] [--history-metric M]: trend charts from the results store.
  std::string history_store, history_since, history_metric = "real_time";
};

/// The report's data.
struct ReportData {
  RunSummary run;
  std::optional<Comparison> comparison;
  std::vector<std::string> old_sources, new_sources;
  std::string policy_source;  // empty for the built-in policy
  std::vector<PairView> pairs;
  std::optional<StepSamples> samples;
  std::optional<HistoryView> history;
  std::vector<std::string> notes;  // caveats worth a line each
};

/// Reads the files and builds the data. Throws JsonError (unreadable or malformed JSON, no
/// runs), PolicyError or ReportInputError, each with a one-line message.
ReportData build_report_data(const ReportRequest& request);

/// The default pair: the NN teacher against its student.
inline const std::pair<std::string, std::string> kDefaultPair{"nn-teacher", "nn-student"};

}  // namespace mdb::compare
