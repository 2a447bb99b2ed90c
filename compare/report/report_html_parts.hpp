#pragma once
// Pieces of md_report's HTML page shared by report_html.cpp (skeleton, glance, comparison,
// tables), report_html_sections.cpp (chart sections, hotspots), report_html_accuracy.cpp
// (students against teachers) and hnlq/html.cpp (lattice_bench's section). Internal to the
// page writer.
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compare/report/report_page.hpp"

namespace mdb::compare::html {

/// Text escaped for HTML (the XML escape: the page is also well-formed XML).
std::string esc(std::string_view text);
/// <h2 id=...>; `id` is the anchor the navigation links to.
void section_head(std::ostream& out, const std::string& id, const std::string& title);
/// The "how to read" paragraph under a heading; `markup` is already escaped.
void how(std::ostream& out, const std::string& markup);
/// A number card of the "at a glance" row; `css` "ok", "bad", "warn" or empty.
void card(std::ostream& out, const std::string& value, const std::string& label,
          const std::string& css);

/// (anchor, title) of every section the page will have, in page order.
std::vector<std::pair<std::string, std::string>> present_sections(const ReportData& d);
/// Scaling, pairs, batched, latency, histograms and phases, each only when it has data.
void chart_sections(std::ostream& out, const ReportData& d);
/// Students against their teachers, when the run has accuracy counters: a chart per group and
/// the table of speed-ups and errors.
void accuracy_section(std::ostream& out, const RunSummary& run);
/// lattice_bench's rows, when the run has any: charts, speed-up table, findings, numbers.
void lattice_section(std::ostream& out, const RunSummary& run);
/// Hotspots: a table of the rules that fired, then a block per benchmark.
void hotspot_section(std::ostream& out, const RunSummary& run);

}  // namespace mdb::compare::html
