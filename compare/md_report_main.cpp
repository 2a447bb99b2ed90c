// md_report: an HTML/SVG (or Markdown) report of md_bench runs. All logic is in
// compare/report/report_cli.cpp.
#include <iostream>

#include "compare/diff/cli.hpp"
#include "compare/report/report_cli.hpp"

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return mdb::compare::run_md_report(args, std::cout, std::cerr);
  } catch (const std::exception& e) {  // run_md_report catches what input can cause; this is OOM
    std::cerr << "md_report: " << e.what() << "\n";
    return mdb::compare::kExitBadInput;
  }
}
