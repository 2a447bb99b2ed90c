#pragma once
// The compare command line as a function, so tests drive it without starting a process.
#include <ostream>
#include <string>
#include <vector>

namespace mdb::compare {

/// Exit codes: the regression gate keys on them.
inline constexpr int kExitOk = 0;          // no regression
inline constexpr int kExitRegression = 1;  // a regression, broken limit or error run in NEW
inline constexpr int kExitBadInput = 2;    // bad usage or an unreadable/invalid file

/// Runs `compare` with `args` (argv without the program name). Reports go to `out`; problems to
/// `err` as one line "compare: ...". `out_is_tty` decides --color=auto.
int run_compare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                bool out_is_tty);

/// The --help text.
std::string compare_usage();

}  // namespace mdb::compare
