#pragma once
// The md_report command line as a function, so tests drive it without starting a process.
#include <ostream>
#include <string>
#include <vector>

namespace mdb::compare {

/// Runs md_report with `args` (argv without the program name). The page goes to the -o file
/// (HTML default: report.html) or to `out` ("-o -", and --format=md by default); problems go to
/// `err` as one line "md_report: ...". Returns 0 when the report was written, 2 for bad usage or
/// input (compare's kExitBadInput). A regression in the comparison does not change the exit
/// code: md_report reports, compare gates.
int run_md_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The --help text.
std::string md_report_usage();

}  // namespace mdb::compare
