// `history`: records benchmark runs in a results store and finds change points in their series
// (docs/HISTORY.md). All of it is in compare/history/; this forwards argv.
#include <iostream>
#include <string>
#include <vector>

#include "compare/history/history_cli.hpp"

int main(int argc, char** argv) {
  return mdb::history::history_main(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                                    std::cerr);
}
