// The Markdown summary: short enough for a job summary, pointing at the HTML page for pictures.
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_page.hpp"

namespace mdb::compare {
namespace {

std::string code(const std::string& text) {
  std::string out("`");
  out.append(markdown_cell(text)).append("`");
  return out;
}

std::string value_or_blank(const BenchSummary& b, const char* metric, const char* unit) {
  return b.has(metric) ? format_value(b.value(metric), unit) : "";
}

void benchmarks_table(std::ostream& out, const RunSummary& run) {
  out << "| Benchmark | time/atom-step | atom-steps/s | p50 | p99 | most time in | findings |\n"
      << "|---|---:|---:|---:|---:|---|---|\n";
  for (const auto& b : run.benchmarks) {
    out << "| " << code(short_label(b.name)) << " | ";
    if (b.error) {
      out << "| | | | | **error:** " << markdown_cell(b.error_message) << " |\n";
      continue;
    }
    const Hotspots h = find_hotspots(b);
    std::string rules;
    for (const auto& f : h.findings) {
      if (f.severity == Severity::kInfo) continue;
      rules += (rules.empty() ? "" : ", ") + f.rule;
    }
    out << value_or_blank(b, "us_per_atom", "us") << " | "
        << value_or_blank(b, "atom_steps_per_s", "1/s") << " | "
        << value_or_blank(b, "p50_us", "us") << " | " << value_or_blank(b, "p99_us", "us") << " | "
        << h.dominant_phase;
    if (!h.dominant_phase.empty()) out << " " << std::lround(h.dominant_share * 100) << " %";
    out << " | " << rules << " |\n";
  }
}

void comparison_part(std::ostream& out, const Comparison& c) {
  out << "\n#### Compared with OLD\n\n"
      << (c.failed ? ":x: " : ":white_check_mark: ") << summary_line(c) << "\n\n"
      << "| Benchmark | real_time change | p | verdict |\n|---|---:|---:|---|\n";
  for (const BenchmarkDiff* row : comparison_order(c)) {
    const MetricDiff* t = row->metric("real_time");
    if (row->status != RowStatus::kCompared || t == nullptr) {
      std::string what(to_string(row->status));
      if (!row->note.empty()) what += ": " + row->note;
      out << "| " << code(short_label(row->name)) << " | | | " << markdown_cell(what) << " |\n";
      continue;
    }
    std::string verdict = verdict_text(*t);
    if (row->regressed() && t->verdict != Verdict::kRegressed) verdict = "REGRESSED (counters)";
    const bool bad = row->regressed();
    out << "| " << code(short_label(row->name)) << " | " << format_change(t->change) << " | "
        << format_p(*t) << " | " << (bad ? "**" + verdict + "**" : verdict) << " |\n";
  }
  for (const auto& n : c.notes) out << "\n> " << n << "\n";
}

}  // namespace

void write_report_markdown(std::ostream& out, const ReportData& d) {
  const RunSummary& run = d.run;
  out << "### mdbench report: " << run.benchmarks.size() << " benchmark(s)";
  if (run.errors() > 0) out << ", " << run.errors() << " failed";
  out << "\n\n";
  if (const std::string ctx = context_line(run); !ctx.empty()) out << ctx << "  \n";
  for (const auto& s : d.new_sources) out << code(s) << " ";
  out << "\n\n";

  const std::vector<RuleTally> tallies = tally_findings(run);
  std::size_t shown = 0;
  for (const auto& t : tallies) {
    if (t.severity == Severity::kInfo) continue;
    if (shown++ == 0) out << "#### Hotspots (rules and thresholds: docs/REPORT.md)\n\n";
    out << "- " << (t.severity == Severity::kProblem ? "**problem**" : "warning") << " "
        << code(t.rule) << " on " << t.benchmarks.size() << " benchmark(s)"
        << (t.milder > 0 ? " (info on " + std::to_string(t.milder) + " more)" : "") << ", e.g. "
        << code(short_label(t.example_benchmark)) << ": " << one_line(t.example) << "\n";
  }
  if (shown == 0) out << "No hotspot warnings or problems.\n";
  out << "\n";

  for (const auto& p : d.pairs) {
    bool header = false;
    for (const auto& row : p.comparison.rows) {
      if (!(row.speedup > 0)) continue;
      if (!header) {
        out << "#### " << code(p.b) << " against " << code(p.a) << "\n\n";
        header = true;
      }
      out << "- " << code(short_label(row.name)) << ": " << format_value(row.speedup, "") << "x\n";
    }
    if (header) out << "\n";
  }

  out << "<details><summary>Every benchmark</summary>\n\n";
  benchmarks_table(out, run);
  out << "\n</details>\n";
  if (d.comparison) comparison_part(out, *d.comparison);
  for (const auto& n : d.notes) out << "\n> " << n << "\n";
  out << "\n<sub>Charts: the HTML report (md_report -o report.html). Medians over "
         "repetitions.</sub>\n";
}

}  // namespace mdb::compare
