#pragma once
// `history`'s command line: a command, its positional arguments and --name value options
// (or --name=value). Each command says which options it takes; anything else is bad input.
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace mdb::history {

/// Bad input on the command line: exit 2 with this one line.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct HistoryArgs {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // without the leading "--"

  std::string get(const std::string& name, const std::string& fallback = "") const;
  double number(const std::string& name, double fallback) const;
  long long integer(const std::string& name, long long fallback) const;
  /// Throws UsageError naming the first option the command does not take.
  void allow(const std::set<std::string>& names) const;
};

/// Splits argv (without the program name). Throws UsageError on an option without a value.
HistoryArgs parse_history_args(const std::vector<std::string>& args);

}  // namespace mdb::history
