#include "model/nnp/nn_weights_json.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace mdb {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw std::invalid_argument(source + ": " + what);
}

// Every object's keys are checked: a misspelt key would otherwise be silently ignored.
void check_keys(const json& obj, const std::set<std::string>& allowed, const std::string& source,
                const std::string& where) {
  if (!obj.is_object()) fail(source, where + " must be an object");
  for (const auto& [key, value] : obj.items()) {
    if (!allowed.count(key)) fail(source, "unknown key '" + key + "' in " + where);
  }
}

const json& member(const json& obj, const char* key, const std::string& source,
                   const std::string& where) {
  const auto it = obj.find(key);
  if (it == obj.end()) fail(source, where + " lacks '" + key + "'");
  return *it;
}

// JSON has no NaN or infinity, but Python's json.dump writes NaN, Infinity and -Infinity for a
// non-finite weight, and an overflowed float prints as 1e999: both are what a user's broken
// export looks like. When the strict parse fails, such tokens are swapped for this marker string
// and the document is read again, so the error can name the field that holds one.
constexpr std::string_view kNonFinite = "@mdbench-non-finite:";
constexpr std::string_view kMustBeFinite = " (every value must be a finite number)";

double number(const json& v, const std::string& source, const std::string& what) {
  if (v.is_string() && v.get_ref<const std::string&>().starts_with(kNonFinite)) {
    fail(source, what + " is " + v.get<std::string>().substr(kNonFinite.size()) +
                     std::string(kMustBeFinite));
  }
  if (!v.is_number()) fail(source, what + " must be a number");
  return v.get<double>();
}

std::vector<double> numbers(const json& v, const std::string& source, const std::string& what) {
  if (!v.is_array()) fail(source, what + " must be an array of numbers");
  std::vector<double> out;
  out.reserve(v.size());
  for (const auto& x : v) out.push_back(number(x, source, what + " entry"));
  return out;
}

bool number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// The length of a NaN or infinity literal at the start of `text` (a sign included), or 0.
std::size_t non_finite_literal(std::string_view text) {
  const std::size_t sign = text.starts_with('-') || text.starts_with('+') ? 1 : 0;
  for (const std::string_view word : {"NaN", "Infinity", "nan", "inf"}) {
    if (text.substr(sign).starts_with(word)) return sign + word.size();
  }
  return 0;
}

