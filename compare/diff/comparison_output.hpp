#pragma once
// Writers for a Comparison: an aligned terminal table, Markdown for GitHub, JSON for machines,
// and GitHub workflow annotations. They only format; every verdict comes from diff.hpp.
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "compare/diff/diff.hpp"

namespace mdb::compare {

/// What the writers show besides the comparison itself.
struct ReportOptions {
  bool color = false;         // ANSI colours in the text table
  bool all_metrics = false;   // every metric, not only times and the ones that moved
  bool show_speedup = false;  // --filters: a speed-up line per pair
  std::string old_label = "OLD", new_label = "NEW";   // column heads
  std::vector<std::string> old_sources, new_sources;  // files, listed in the header
  std::vector<std::string> header_lines;              // e.g. which stored baseline was picked
  std::vector<std::string> confirm_lines;             // confirm_commands(): after the notes
};

void write_text(std::ostream& out, const Comparison& c, const ReportOptions& options);
void write_markdown(std::ostream& out, const Comparison& c, const ReportOptions& options);
/// One JSON object: options' labels and sources, the summary, every row and metric (NaN as null).
void write_json(std::ostream& out, const Comparison& c, const ReportOptions& options);
/// GitHub shows at most this many annotations of one step.
inline constexpr std::size_t kMaxAnnotations = 10;
/// One workflow annotation per benchmark with findings, for stdout where GitHub reads them:
/// `::error` when it regressed (confirmed or not: both fail; a likely regression does not and is
/// not annotated), broke a limit or is a NEW error,
/// else `::warning` (missing, size mismatch); every finding of the benchmark in its message.
/// Failing benchmarks come first; past kMaxAnnotations the last one counts the rest.
void write_github_annotations(std::ostream& out, const Comparison& c);

// Shared by the writers (report_format.cpp); exposed for tests.

/// Text safe for one table cell: line breaks become spaces (error messages may hold them).
std::string one_line(const std::string& text);
/// Text safe for one Markdown table cell: one_line, with '|' escaped.
std::string markdown_cell(const std::string& text);
/// "11.02 us" for a time in ns, "5.81M/s" / "0.171 us" / "0" for a counter in `unit`.
std::string format_value(double value, const std::string& unit);
/// "+20.3%", "-2.0%", "+0.0%"; "n/a" for NaN.
std::string format_change(double change);
/// "0.0032", "<1e-4"; "-" when not tested.
std::string format_p(const MetricDiff& m);
/// "REGRESSED", "improved (unconfirmed)", "likely regressed", "not significant", "same", ""
/// (info).
std::string verdict_text(const MetricDiff& m);
/// The metric as shown: "|energy_drift|" for kLowerAbs, else the name.
std::string metric_label(const MetricDiff& m);
/// The metrics a table shows for a row: all, or times plus those beyond threshold.
std::vector<const MetricDiff*> shown_metrics(const BenchmarkDiff& row, bool all);
/// One line: "REGRESSION: 2 of 12 benchmarks regressed ..." or "no regression: ...".
std::string summary_line(const Comparison& c);

}  // namespace mdb::compare
