#include "compare/diff/policy.hpp"

#include <cctype>
#include <cmath>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw PolicyError(source + ": " + what);
}

void only_keys(const json& obj, std::initializer_list<std::string_view> allowed,
               const std::string& source, const std::string& where) {
  for (const auto& [key, value] : obj.items()) {
    bool ok = false;
    for (const auto a : allowed) ok = ok || key == a;
    if (!ok) fail(source, "unknown key " + quoted_for_message(key) + " in " + where);
  }
}

double number(const json& v, const std::string& source, const std::string& where) {
  if (!v.is_number()) fail(source, where + " must be a number");
  const double d = v.get<double>();
  if (!std::isfinite(d)) fail(source, where + " must be finite");
  return d;
}

double non_negative(const json& v, const std::string& source, const std::string& where) {
  const double d = number(v, source, where);
  if (d < 0) fail(source, where + " must be >= 0");
  return d;
}

// libstdc++ 12 reads the numbers of a {m,n} quantifier and of a \N back-reference into a long
// without checking for overflow (undefined behaviour; GCC 13 checks). More than 9 digits there
// mean nothing a benchmark name needs, so such a pattern is refused before std::regex sees it.
bool has_oversized_count(std::string_view pattern) {
  std::size_t digits = 0;
  bool counted = false;  // the digit run follows '{', ',' or '\'
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (counted && ++digits > 9) return true;
      continue;
    }
    digits = 0;
    if (c == '\\' && i + 1 < pattern.size() && pattern[i + 1] == '\\') {
      ++i;  // "\\" is a literal backslash, and digits after it are literal too
      counted = false;
    } else {
      counted = c == '{' || c == ',' || c == '\\';
    }
  }
  return false;
}

// libstdc++'s regex compiler recurses once per term and per group, so a long pattern runs off
// the stack (a 100 KB one crashes a Release compare, a 16 KB one under ASan); benchmark-name
// patterns are a few dozen bytes.
constexpr std::size_t kMaxRegexBytes = 1024;

std::regex compile(const std::string& pattern, const std::string& source,
                   const std::string& where) {
  if (pattern.size() > kMaxRegexBytes) {
    fail(source, "bad regex in " + where + ": longer than " + std::to_string(kMaxRegexBytes) +
                     " bytes (" + std::to_string(pattern.size()) + ")");
  }
  if (has_oversized_count(pattern)) {
    fail(source, "bad regex " + quoted_for_message(pattern) + " in " + where +
                     ": a repeat count or back-reference longer than 9 digits");
  }
  try {
    return std::regex(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    fail(source, "bad regex " + quoted_for_message(pattern) + " in " + where + ": " + e.what());
  }
}

std::string text(const json& v, const std::string& source, const std::string& where) {
  if (!v.is_string()) fail(source, where + " must be a string");
  return v.get<std::string>();
}

MetricRule parse_rule(const json& v, const std::string& source, const std::string& where) {
  if (!v.is_object()) fail(source, where + " must be an object");
  only_keys(v, {"direction", "threshold", "abs_tolerance"}, source, where);
  MetricRule r;
  if (v.contains("direction")) {
    Direction d{};
    const std::string name = text(v["direction"], source, where + ".direction");
    if (!parse_direction(name, d)) {
      fail(source, where + ".direction " + quoted_for_message(name) +
                       " is not one of lower, higher, lower_abs, info, identity");
    }
    r.direction = d;
  }
  if (v.contains("threshold"))
    r.threshold = non_negative(v["threshold"], source, where + ".threshold");
  if (v.contains("abs_tolerance")) {
    r.abs_tolerance = non_negative(v["abs_tolerance"], source, where + ".abs_tolerance");
  }
  return r;
}

std::map<std::string, MetricRule> parse_rules(const json& v, const std::string& source,
                                              const std::string& where) {
  if (!v.is_object()) fail(source, where + " must be an object of metric names");
  std::map<std::string, MetricRule> rules;
  for (const auto& [name, rule] : v.items())
    rules[name] = parse_rule(rule, source, where + "." + name);
  return rules;
}

void apply(MetricSpec& s, const MetricRule& r) {
  if (r.direction) s.direction = *r.direction;
  if (r.threshold) s.threshold = *r.threshold;
  if (r.abs_tolerance) s.abs_tolerance = *r.abs_tolerance;
}

}  // namespace

bool AbsoluteLimit::violated_by(double value) const {
  if (std::isnan(value)) return true;
  if (min && value < *min) return true;
  if (max && value > *max) return true;
  if (abs_max && std::abs(value) > *abs_max) return true;
  return false;
}

std::string AbsoluteLimit::describe() const {
  std::string s;
  auto add = [&s](const std::string& part) { s += (s.empty() ? "" : " and ") + part; };
  if (min) add(metric + " >= " + plain_number(*min));
  if (max) add(metric + " <= " + plain_number(*max));
  if (abs_max) add("|" + metric + "| <= " + plain_number(*abs_max));
  return s;
}

