// The Markdown summary: short enough for a job summary, pointing at the HTML page for pictures.
#include <algorithm>
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/accuracy_rows.hpp"
#include "compare/report/hnlq/findings.hpp"
#include "compare/report/hnlq/rows.hpp"
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

// The hotspot rules that fired above info, as "p99-tail, allocs".
std::string warning_rules(const Hotspots& h) {
  std::string rules;
  for (const auto& f : h.findings) {
    if (f.severity != Severity::kInfo) rules += (rules.empty() ? "" : ", ") + f.rule;
  }
  return rules;
}

// Every benchmark but lattice_bench's, which have their own table under the lattice part.
void benchmarks_table(std::ostream& out, const RunSummary& run) {
  const RunNoise noise = run_noise(run.benchmarks);  // one floor for every rule and row
  out << "<details><summary>Every benchmark</summary>\n\n"
      << "| Benchmark | time/atom-step | atom-steps/s | p50 | p99 | most time in | findings |\n"
      << "|---|---:|---:|---:|---:|---|---|\n";
  for (const auto& b : run.benchmarks) {
    if (parse_lattice_name(b.name).valid) continue;
    out << "| " << code(short_label(b.name)) << " | ";
    if (b.error) {
      out << "| | | | | **error:** " << markdown_cell(b.error_message) << " |\n";
      continue;
    }
    const Hotspots h = find_hotspots(b, noise);
    const std::string rules = warning_rules(h);
    out << value_or_blank(b, "us_per_atom", "us") << " | "
        << value_or_blank(b, "atom_steps_per_s", "1/s") << " | "
        << value_or_blank(b, "p50_us", "us") << " | " << value_or_blank(b, "p99_us", "us") << " | "
        << h.dominant_phase;
    if (!h.dominant_phase.empty()) out << " " << std::lround(h.dominant_share * 100) << " %";
    out << " | " << rules << " |\n";
  }
  out << "\n</details>\n";
}

// Students against their teachers: the table under the HTML page's accuracy charts.
void accuracy_part(std::ostream& out, const RunSummary& run) {
  const std::vector<AccuracyGroup> groups = accuracy_groups(run);
  if (groups.empty()) return;
  out << "#### Students against their teachers (accuracy-vs-speed charts: the HTML report)\n\n"
      << "| Size and backend | Student | Teacher | student time/atom-step | teacher time/atom-step "
         "| speed-up | energy MAE (meV/atom) | force RMSE (eV/Å) |\n"
      << "|---|---|---|---:|---:|---:|---:|---:|\n";
  for (const auto& g : groups) {
    for (const auto& r : g.students) {
      const BenchSummary& b = *r.student;
      out << "| " << markdown_cell(g.title()) << " | " << code(b.parts.case_name) << " | "
          << (g.teacher_case.empty() ? "" : code(g.teacher_case)) << " | "
          << value_or_blank(b, "us_per_atom", "us") << " | "
          << (g.teacher ? value_or_blank(*g.teacher, "us_per_atom", "us") : "") << " | "
          << (std::isfinite(r.speedup) ? format_value(r.speedup, "") + "x" : "") << " | "
          << value_or_blank(b, kEnergyMae, "") << " | " << value_or_blank(b, kForceRmse, "")
          << " |\n";
    }
  }
  out << "\n";
}

void lattice_speedups(std::ostream& out, const LatticeSpeedupTable& t) {
  out << "<details><summary>Speed-up over the reference (ratio of median times, same run; "
         "bold: slower)</summary>\n\n| Operation, lattice, q, M | batch | reference ns/vector |";
  for (const auto& impl : t.impls) out << " " << markdown_cell(impl) << " |";
  out << "\n|---|---:|---:|";
  for (std::size_t i = 0; i < t.impls.size(); ++i) out << "---:|";
  out << "\n";
  for (const auto& r : t.rows) {
    out << "| " << markdown_cell(r.config) << " | " << r.batch << " | "
        << value_or_blank(*r.reference, "ns_per_vector", "") << " |";
    for (const double s : r.speedup) {
      if (std::isnan(s)) {
        out << " |";
      } else {
        const std::string x = speedup_number(s) + "x";
        out << " " << (s < 1 ? "**" + x + "**" : x) << " |";
      }
    }
    out << "\n";
  }
  out << "\n</details>\n\n";
}

void lattice_rows_table(std::ostream& out, const RunSummary& run) {
  const RunNoise noise = run_noise(run.benchmarks);  // one floor for every rule and row
  out << "<details><summary>Every lattice row</summary>\n\n"
      << "| Benchmark | time/call | vectors/s | ns/vector | GB/s | findings |\n"
      << "|---|---:|---:|---:|---:|---|\n";
  for (const auto& b : run.benchmarks) {
    if (!parse_lattice_name(b.name).valid) continue;
    out << "| " << code(short_label(b.name)) << " | ";
    if (b.error) {
      out << "| | | | **error:** " << markdown_cell(b.error_message) << " |\n";
      continue;
    }
    out << value_or_blank(b, "real_time", "ns") << " | "
        << value_or_blank(b, "vectors_per_s", "1/s") << " | "
        << value_or_blank(b, "ns_per_vector", "") << " | " << value_or_blank(b, "GB_per_s", "")
        << " | " << warning_rules(find_hotspots(b, noise)) << " |\n";
  }
  out << "\n</details>\n\n";
}

// lattice_bench's rows: warnings in full, the notes (dispatch advice, plateaus, targets met)
// folded, then the speed-up table and the rows, folded since they have a line per batch.
void lattice_part(std::ostream& out, const RunSummary& run) {
  if (!has_lattice_rows(run)) return;
  out << "#### Lattice quantizers (lattice_bench; rules: docs/REPORT.md)\n\n";
  const std::vector<LatticeFinding> findings = find_lattice_findings(run);
  std::size_t notes = 0;
  for (const auto& [subject, f] : findings) {
    if (f.severity == Severity::kInfo) {
      ++notes;
      continue;
    }
    out << "- **" << to_string(f.severity) << "** " << code(f.rule) << " " << markdown_cell(subject)
        << ": " << one_line(f.observation) << " Try: " << one_line(f.recommendation) << "\n";
  }
  if (findings.empty()) {
    out << "No lattice rule fired.\n";
  } else if (notes == findings.size()) {
    out << "No lattice warnings.\n";
  }
  out << "\n";
  if (notes > 0) {
    out << "<details><summary>" << notes << " note(s)</summary>\n\n";
    for (const auto& [subject, f] : findings) {
      if (f.severity != Severity::kInfo) continue;
      out << "- " << code(f.rule) << " " << markdown_cell(subject) << ": "
          << one_line(f.observation) << " Try: " << one_line(f.recommendation) << "\n";
    }
    out << "\n</details>\n\n";
  }
  if (const LatticeSpeedupTable t = lattice_speedup_table(run); !t.rows.empty())
    lattice_speedups(out, t);
  lattice_rows_table(out, run);
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

  accuracy_part(out, run);
  lattice_part(out, run);
  const bool all_lattice =
      std::all_of(run.benchmarks.begin(), run.benchmarks.end(),
                  [](const auto& b) { return parse_lattice_name(b.name).valid; });
  if (!all_lattice) benchmarks_table(out, run);
  if (d.comparison) comparison_part(out, *d.comparison);
  for (const auto& n : d.notes) out << "\n> " << n << "\n";
  out << "\n<sub>Charts: the HTML report (md_report -o report.html). Medians over "
         "repetitions.</sub>\n";
}

}  // namespace mdb::compare
