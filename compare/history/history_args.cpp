#include "compare/history/history_args.hpp"

#include <cmath>
#include <cstdlib>

namespace mdb::history {

std::string HistoryArgs::get(const std::string& name, const std::string& fallback) const {
  const auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

double HistoryArgs::number(const std::string& name, double fallback) const {
  const auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0' || !std::isfinite(v)) {
    throw UsageError("--" + name + " wants a number, not '" + it->second + "'");
  }
  return v;
}

long long HistoryArgs::integer(const std::string& name, long long fallback) const {
  const auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0' || v < 0) {
    throw UsageError("--" + name + " wants a whole number >= 0, not '" + it->second + "'");
  }
  return v;
}

void HistoryArgs::allow(const std::set<std::string>& names) const {
  for (const auto& [name, value] : options) {
    if (name != "db" && !names.count(name)) {
      throw UsageError("history " + command + " takes no option --" + name);
    }
  }
}

HistoryArgs parse_history_args(const std::vector<std::string>& args) {
  HistoryArgs out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out.options["help"] = "";
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) {
      const auto eq = a.find('=');
      if (eq != std::string::npos) {
        out.options[a.substr(2, eq - 2)] = a.substr(eq + 1);
      } else if (i + 1 < args.size()) {
        out.options[a.substr(2)] = args[++i];
      } else {
        throw UsageError(a + " wants a value");
      }
    } else if (out.command.empty()) {
      out.command = a;
    } else {
      out.positional.push_back(a);
    }
  }
  return out;
}

}  // namespace mdb::history