MetricSpec Policy::resolve(std::string_view metric, const std::string& benchmark) const {
  MetricSpec s = builtin_metric(metric);
  if (s.timing && time_threshold) s.threshold = *time_threshold;
  if (s.timing && !gate_timing) s.direction = Direction::kInfo;
  if (const auto it = metrics.find(s.name); it != metrics.end()) apply(s, it->second);
  for (const auto& o : overrides) {
    if (!std::regex_search(benchmark, o.regex)) continue;
    if (const auto it = o.metrics.find(s.name); it != o.metrics.end()) apply(s, it->second);
  }
  if (s.timing && forced_time_threshold) s.threshold = *forced_time_threshold;
  return s;
}

bool Policy::ignored(const std::string& benchmark) const {
  for (const auto& o : overrides) {
    if (o.ignore && std::regex_search(benchmark, o.regex)) return true;
  }
  return false;
}

Policy parse_policy(std::string_view text_in, std::string source) {
  json root;
  try {
    root = parse_tolerant_json(text_in);
  } catch (const JsonError& e) {
    fail(source, e.what());
  }
  if (!root.is_object()) fail(source, "a policy is a JSON object");
  only_keys(root,
            {"alpha", "time_threshold", "gate_timing", "fail_on_missing", "metrics", "overrides",
             "limits", "description"},
            source, "the policy");
  Policy p;
  p.source = source;
  if (root.contains("alpha")) {
    p.alpha = number(root["alpha"], source, "alpha");
    if (!(p.alpha > 0 && p.alpha < 1)) fail(source, "alpha must lie in (0, 1)");
  }
  if (root.contains("time_threshold")) {
    p.time_threshold = non_negative(root["time_threshold"], source, "time_threshold");
  }
  for (const char* flag : {"gate_timing", "fail_on_missing"}) {
    if (!root.contains(flag)) continue;
    if (!root[flag].is_boolean()) fail(source, std::string(flag) + " must be true or false");
    (std::string_view(flag) == "gate_timing" ? p.gate_timing : p.fail_on_missing) =
        root[flag].get<bool>();
  }
  if (root.contains("metrics")) p.metrics = parse_rules(root["metrics"], source, "metrics");
  if (root.contains("overrides")) {
    if (!root["overrides"].is_array()) fail(source, "overrides must be an array");
    std::size_t i = 0;
    for (const auto& o : root["overrides"]) {
      const std::string where = "overrides[" + std::to_string(i++) + "]";
      if (!o.is_object()) fail(source, where + " must be an object");
      only_keys(o, {"benchmarks", "ignore", "metrics"}, source, where);
      if (!o.contains("benchmarks")) fail(source, where + " needs \"benchmarks\" (a regex)");
      BenchmarkOverride ov;
      ov.pattern = text(o["benchmarks"], source, where + ".benchmarks");
      ov.regex = compile(ov.pattern, source, where);
      if (o.contains("ignore")) {
        if (!o["ignore"].is_boolean()) fail(source, where + ".ignore must be true or false");
        ov.ignore = o["ignore"].get<bool>();
      }
      if (o.contains("metrics")) ov.metrics = parse_rules(o["metrics"], source, where + ".metrics");
      p.overrides.push_back(std::move(ov));
    }
  }
  if (root.contains("limits")) {
    if (!root["limits"].is_array()) fail(source, "limits must be an array");
    std::size_t i = 0;
    for (const auto& l : root["limits"]) {
      const std::string where = "limits[" + std::to_string(i++) + "]";
      if (!l.is_object()) fail(source, where + " must be an object");
      only_keys(l, {"benchmarks", "metric", "min", "max", "abs_max"}, source, where);
      AbsoluteLimit limit;
      if (!l.contains("metric")) fail(source, where + " needs \"metric\"");
      limit.metric = text(l["metric"], source, where + ".metric");
      if (l.contains("benchmarks")) {
        limit.pattern = text(l["benchmarks"], source, where + ".benchmarks");
        limit.regex = compile(limit.pattern, source, where);
      }
      if (l.contains("min")) limit.min = number(l["min"], source, where + ".min");
      if (l.contains("max")) limit.max = number(l["max"], source, where + ".max");
      if (l.contains("abs_max"))
        limit.abs_max = non_negative(l["abs_max"], source, where + ".abs_max");
      if (!limit.min && !limit.max && !limit.abs_max) {
        fail(source, where + " needs at least one of min, max, abs_max");
      }
      p.limits.push_back(std::move(limit));
    }
  }
  return p;
}

Policy load_policy(const std::filesystem::path& path) {
  std::string text;
  try {
    text = read_text_file(path);
  } catch (const JsonError& e) {
    throw PolicyError(std::string("policy: ") + e.what());
  }
  return parse_policy(text, path.string());
}

}  // namespace mdb::compare
