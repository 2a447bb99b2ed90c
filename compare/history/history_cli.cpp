#include "compare/history/history_cli.hpp"

#include <iomanip>
#include <iostream>

#include "compare/diff/gbench_json.hpp"
#include "compare/history/open_store.hpp"
#include "compare/history/series.hpp"

namespace mdb::history {
namespace {

std::string usage() {
  return std::string(
             "usage: history [--db FILE|postgresql://...] COMMAND ...\n"
             "  add RUN.json... [--commit SHA] [--branch B] [--time T] [--machine M]\n"
             "  list [--machine M]\n"
             "  show NAME [--metric M] [--machine M] [--since T]\n"
             "  export [--format csv|json]\n"
             "  detect [NAME-REGEX] [--metric M] [--machine M] [--since T] [--max-pvalue P]\n"
             "         [--min-change R] [--min-size N] [--last K] [--test ttest|permutation]\n"
             "         [--permutations N] [--seed S] [--format text|md|json]\n"
             "The store is an SQLite file (default ") +
         kDefaultStore + ") or a PostgreSQL URL. docs/HISTORY.md has the details.\n";
}

std::string store_location(const HistoryArgs& a) {
  return a.get("db", kDefaultStore);
}

}  // namespace

int history_add(const HistoryArgs& a, std::ostream& out) {
  a.allow({"commit", "branch", "time", "machine"});
  if (a.positional.empty()) throw UsageError("history add wants a run's JSON file");
  const RunLabels labels{a.get("commit"), a.get("branch"), a.get("time"), a.get("machine")};
  // Every file is read before the store is touched: a bad file adds nothing.
  std::vector<RunRecord> records;
  for (const auto& path : a.positional) {
    records.push_back(make_run_record(compare::load_benchmark_json(path), labels));
  }
  auto store = open_store(store_location(a), Store::Open::kCreate);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::int64_t id = store->add_run(records[i]);
    out << "history: added " << a.positional[i] << " as run " << id << " ("
        << records[i].rows.size() << " rows, " << records[i].sample_count() << " values, commit "
        << (records[i].commit.empty() ? "unknown" : records[i].commit) << ", machine "
        << records[i].machine << ")\n";
  }
  return 0;
}

int history_list(const HistoryArgs& a, Store& store, std::ostream& out) {
  a.allow({"machine"});
  const std::string machine = a.get("machine");
  out << std::left << std::setw(6) << "id" << std::setw(27) << "time" << std::setw(22) << "commit"
      << std::setw(12) << "branch" << std::setw(6) << "rows"
      << "machine\n";
  std::size_t n = 0;
  for (const auto& r : store.runs()) {
    if (!machine.empty() && r.machine != machine) continue;
    out << std::setw(6) << r.id << std::setw(27) << r.time << std::setw(22) << r.commit
        << std::setw(12) << r.branch << std::setw(6) << r.rows << r.machine << "\n";
    ++n;
  }
  out << n << " runs in " << store.describe() << " (schema " << store.schema_version() << ")\n";
  return 0;
}

int history_show(const HistoryArgs& a, Store& store, std::ostream& out) {
  a.allow({"metric", "machine", "since"});
  if (a.positional.size() != 1) throw UsageError("history show wants one benchmark name");
  const std::string metric = a.get("metric", "real_time");
  SeriesFilter f;
  f.exact_name = a.positional[0];
  f.machine = a.get("machine");
  f.since = a.get("since");
  const auto series = read_series(store, metric, f);
  if (series.empty()) {
    throw UsageError("no values of " + metric + " for a benchmark named '" + a.positional[0] +
                     "' in " + store.describe());
  }
  for (const auto& s : series) {
    out << s.benchmark << "  " << s.metric << "  on " << s.machine << "\n";
    for (const auto& p : s.points) {
      out << "  run " << std::setw(6) << std::left << p.run->id << std::setw(27) << p.run->time
          << std::setw(22) << p.run->commit << std::setprecision(6) << p.value << "  ("
          << p.repetitions << (p.repetitions == 1 ? " repetition" : " repetitions") << ")\n";
    }
  }
  return 0;
}

int history_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    const HistoryArgs a = parse_history_args(args);
    if (a.command == "help" || a.options.count("help")) {
      out << usage();
      return 0;
    }
    if (a.command.empty()) {
      throw UsageError("no command (add, list, show, export, detect; history help for usage)");
    }
    if (a.command == "add") return history_add(a, out);
    auto reader = [&] { return open_store(store_location(a), Store::Open::kExisting); };
    if (a.command == "list") return history_list(a, *reader(), out);
    if (a.command == "show") return history_show(a, *reader(), out);
    if (a.command == "export") return history_export(a, *reader(), out);
    if (a.command == "detect") return history_detect(a, *reader(), out);
    throw UsageError("unknown command '" + a.command + "' (add, list, show, export, detect)");
  } catch (const std::exception& e) {
    // UsageError, StoreError, DuplicateRunError, JsonError: all bad input, all one line.
    err << "history: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace mdb::history
