// compare: the regression diff for Google Benchmark JSON. All logic is in compare/diff/cli.cpp.
#include <unistd.h>

#include <iostream>

#include "compare/diff/cli.hpp"

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return mdb::compare::run_compare(args, std::cout, std::cerr, isatty(STDOUT_FILENO) == 1);
  } catch (const std::exception& e) {  // run_compare catches what input can cause; this is OOM
    std::cerr << "compare: " << e.what() << "\n";
    return mdb::compare::kExitBadInput;
  }
}
