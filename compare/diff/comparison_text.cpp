#include <algorithm>
#include <array>
#include <cmath>

#include "compare/diff/comparison_output.hpp"

namespace mdb::compare {
namespace {

constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";
constexpr const char* kYellow = "\033[33m";
constexpr const char* kDim = "\033[2m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

constexpr std::size_t kColumns = 8;
using Cells = std::array<std::string, kColumns>;

struct Line {
  Cells cells;
  const char* colour = nullptr;  // applied to the whole line
};

const char* colour_of(const MetricDiff& m) {
  switch (m.verdict) {
    case Verdict::kRegressed:
      return m.confirmed ? kRed : kYellow;
    case Verdict::kImproved:
      return kGreen;
    case Verdict::kNoise:
    case Verdict::kLikelyRegressed:
      return kYellow;
    case Verdict::kLikelyImproved:
      return kDim;
    case Verdict::kSame:
    case Verdict::kInfo:
      return kDim;
  }
  return nullptr;
}

const char* colour_of(RowStatus s) {
  switch (s) {
    case RowStatus::kErrorNew:
      return kRed;
    case RowStatus::kOnlyOld:
    case RowStatus::kSizeMismatch:
      return kYellow;
    default:
      return kDim;
  }
}

std::string samples(const MetricDiff& m) {
  return std::to_string(m.n_old) + "/" + std::to_string(m.n_new);
}

std::vector<Line> table(const Comparison& c, const ReportOptions& options) {
  std::vector<Line> lines;
  lines.push_back(
      {{"Benchmark", "Metric", options.old_label, options.new_label, "Change", "p", "n", "Verdict"},
       kBold});
  for (const auto& row : c.rows) {
    if (row.status != RowStatus::kCompared) {
      std::string what(to_string(row.status));
      if (!row.note.empty()) what += ": " + one_line(row.note);
      lines.push_back({{one_line(row.name), "", "", "", "", "", "", what}, colour_of(row.status)});
    }
    bool first = row.status == RowStatus::kCompared;
    for (const MetricDiff* m : shown_metrics(row, options.all_metrics)) {
      lines.push_back(
          {{first ? row.name : "", metric_label(*m), format_value(m->old_value, m->spec.unit),
            format_value(m->new_value, m->spec.unit), format_change(m->change), format_p(*m),
            samples(*m), verdict_text(*m)},
           colour_of(*m)});
      first = false;
    }
    for (const auto& v : row.violations) {
      lines.push_back({{first ? one_line(row.name) : "", v.metric, "", format_value(v.value, ""),
                        "", "", "", "LIMIT BROKEN: " + v.limit},
                       kRed});
      first = false;
    }
  }
  if (c.summary.geomean_count > 0) {
    const std::string count = std::to_string(c.summary.geomean_count);
    lines.push_back({{"OVERALL_GEOMEAN", "real_time", "", "",
                      format_change(c.summary.geomean_real - 1), "", count, ""},
                     kBold});
    lines.push_back({{"", "cpu_time", "", "", format_change(c.summary.geomean_cpu - 1), "",
                      std::to_string(c.summary.geomean_cpu_count), ""},
                     kBold});
  }
  return lines;
}

}  // namespace

void write_text(std::ostream& out, const Comparison& c, const ReportOptions& options) {
  auto paint = [&](const char* colour, const std::string& text) {
    return options.color && colour ? colour + text + kReset : text;
  };
  auto list = [&](const std::string& label, const std::vector<std::string>& files) {
    if (files.empty()) return;
    out << label << ":";
    for (const auto& f : files) out << " " << f;
    out << "\n";
  };
  list(options.old_label, options.old_sources);
  list(options.new_label, options.new_sources);
  for (const auto& h : options.header_lines) out << h << "\n";
  out << "\n";

  const std::vector<Line> lines = table(c, options);
  std::array<std::size_t, kColumns> width{};
  for (const auto& l : lines) {
    for (std::size_t i = 0; i < kColumns; ++i) width[i] = std::max(width[i], l.cells[i].size());
  }
  // Numbers align right, words left; the last column is not padded (no trailing blanks).
  constexpr std::array<bool, kColumns> right = {false, false, true, true, true, true, true, false};
  for (const auto& l : lines) {
    std::string text;
    for (std::size_t i = 0; i < kColumns; ++i) {
      const std::string& cell = l.cells[i];
      const std::string pad(width[i] - cell.size(), ' ');
      if (i + 1 == kColumns) {
        text += cell;
      } else {
        text += right[i] ? pad + cell : cell + pad;
        text += "  ";
      }
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << paint(l.colour, text) << "\n";
  }

  if (options.show_speedup) {
    out << "\nSpeed-up (" << options.old_label << " real_time / " << options.new_label
        << " real_time, medians):\n";
    for (const auto& row : c.rows) {
      if (row.speedup > 0)
        out << "  " << row.name << "  " << format_value(row.speedup, "") << "x\n";
    }
  }
  if (!c.notes.empty()) out << "\n";
  for (const auto& n : c.notes) out << "note: " << n << "\n";
  if (!options.confirm_lines.empty()) out << "\n";
  for (const auto& l : options.confirm_lines) out << l << "\n";
  out << "\n" << paint(c.failed ? kRed : kGreen, summary_line(c)) << "\n";
}

}  // namespace mdb::compare
