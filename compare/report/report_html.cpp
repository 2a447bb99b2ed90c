// The HTML page: skeleton, header, "at a glance", the comparison and the tables. The chart
// sections and hotspots are in report_html_sections.cpp.
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/hnlq/findings.hpp"
#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_html_parts.hpp"
#include "compare/report/svg_plot.hpp"

namespace mdb::compare::html {
namespace {

constexpr const char* kStyle = R"(
body{font-family:system-ui,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;margin:0;
  background:#eef0f3;color:#222;font-size:15px}
main{max-width:1160px;margin:0 auto;padding:22px 28px 48px;background:#fff}
h1{margin:0 0 4px;font-size:27px}
h2{margin:34px 0 6px;padding-top:10px;border-top:1px solid #ddd;font-size:21px}
h3{margin:18px 0 6px;font-size:16px}
.sub{color:#555;margin:0 0 4px}
.how{color:#444;max-width:1050px;margin:4px 0 12px;line-height:1.45}
.glance{display:flex;flex-wrap:wrap;gap:12px;margin:14px 0 10px}
.card{border:1px solid #dcdfe4;border-radius:6px;padding:9px 14px;min-width:170px;background:#f8f9fb}
.card b{display:block;font-size:23px;margin-bottom:2px}
.ok{color:#0a7a50}.bad{color:#c0392b}.warn{color:#a55f00}
ul.points{margin:6px 0 0 0;padding-left:20px;line-height:1.5}
table{border-collapse:collapse;font-size:13px;margin:6px 0}
td,th{border-bottom:1px solid #e4e4e4;padding:3px 9px;text-align:left;vertical-align:top}
th{background:#f3f4f6}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
details{margin:8px 0}
summary{cursor:pointer;font-weight:600;padding:4px 0}
.grid{display:flex;flex-wrap:wrap;gap:10px}
.grid svg{border:1px solid #eee}
.hot{border-left:4px solid #3b78b0;padding:2px 12px;margin:10px 0}
.hot.problem{border-color:#c0392b}.hot.warning{border-color:#e69f00}
.hot h4{margin:4px 0;font-size:14px}
.hot p{margin:3px 0}
.tag{display:inline-block;font-size:11px;padding:1px 6px;border-radius:3px;color:#fff;
  background:#3b78b0;margin-right:4px}
.tag.problem{background:#c0392b}.tag.warning{background:#a55f00}
nav{margin:10px 0;line-height:1.9}
nav a{margin-right:14px}
code{font-size:12.5px;background:#f1f2f4;padding:0 3px;border-radius:2px}
footer{margin-top:40px;color:#666;font-size:13px}
svg{display:block;max-width:100%;height:auto}
)";

void glance(std::ostream& out, const ReportData& d) {
  const RunSummary& run = d.run;
  std::size_t problems = 0, warnings = 0;
  for (const auto& t : tally_findings(run)) {
    if (t.severity == Severity::kProblem) problems += t.benchmarks.size();
    if (t.severity == Severity::kWarning) warnings += t.benchmarks.size();
  }
  out << "<div class=\"glance\">";
  card(out, std::to_string(run.benchmarks.size()), "benchmarks", "");
  card(out, std::to_string(run.errors()), "failed runs", run.errors() ? "bad" : "ok");
  card(out, std::to_string(problems), "hotspot problems", problems ? "bad" : "ok");
  card(out, std::to_string(warnings), "hotspot warnings", warnings ? "warn" : "ok");
  if (d.comparison) {
    const Comparison& c = *d.comparison;
    card(out, std::to_string(c.summary.regressed) + " / " + std::to_string(c.summary.compared),
         "regressed vs OLD", c.failed ? "bad" : "ok");
  }
  out << "</div>\n<ul class=\"points\">";
  if (d.comparison) {
    out << "<li class=\"" << (d.comparison->failed ? "bad" : "ok") << "\"><b>"
        << esc(summary_line(*d.comparison)) << "</b> (compare's verdict; see "
        << "<a href=\"#comparison\">Comparison</a>)</li>";
  }
  const BenchSummary* best = nullptr;
  for (const auto& b : run.benchmarks) {
    if (!b.error && b.value("us_per_atom") > 0 &&
        (!best || b.value("us_per_atom") < best->value("us_per_atom")))
      best = &b;
  }
  if (best) {
    out << "<li>Cheapest per atom: <code>" << esc(short_label(best->name)) << "</code> at "
        << esc(time_label_us(best->value("us_per_atom"))) << " per atom-step ("
        << esc(format_value(best->value("atom_steps_per_s"), "1/s")) << " atom-steps).</li>";
  }
  for (const auto& p : d.pairs) {
    double lo = 0, hi = 0;
    for (const auto& row : p.comparison.rows) {
      if (!(row.speedup > 0)) continue;
      lo = lo == 0 ? row.speedup : std::min(lo, row.speedup);
      hi = std::max(hi, row.speedup);
    }
    if (hi > 0) {
      out << "<li><code>" << esc(p.b) << "</code> is " << esc(format_value(lo, "")) << "× to "
          << esc(format_value(hi, "")) << "× as fast as <code>" << esc(p.a)
          << "</code> (<a href=\"#pairs\">speed-ups</a>).</li>";
    }
  }
  if (has_lattice_rows(run)) {
    std::size_t lattice_warnings = 0;
    for (const auto& f : find_lattice_findings(run))
      lattice_warnings += f.finding.severity >= Severity::kWarning ? 1 : 0;
    out << "<li" << (lattice_warnings ? " class=\"warn\"" : "")
        << ">Lattice quantizers: " << lattice_warnings
        << " warning(s) from the lattice rules; <a href=\"#lattice\">"
        << "throughput, speed-ups and findings</a>.</li>";
  }
  if (run.errors() > 0) {
    out << "<li class=\"bad\">" << run.errors()
        << " benchmark(s) failed and are not plotted: see <a href=\"#errors\">Errors</a>.</li>";
  }
  out << "<li>Hotspot rules (thresholds in <code>docs/REPORT.md</code>): " << problems
      << " problem(s) and " << warnings
      << " warning(s); <a href=\"#hotspots\">what to do about them</a>.</li>";
  for (const auto& n : d.notes) out << "<li class=\"warn\">" << esc(n) << "</li>";
  out << "</ul>\n";
}

void comparison_section(std::ostream& out, const ReportData& d) {
  const Comparison& c = *d.comparison;
  section_head(out, "comparison", "Comparison: NEW against OLD");
  out << "<p class=\"sub\">OLD: ";
  for (const auto& s : d.old_sources) out << "<code>" << esc(s) << "</code> ";
  out << "· NEW: ";
  for (const auto& s : d.new_sources) out << "<code>" << esc(s) << "</code> ";
  if (!d.policy_source.empty()) out << "· policy <code>" << esc(d.policy_source) << "</code>";
  out << "</p>\n";
  how(out,
      "Each bar is one benchmark's change in wall time per iteration (median of NEW against "
      "median of OLD); right of zero is slower. The grey band is the time threshold: changes "
      "inside it count as the same. A benchmark regresses only when a metric moves beyond its "
      "threshold <i>and</i> the Mann–Whitney U test over the repetitions finds the shift "
      "significant (p below " +
          esc(plain_number(c.alpha)) +
          "): exactly <code>compare</code>'s verdict, with the same policy. Regressions are "
          "listed first, then errors, improvements, and changes the test could not confirm.");
  out << comparison_chart(c) << "\n";
  out << "<details><summary>Every metric that moved (compare's table)</summary>\n<table><tr>"
         "<th>Benchmark</th><th>Metric</th><th>OLD</th><th>NEW</th><th>Change</th><th>p</th>"
         "<th>n</th><th>Verdict</th></tr>\n";
  for (const BenchmarkDiff* row : comparison_order(c)) {
    bool first = true;
    for (const MetricDiff* m : shown_metrics(*row, false)) {
      const bool bad = m->verdict == Verdict::kRegressed;
      out << "<tr><td>" << (first ? "<code>" + esc(short_label(row->name)) + "</code>" : "")
          << "</td><td>" << esc(metric_label(*m)) << "</td><td class=\"n\">"
          << esc(format_value(m->old_value, m->spec.unit)) << "</td><td class=\"n\">"
          << esc(format_value(m->new_value, m->spec.unit)) << "</td><td class=\"n\">"
          << esc(format_change(m->change)) << "</td><td class=\"n\">" << esc(format_p(*m))
          << "</td><td class=\"n\">" << m->n_old << "/" << m->n_new << "</td><td"
          << (bad ? " class=\"bad\"" : "") << ">" << esc(verdict_text(*m)) << "</td></tr>\n";
      first = false;
    }
    for (const auto& v : row->violations) {
      out << "<tr><td><code>" << esc(short_label(row->name)) << "</code></td><td>" << esc(v.metric)
          << "</td><td></td><td class=\"n\">" << esc(format_value(v.value, ""))
          << "</td><td></td><td></td><td></td><td class=\"bad\">limit broken: " << esc(v.limit)
          << "</td></tr>\n";
    }
  }
  out << "</table></details>\n";
  for (const auto& n : c.notes) out << "<p class=\"sub\">Note: " << esc(n) << "</p>\n";
}

void errors_section(std::ostream& out, const RunSummary& run) {
  if (run.errors() == 0) return;
  section_head(out, "errors", "Errors");
  how(out,
      "These benchmarks ended with an error (a failed force check, a blow-up, a state that could "
      "not be prepared): md_bench measured nothing, so they appear in no chart.");
  out << "<table><tr><th>Benchmark</th><th>Message</th></tr>\n";
  for (const auto& b : run.benchmarks) {
    if (!b.error) continue;
    out << "<tr><td><code>" << esc(short_label(b.name)) << "</code></td><td class=\"bad\">"
        << esc(b.error_message) << "</td></tr>\n";
  }
  out << "</table>\n";
}

std::string cell_value(const BenchSummary& b, const char* metric, const std::string& unit) {
  return b.has(metric) ? format_value(b.value(metric), unit) : "";
}

void numbers_section(std::ostream& out, const RunSummary& run) {
  const RunNoise noise = run_noise(run.benchmarks);  // one floor for every rule and row
  section_head(out, "numbers", "All numbers");
  how(out,
      "Medians over repetitions. Time per atom-step and atom-steps/s count all replicas; p50 "
      "and p99 are per step; CV is the step-to-step variation; mem Δ is the memory growth over "
      "the timed steps.");
  out << "<details><summary>Table of " << run.benchmarks.size()
      << " benchmarks</summary>\n<table><tr><th>Benchmark</th><th>reps</th><th>time/iteration"
         "</th><th>time/atom-step</th><th>atom-steps/s</th><th>ns/day</th><th>p50</th>"
         "<th>p99</th><th>CV</th><th>mem Δ</th><th>most time in</th></tr>\n";
  for (const auto& b : run.benchmarks) {
    out << "<tr><td><code>" << esc(short_label(b.name)) << "</code></td>";
    if (b.error) {
      out << "<td colspan=\"10\" class=\"bad\">error: " << esc(b.error_message) << "</td></tr>\n";
      continue;
    }
    const Hotspots h = find_hotspots(b, noise);
    out << "<td class=\"n\">" << b.repetitions << "</td>";
    for (const auto& [metric, unit] : {std::pair{"real_time", "ns"},
                                       {"us_per_atom", "us"},
                                       {"atom_steps_per_s", "1/s"},
                                       {"ns_per_day", ""},
                                       {"p50_us", "us"},
                                       {"p99_us", "us"},
                                       {"cv", ""},
                                       {"mem_delta_MB", "MB"}}) {
      out << "<td class=\"n\">" << esc(cell_value(b, metric, unit)) << "</td>";
    }
    out << "<td>" << esc(h.dominant_phase);
    if (!h.dominant_phase.empty()) out << " " << std::lround(h.dominant_share * 100) << " %";
    out << "</td></tr>\n";
  }
  out << "</table></details>\n";
}

}  // namespace

std::string esc(std::string_view text) {
  return xml_escape(text);
}

void section_head(std::ostream& out, const std::string& id, const std::string& title) {
  out << "<h2 id=\"" << esc(id) << "\">" << esc(title) << "</h2>\n";
}

void how(std::ostream& out, const std::string& markup) {
  out << "<p class=\"how\">" << markup << "</p>\n";
}

void card(std::ostream& out, const std::string& value, const std::string& label,
          const std::string& css) {
  out << "<div class=\"card\"><b" << (css.empty() ? "" : " class=\"" + css + "\"") << ">"
      << esc(value) << "</b>" << esc(label) << "</div>";
}

}  // namespace mdb::compare::html

namespace mdb::compare {

void write_report_html(std::ostream& out, const ReportData& d) {
  using namespace html;  // the page's pieces (report_html_parts.hpp)
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
         "<title>mdbench report</title><style>"
      << kStyle << "</style></head>\n<body><main>\n<h1>mdbench report</h1>\n<p class=\"sub\">";
  for (const auto& s : d.new_sources) out << "<code>" << esc(s) << "</code> ";
  if (const std::string ctx = context_line(d.run); !ctx.empty()) out << "· " << esc(ctx);
  out << "</p>\n";
  glance(out, d);
  out << "<nav>";
  for (const auto& [id, label] : present_sections(d)) {
    out << "<a href=\"#" << esc(id) << "\">" << esc(label) << "</a>";
  }
  out << "</nav>\n";
  if (d.comparison) comparison_section(out, d);
  if (d.history) history_section(out, *d.history);
  chart_sections(out, d);
  lattice_section(out, d.run);
  hotspot_section(out, d.run);
  errors_section(out, d.run);
  numbers_section(out, d.run);
  out << "<footer>Written by <code>md_report</code> from Google Benchmark JSON. "
         "<code>docs/REPORT.md</code> explains each chart and every hotspot rule; "
         "<code>docs/BENCHMARKS.md</code> every counter. Hover over a point or bar for its "
         "value.</footer>\n</main></body></html>\n";
}

}  // namespace mdb::compare
