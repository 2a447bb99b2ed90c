// compare: the regression diff for Google Benchmark JSON. All logic is in compare/cli.cpp.
#include <unistd.h>

#include <iostream>

#include "compare/cli.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return mdb::compare::run_compare(args, std::cout, std::cerr, isatty(STDOUT_FILENO) == 1);
}
