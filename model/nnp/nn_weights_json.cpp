#include "model/nnp/nn_weights_json.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
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

double number(const json& v, const std::string& source, const std::string& what) {
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

}  // namespace

NnSpec parse_nn_weights(std::string_view text, const std::string& src) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {  // parse errors, and numbers beyond double's range
    fail(src, std::string("not valid JSON (") + e.what() + ")");
  }
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
  spec.validate(src);
  return spec;
}

NnSpec read_nn_weights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument(path + ": cannot open");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_nn_weights(ss.str(), path);
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
