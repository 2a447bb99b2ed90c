#pragma once
// md_report's two outputs: one self-contained HTML page (inline CSS and SVG; no script, font,
// image or link that needs a network) and a Markdown summary for $GITHUB_STEP_SUMMARY.
#include <ostream>
#include <string>
#include <vector>

#include "compare/report/hotspots.hpp"
#include "compare/report/report_data.hpp"

namespace mdb::compare {

/// The HTML page. Well-formed XML as well as HTML (void elements self-closed, every text
/// escaped), so tests can check it with an XML parser.
void write_report_html(std::ostream& out, const ReportData& data);

/// The Markdown summary: headline numbers, hotspots grouped by rule, pairs and, when comparing,
/// the benchmarks whose time moved, regressions first.
void write_report_markdown(std::ostream& out, const ReportData& data);

// Shared by both writers (report_page_common.cpp).

/// Benchmarks grouped by family in the order Step, Trajectory, Scaling, Batched (md_bench),
/// Quantize (lattice_bench), then any other name under "Other".
struct FamilyGroup {
  std::string family;
  std::vector<const BenchSummary*> benchmarks;
};
std::vector<FamilyGroup> group_by_family(const RunSummary& run);

/// One rule's findings across the run.
struct RuleTally {
  std::string rule;
  Severity severity = Severity::kInfo;
  std::vector<std::string> benchmarks;  // names at the rule's worst severity, in run order
  std::size_t milder = 0;               // benchmarks where it fired at a lower severity
  // The first finding of the rule at its worst severity (a rule like step-cv is a note on some
  // benchmarks and a warning on others): its benchmark and observation.
  std::string example_benchmark, example;
};
/// Tallies of every rule that fired, most severe first, then by how many benchmarks.
std::vector<RuleTally> tally_findings(const RunSummary& run);

/// "AMD EPYC, gcc 12.2.0, Release, git f30a7f8, 2026-11-22" from a run's context (what is there).
std::string context_line(const RunSummary& run);

}  // namespace mdb::compare