// The text with every NaN, Infinity, -Infinity and overflowing number outside strings replaced
// by a marker string; nullopt when there is none (the parse error then stands as it is).
std::optional<std::string> mark_non_finite(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool found = false;
  auto mark = [&](std::string_view what) {
    out.append("\"").append(kNonFinite).append(what).append("\"");
    found = true;
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {  // copy a string through its closing quote, escapes included
      const std::size_t start = i++;
      while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
      i = std::min(i + 1, text.size());
      out.append(text.substr(start, i - start));
    } else if (const std::size_t n = non_finite_literal(text.substr(i)); n > 0) {
      mark(text.substr(i, n));
      i += n;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t end = i;
      while (end < text.size() && number_char(text[end])) ++end;
      const std::string token(text.substr(i, end - i));
      if (std::isinf(std::strtod(token.c_str(), nullptr))) {
        mark(token + ", beyond double's range");
      } else {
        out.append(token);
      }
      i = end;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  if (!found) return std::nullopt;
  return out;
}

AevParams parse_aev(const json& a, const std::string& src) {
  check_keys(a,
             {"radial_cutoff", "radial_eta", "radial_shifts", "angular_cutoff", "angular_eta",
              "zeta", "angle_shifts", "angular_shifts"},
             src, "\"aev\"");
  AevParams p;
  p.radial_cutoff = number(member(a, "radial_cutoff", src, "aev"), src, "aev.radial_cutoff");
  p.radial_eta = number(member(a, "radial_eta", src, "aev"), src, "aev.radial_eta");
  p.radial_shifts = numbers(member(a, "radial_shifts", src, "aev"), src, "aev.radial_shifts");
  p.angular_cutoff = number(member(a, "angular_cutoff", src, "aev"), src, "aev.angular_cutoff");
  p.angular_eta = number(member(a, "angular_eta", src, "aev"), src, "aev.angular_eta");
  p.zeta = number(member(a, "zeta", src, "aev"), src, "aev.zeta");
  p.angle_shifts = numbers(member(a, "angle_shifts", src, "aev"), src, "aev.angle_shifts");
  p.angular_shifts = numbers(member(a, "angular_shifts", src, "aev"), src, "aev.angular_shifts");
  return p;
}

DenseLayerSpec parse_layer(const json& l, const std::string& src, const std::string& who) {
  check_keys(l, {"weights", "bias"}, src, who);
  const json& w = member(l, "weights", src, who);
  if (!w.is_array() || w.empty()) fail(src, who + " weights must be a non-empty array of rows");
  DenseLayerSpec d;
  d.out = static_cast<int>(w.size());
  for (std::size_t r = 0; r < w.size(); ++r) {
    const auto row = numbers(w[r], src, who + " weights row " + std::to_string(r));
    if (r == 0) d.in = static_cast<int>(row.size());
    if (static_cast<int>(row.size()) != d.in) {
      fail(src, who + " weights row " + std::to_string(r) + " has " + std::to_string(row.size()) +
                    " values, row 0 has " + std::to_string(d.in));
    }
    d.weights.insert(d.weights.end(), row.begin(), row.end());
  }
  d.bias = numbers(member(l, "bias", src, who), src, who + " bias");
  return d;
}

// The first layer's input is where a user's export most often goes wrong (a descriptor with other
// shifts or species than the network was trained on), so the message spells out the AEV length.
void check_first_layers(const NnSpec& spec, const std::string& src) {
  const int n = static_cast<int>(spec.species.size());
  const int expect = spec.aev.length(n);
  for (std::size_t s = 0; s < spec.networks.size(); ++s) {
    if (spec.networks[s].empty() || spec.networks[s].front().in == expect) continue;
    fail(src, "network '" + spec.species[s] + "' layer 0 takes " +
                  std::to_string(spec.networks[s].front().in) + " inputs, expected " +
                  std::to_string(expect) + " (the AEV length: " + std::to_string(n) +
                  " species x " + std::to_string(spec.aev.radial_shifts.size()) +
                  " radial_shifts + " + std::to_string(n * (n + 1) / 2) + " species pairs x " +
                  std::to_string(spec.aev.angle_shifts.size()) + " angle_shifts x " +
                  std::to_string(spec.aev.angular_shifts.size()) + " angular_shifts)");
  }
}

NnSpec spec_from_document(const json& doc, const std::string& src) {
  check_keys(doc,
             {"format", "version", "name", "description", "species", "aev", "activation",
              "energy_shifts", "networks"},
             src, "the document");
  const json& fmt = member(doc, "format", src, "the document");
  if (!fmt.is_string() || fmt.get<std::string>() != kNnFormat) {
    fail(src,
         "not an mdbench NN weights file (\"format\" must be \"" + std::string(kNnFormat) + "\")");
  }
  const json& ver = member(doc, "version", src, "the document");
  if (!ver.is_number_integer() || ver.get<int>() != kNnFormatVersion) {
    fail(src,
         "unsupported version (this build reads version " + std::to_string(kNnFormatVersion) + ")");
  }
  NnSpec spec;
  if (doc.contains("name")) {
    if (!doc["name"].is_string()) fail(src, "\"name\" must be a string");
    spec.name = doc["name"].get<std::string>();
  }
  if (doc.contains("description")) {
    if (!doc["description"].is_string()) fail(src, "\"description\" must be a string");
    spec.description = doc["description"].get<std::string>();
  }
  const json& sp = member(doc, "species", src, "the document");
  if (!sp.is_array()) fail(src, "\"species\" must be an array of names");
  for (const auto& s : sp) {
    if (!s.is_string()) fail(src, "\"species\" must be an array of names");
    // Caught here, not left to validate(): a repeated name also changes the AEV length, and the
    // first-layer check below would otherwise report the symptom instead of the cause.
    if (spec.species_index(s.get<std::string>()) >= 0) {
      fail(src, "species '" + s.get<std::string>() + "' listed twice");
    }
    spec.species.push_back(s.get<std::string>());
  }
  spec.aev = parse_aev(member(doc, "aev", src, "the document"), src);
  const json& act = member(doc, "activation", src, "the document");
  check_keys(act, {"type", "alpha"}, src, "\"activation\"");
  const json& type = member(act, "type", src, "\"activation\"");
  if (!type.is_string() || type.get<std::string>() != "celu") {
    fail(src, "activation type must be \"celu\"");
  }
  spec.celu_alpha = number(member(act, "alpha", src, "\"activation\""), src, "activation alpha");

  // Keyed by species name: every key must be a listed species, every species must appear.
  auto per_species = [&](const char* key) {
    const json& obj = member(doc, key, src, "the document");
    if (!obj.is_object()) fail(src, std::string("\"") + key + "\" must be an object by species");
    for (const auto& [name, value] : obj.items()) {
      if (spec.species_index(name) < 0) {
        fail(src, std::string("\"") + key + "\" names unknown species '" + name + "'");
      }
    }
    for (const auto& s : spec.species) {
      if (!obj.contains(s)) fail(src, std::string("\"") + key + "\" lacks species '" + s + "'");
    }
    return &obj;
  };
  const json* shifts = per_species("energy_shifts");
  const json* nets = per_species("networks");
  for (const auto& s : spec.species) {
    spec.energy_shifts.push_back(number((*shifts)[s], src, "energy shift of '" + s + "'"));
    const json& layers = (*nets)[s];
    if (!layers.is_array()) fail(src, "network '" + s + "' must be an array of layers");
    std::vector<DenseLayerSpec> net;
    for (std::size_t l = 0; l < layers.size(); ++l) {
      net.push_back(parse_layer(layers[l], src, "network '" + s + "' layer " + std::to_string(l)));
    }
    spec.networks.push_back(std::move(net));
  }
  spec.aev.validate(src);
  check_first_layers(spec, src);
  spec.validate(src);
  return spec;
}

}  // namespace

NnSpec parse_nn_weights(std::string_view text, const std::string& src) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {  // parse errors, and numbers beyond double's range
    const std::string error = std::string("not valid JSON (") + e.what() + ")";
    const auto marked = mark_non_finite(text);
    if (!marked) fail(src, error);
    try {
      spec_from_document(json::parse(*marked), src);
    } catch (const std::invalid_argument& named) {
      // Only an error that names the non-finite value beats the parser's own.
      if (std::string_view(named.what()).ends_with(kMustBeFinite)) throw;
    } catch (const json::exception&) {
    }
    fail(src, error);
  }
  return spec_from_document(doc, src);
}

