// The page's section on students against their teachers: an accuracy-against-speed chart per
// teacher, size and backend, folded by family, then one table of every student row.
#include <cmath>

#include "compare/diff/comparison_output.hpp"
#include "compare/report/accuracy_rows.hpp"
#include "compare/report/report_charts.hpp"
#include "compare/report/report_html_parts.hpp"

namespace mdb::compare::html {
namespace {

const char* const kHowAccuracy =
    "A student is a cheaper model distilled from a teacher. Each chart puts the students of one "
    "teacher at one size and backend on two log axes: right is slower (median time per "
    "atom-step), up is less accurate (the error against the teacher on held-out frames, "
    "computed outside the timed steps: force RMSE, and energy MAE per atom beside it). The "
    "teacher has no error against itself, so it is not a point: the black dashed line and "
    "triangle on the bottom edge mark its speed. The best students sit low and far left of "
    "it. A student with an error of exactly 0 also sits on the bottom edge. The context key "
    "<code>mdbench_teachers</code> says who teaches whom.";
const char* const kHowTable =
    "One row per student benchmark. Speed-up is the teacher's time per atom-step divided by the "
    "student's, from the same run at the same size and backend; blank when the teacher has no "
    "row there.";

std::string cell(const BenchSummary* b, const char* metric, const std::string& unit) {
  return b != nullptr && b->has(metric) ? format_value(b->value(metric), unit) : "";
}

std::string time_cell(const BenchSummary* b) {
  return b != nullptr && b->value("us_per_atom") > 0 ? format_value(b->value("us_per_atom"), "us")
                                                     : "";
}

void table(std::ostream& out, const std::vector<AccuracyGroup>& groups) {
  out << "<h3 id=\"accuracy-table\">Every student against its teacher</h3>\n";
  how(out, kHowTable);
  out << "<table><tr><th>Size and backend</th><th>Student</th><th>Teacher</th>"
         "<th>student time/atom-step</th><th>teacher time/atom-step</th><th>speed-up</th>"
         "<th>energy MAE (meV/atom)</th><th>force RMSE (eV/Å)</th></tr>\n";
  for (const auto& g : groups) {
    for (const auto& r : g.students) {
      out << "<tr><td>" << esc(g.title()) << "</td><td><code>" << esc(r.student->parts.case_name)
          << "</code></td><td>"
          << (g.teacher_case.empty() ? "" : "<code>" + esc(g.teacher_case) + "</code>")
          << "</td><td class=\"n\">" << esc(time_cell(r.student)) << "</td><td class=\"n\">"
          << esc(time_cell(g.teacher)) << "</td><td class=\"n\">"
          << (std::isfinite(r.speedup) ? esc(format_value(r.speedup, "")) + "×" : "")
          << "</td><td class=\"n\">" << esc(cell(r.student, kEnergyMae, ""))
          << "</td><td class=\"n\">" << esc(cell(r.student, kForceRmse, "")) << "</td></tr>\n";
    }
  }
  out << "</table>\n";
}

}  // namespace

void accuracy_section(std::ostream& out, const RunSummary& run) {
  const std::vector<AccuracyGroup> groups = accuracy_groups(run);
  if (groups.empty()) return;
  section_head(out, "accuracy", "Accuracy against speed: students and their teachers");
  how(out, kHowAccuracy);
  // Folded by family like the other per-benchmark charts: Step (the first) open.
  std::string family;
  for (const auto& g : groups) {
    if (g.family != family) {
      if (!family.empty()) out << "</details>\n";
      std::size_t charts = 0;
      for (const auto& h : groups) charts += h.family == g.family ? 1 : 0;
      out << "<details" << (family.empty() ? " open=\"open\"" : "") << "><summary>" << esc(g.family)
          << " (" << charts << " chart" << (charts == 1 ? "" : "s") << ")</summary>\n";
      family = g.family;
    }
    const std::string svg = accuracy_chart(g);
    if (svg.empty()) continue;
    out << "<h3>" << esc(g.title()) << ": students of <code>"
        << esc(g.teacher_case.empty() ? "an unnamed teacher" : g.teacher_case) << "</code></h3>\n"
        << svg << "\n";
  }
  out << "</details>\n";
  table(out, groups);
}

}  // namespace mdb::compare::html
