#include <sstream>

#include "compare/diff/comparison_output.hpp"

namespace mdb::compare {
namespace {

// Built by append: gcc 12 raises a false -Wrestrict on `"**" + text + "**"`.
std::string wrap(const std::string& text, const char* mark) {
  std::string out(mark);
  out.append(text).append(mark);
  return out;
}

std::string code(const std::string& text) {
  return text.empty() ? "" : wrap(markdown_cell(text), "`");
}

std::string bold_if(bool bold, const std::string& text) {
  return bold ? wrap(text, "**") : text;
}

}  // namespace

void write_markdown(std::ostream& out, const Comparison& c, const ReportOptions& options) {
  out << "### mdbench compare: "
      << (c.failed ? ":x: regression" : ":white_check_mark: no regression") << "\n\n";
  auto list = [&](const std::string& label, const std::vector<std::string>& files) {
    if (files.empty()) return;
    out << code(label) << ":";
    for (const auto& f : files) out << " `" << f << "`";
    out << "  \n";
  };
  list(options.old_label, options.old_sources);
  list(options.new_label, options.new_sources);
  for (const auto& h : options.header_lines) out << h << "  \n";
  out << "\n" << summary_line(c) << "\n\n";

  out << "| Benchmark | Metric | " << markdown_cell(options.old_label) << " | "
      << markdown_cell(options.new_label) << " | Change | p | n | Verdict |\n";
  out << "|---|---|---:|---:|---:|---:|---:|---|\n";
  for (const auto& row : c.rows) {
    if (row.status != RowStatus::kCompared) {
      std::string what(to_string(row.status));
      if (!row.note.empty()) what += ": " + row.note;
      out << "| " << code(row.name) << " | | | | | | | "
          << bold_if(row.status == RowStatus::kErrorNew, markdown_cell(what)) << " |\n";
    }
    bool first = row.status == RowStatus::kCompared;
    for (const MetricDiff* m : shown_metrics(row, options.all_metrics)) {
      const bool bad = m->verdict == Verdict::kRegressed;
      out << "| " << (first ? code(row.name) : "") << " | " << markdown_cell(metric_label(*m))
          << " | " << format_value(m->old_value, m->spec.unit) << " | "
          << format_value(m->new_value, m->spec.unit) << " | "
          << bold_if(bad, format_change(m->change)) << " | " << format_p(*m) << " | " << m->n_old
          << "/" << m->n_new << " | " << bold_if(bad, verdict_text(*m)) << " |\n";
      first = false;
    }
    for (const auto& v : row.violations) {
      out << "| " << code(row.name) << " | " << markdown_cell(v.metric) << " | | "
          << format_value(v.value, "") << " | | | | **limit broken: " << markdown_cell(v.limit)
          << "** |\n";
    }
  }
  if (c.summary.geomean_count > 0) {
    out << "| **geometric mean** | real_time | | | " << format_change(c.summary.geomean_real - 1)
        << " | | " << c.summary.geomean_count << " | |\n";
    out << "| | cpu_time | | | " << format_change(c.summary.geomean_cpu - 1) << " | | "
        << c.summary.geomean_cpu_count << " | |\n";
  }
  if (options.show_speedup) {
    out << "\n**Speed-up** (" << markdown_cell(options.old_label) << " / "
        << markdown_cell(options.new_label) << " real_time, medians):\n\n";
    for (const auto& row : c.rows) {
      if (row.speedup > 0)
        out << "- " << code(row.name) << ": " << format_value(row.speedup, "") << "x\n";
    }
  }
  if (!c.notes.empty()) out << "\n";
  for (const auto& n : c.notes) out << "> " << n << "\n";
  if (!options.confirm_lines.empty()) {
    // The first line says what the commands are for; the rest are the commands, indented by
    // two spaces for the terminal, which a code block does not need.
    out << "\n" << options.confirm_lines.front() << "\n\n```sh\n";
    for (std::size_t i = 1; i < options.confirm_lines.size(); ++i) {
      const std::string& l = options.confirm_lines[i];
      out << (l.rfind("  ", 0) == 0 ? l.substr(2) : l) << "\n";
    }
    out << "```\n";
  }
  out << "\n<sub>Regression = beyond the metric's threshold AND significant by a two-sided "
         "Mann–Whitney U test at alpha "
      << c.alpha << ". p: U-test p-value; n: samples OLD/NEW.</sub>\n";
}

}  // namespace mdb::compare
