#include "model/ase/ase_spec.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <stdexcept>

namespace mdb {
namespace {

[[noreturn]] void bad(std::string_view spec, const std::string& what) {
  throw std::invalid_argument("ase:" + std::string(spec) + ": " + what);
}

// A dotted path of identifiers (ase.calculators.emt) or one identifier (EMT).
bool identifier_path(std::string_view s, bool dots) {
  if (s.empty()) return false;
  bool start = true;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (dots && ch == '.') {
      if (start) return false;
      start = true;
      continue;
    }
    if (!(std::isalnum(c) || ch == '_') || (start && std::isdigit(c))) return false;
    start = false;
  }
  return !start;
}

}  // namespace

std::string AseSpec::text() const {
  return module + ":" + cls + (kwargs == "{}" ? "" : ":" + kwargs);
}

AseSpec parse_ase_spec(std::string_view argument) {
  AseSpec s;
  const auto first = argument.find(':');
  if (first == std::string_view::npos) bad(argument, "expected <module>:<Class>[:<JSON>]");
  s.module = std::string(argument.substr(0, first));
  const std::string_view rest = argument.substr(first + 1);
  const auto second = rest.find(':');
  s.cls = std::string(rest.substr(0, second));
  const std::string_view kwargs =
      second == std::string_view::npos ? std::string_view("{}") : rest.substr(second + 1);
  if (!identifier_path(s.module, true)) bad(argument, "'" + s.module + "' is no module name");
  if (!identifier_path(s.cls, false)) bad(argument, "'" + s.cls + "' is no class name");
  const nlohmann::json j = nlohmann::json::parse(kwargs, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    bad(argument, "the keyword arguments '" + std::string(kwargs) + "' are not a JSON object");
  }
  s.kwargs = std::string(kwargs);
  return s;
}

}  // namespace mdb
