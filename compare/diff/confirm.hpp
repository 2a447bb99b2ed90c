#pragma once
// What to run when a comparison has too few repetitions to decide: the commands that rerun only
// the benchmarks that likely regressed, in alternating rounds of both sides, and compare again.
#include <string>
#include <vector>

#include "compare/diff/diff.hpp"

namespace mdb::compare {

/// The confirming runs: kConfirmRounds rounds, each running OLD's program, then NEW's, with
/// kConfirmRepetitions repetitions: 10 samples per side, so the U test's exact p-value can go far
/// below any usual alpha (2 / C(20, 10) ~ 1e-5), as in ci/bench_gate.sh. Alternating matters:
/// ten repetitions of one side in a row, then ten of the other, put any drift of the machine's
/// speed between the sides (an A/A of that kind here moved a row by +19 % at p = 0.003).
inline constexpr int kConfirmRounds = 5;
inline constexpr int kConfirmRepetitions = 2;

/// A --benchmark_filter value selecting exactly `names`: "^(a|b)$" with the characters special
/// to Google Benchmark's extended regular expressions escaped.
std::string exact_filter(const std::vector<std::string>& names);

/// The benchmarks of `c` with a likely regression (Verdict::kLikelyRegressed), in row order.
std::vector<std::string> likely_regressions(const Comparison& c);

/// The lines that would decide the likely regressions of `c`: a shell loop running
/// `old_program` and `new_program` (each side's "executable" from its file's context) in turn
/// over exactly those benchmarks, then compare on the files it wrote. The first line says what
/// the rest are for. Empty when nothing likely regressed. Arguments are shell-quoted, so the
/// lines can be pasted as they are.
std::vector<std::string> confirm_commands(const Comparison& c, const std::string& old_program,
                                          const std::string& new_program);

}  // namespace mdb::compare
