#pragma once
// `history`: the results store's command line. Exit 0 on success; 1 when `detect` finds a
// change point that makes a row worse within the last runs; 2 on bad input (a bad option, a
// file that is not a run, a run already stored, a store this build cannot read).
#include <iosfwd>
#include <string>
#include <vector>

#include "compare/history/history_args.hpp"
#include "compare/history/store.hpp"

namespace mdb::history {

/// The store `history` uses without --db.
inline constexpr const char* kDefaultStore = "mdbench-history.sqlite";

int history_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The commands, each over parsed arguments and an open store (history_*.cpp).
int history_add(const HistoryArgs& a, std::ostream& out);
int history_list(const HistoryArgs& a, Store& store, std::ostream& out);
int history_show(const HistoryArgs& a, Store& store, std::ostream& out);
int history_export(const HistoryArgs& a, Store& store, std::ostream& out);
int history_detect(const HistoryArgs& a, Store& store, std::ostream& out);

}  // namespace mdb::history
