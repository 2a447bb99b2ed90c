#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "compare/diff/comparison_output.hpp"

namespace mdb::compare {
namespace {

// Workflow command data must escape %, CR and LF; property values also ':' and ','.
std::string escape_data(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    if (ch == '%')
      out += "%25";
    else if (ch == '\r')
      out += "%0D";
    else if (ch == '\n')
      out += "%0A";
    else
      out += ch;
  }
  return out;
}

std::string escape_property(const std::string& s) {
  std::string out;
  for (const char ch : escape_data(s)) {
    if (ch == ':')
      out += "%3A";
    else if (ch == ',')
      out += "%2C";
    else
      out += ch;
  }
  return out;
}

void annotate(std::ostream& out, const char* level, const std::string& title,
              const std::string& message) {
  out << "::" << level << " title=" << escape_property(title) << "::" << escape_data(message)
      << "\n";
}

// What one benchmark has to say: its findings, worst level first in the title.
struct Finding {
  bool error = false;
  std::string title;
  std::vector<std::string> details;

  void add(bool is_error, const char* what, std::string detail) {
    if (title.empty() || (is_error && !error)) title = what;
    error = error || is_error;
    details.push_back(std::move(detail));
  }
};

Finding findings_of(const BenchmarkDiff& row, bool fail_on_missing) {
  Finding f;
  switch (row.status) {
    case RowStatus::kErrorNew:
      f.add(true, "Benchmark error", row.note);
      break;
    case RowStatus::kOnlyOld:
      f.add(fail_on_missing, "Benchmark missing", "only in OLD");
      break;
    case RowStatus::kSizeMismatch:
      f.add(false, "Size mismatch", row.note);
      break;
    default:
      break;
  }
  for (const auto& m : row.metrics) {
    if (m.verdict != Verdict::kRegressed) continue;
    f.add(true, m.confirmed ? "Performance regression" : "Unconfirmed regression",
          metric_label(m) + " " + format_value(m.old_value, m.spec.unit) + " -> " +
              format_value(m.new_value, m.spec.unit) + " (" + format_change(m.change) + ", p=" +
              format_p(m) + ", n=" + std::to_string(m.n_old) + "/" + std::to_string(m.n_new) + ")");
  }
  for (const auto& v : row.violations) {
    f.add(true, "Limit broken",
          v.metric + " = " + format_value(v.value, "") + " breaks " + v.limit);
  }
  return f;
}

}  // namespace

void write_github_annotations(std::ostream& out, const Comparison& c) {
  std::vector<std::pair<const BenchmarkDiff*, Finding>> found;
  for (const auto& row : c.rows) {
    Finding f = findings_of(row, c.fail_on_missing);
    if (!f.details.empty()) found.emplace_back(&row, std::move(f));
  }
  // GitHub shows the first ten annotations of a step: errors first, and when there are more
  // benchmarks than that, the tenth says how many more and where to read them.
  std::stable_partition(found.begin(), found.end(),
                        [](const auto& entry) { return entry.second.error; });
  const std::size_t shown = found.size() <= kMaxAnnotations ? found.size() : kMaxAnnotations - 1;
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& [row, f] = found[i];
    std::string message = row->name + ": ";
    for (std::size_t k = 0; k < f.details.size(); ++k) {
      message += (k ? "; " : "") + f.details[k];
    }
    annotate(out, f.error ? "error" : "warning", f.title, message);
  }
  if (shown < found.size()) {
    std::size_t errors = 0;
    for (std::size_t i = shown; i < found.size(); ++i) errors += found[i].second.error ? 1 : 0;
    annotate(out, errors > 0 ? "error" : "warning", "More benchmarks",
             std::to_string(found.size() - shown) + " more benchmark(s) with findings (" +
                 std::to_string(errors) + " failing); the job summary lists them all");
  }
}

}  // namespace mdb::compare