NnSpec read_nn_weights(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, not a weights file");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) fail(path, "cannot read");
  const std::string text = ss.str();
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail(path, "the file is empty");
  return parse_nn_weights(text, path);
}

std::string nn_weights_to_json(const NnSpec& spec) {
  json doc;
  doc["format"] = kNnFormat;
  doc["version"] = kNnFormatVersion;
  doc["name"] = spec.name;
  doc["description"] = spec.description;
  doc["species"] = spec.species;
  const AevParams& a = spec.aev;
  doc["aev"] = {{"radial_cutoff", a.radial_cutoff}, {"radial_eta", a.radial_eta},
                {"radial_shifts", a.radial_shifts}, {"angular_cutoff", a.angular_cutoff},
                {"angular_eta", a.angular_eta},     {"zeta", a.zeta},
                {"angle_shifts", a.angle_shifts},   {"angular_shifts", a.angular_shifts}};
  doc["activation"] = {{"type", "celu"}, {"alpha", spec.celu_alpha}};
  json shifts = json::object(), nets = json::object();
  for (std::size_t s = 0; s < spec.species.size(); ++s) {
    shifts[spec.species[s]] = spec.energy_shifts.at(s);
    json layers = json::array();
    for (const auto& l : spec.networks.at(s)) {
      json rows = json::array();
      for (int r = 0; r < l.out; ++r) {
        const auto begin = l.weights.begin() + static_cast<std::ptrdiff_t>(r) * l.in;
        rows.push_back(std::vector<double>(begin, begin + l.in));
      }
      layers.push_back({{"weights", std::move(rows)}, {"bias", l.bias}});
    }
    nets[spec.species[s]] = std::move(layers);
  }
  doc["energy_shifts"] = std::move(shifts);
  doc["networks"] = std::move(nets);
  return doc.dump(1);
}

void write_nn_weights(const NnSpec& spec, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error(path + ": cannot open for writing");
  out << nn_weights_to_json(spec) << '\n';
  if (!out) throw std::runtime_error(path + ": write failed");
}

}  // namespace mdb
