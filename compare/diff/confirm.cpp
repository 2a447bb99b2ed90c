#include "compare/diff/confirm.hpp"

#include <string_view>

namespace mdb::compare {
namespace {

// POSIX single quotes: everything literal, a quote itself closed, escaped and reopened.
std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (const char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries.
std::string run_line(const std::string& side, const std::string& program, const std::string& filter,
                     const std::string& prefix) {
  std::string line = "    ";
  line += shell_quoted(program);
  line += " --benchmark_filter=";
  line += shell_quoted(filter);
  line += " --benchmark_repetitions=";
  line += std::to_string(kConfirmRepetitions);
  line += " --benchmark_out=";
  line += prefix;
  line += "-$i.json  # ";
  line += side;
  line += "'s build";
  return line;
}

}  // namespace

std::string exact_filter(const std::vector<std::string>& names) {
  constexpr std::string_view special = R"(.[]()*+?{}|^$\)";
  std::string alternatives;
  for (const auto& name : names) {
    if (!alternatives.empty()) alternatives += '|';
    for (const char ch : name) {
      if (special.find(ch) != std::string_view::npos) alternatives += '\\';
      alternatives += ch;
    }
  }
  return "^(" + alternatives + ")$";
}

std::vector<std::string> likely_regressions(const Comparison& c) {
  std::vector<std::string> names;
  for (const auto& row : c.rows) {
    for (const auto& m : row.metrics) {
      if (m.verdict == Verdict::kLikelyRegressed) {
        names.push_back(row.name);
        break;
      }
    }
  }
  return names;
}

std::vector<std::string> confirm_commands(const Comparison& c, const std::string& old_program,
                                          const std::string& new_program) {
  const std::vector<std::string> names = likely_regressions(c);
  if (names.empty()) return {};
  const std::string filter = exact_filter(names);
  std::string rounds, files;
  for (const char* side : {"old", "new"}) {
    for (int i = 1; i <= kConfirmRounds; ++i) {
      files.append(" --").append(side).append(" ").append(side).append("-");
      files.append(std::to_string(i)).append(".json");
    }
  }
  for (int i = 1; i <= kConfirmRounds; ++i)
    rounds.append(i > 1 ? " " : "").append(std::to_string(i));
  std::string intro = "to decide the ";
  intro += std::to_string(names.size());
  intro += " likely regression(s), run just them in alternating rounds of both sides (";
  intro += std::to_string(kConfirmRounds * kConfirmRepetitions);
  intro += " repetitions each, as ci/bench_gate.sh does) and compare again:";
  std::string loop = "  for i in ";
  loop += rounds;
  loop += "; do";
  std::string compare = "  ./build/compare/compare";
  compare += files;
  return {intro,
          loop,
          run_line("OLD", old_program, filter, "old"),
          run_line("NEW", new_program, filter, "new"),
          "  done",
          compare};
}

}  // namespace mdb::compare
