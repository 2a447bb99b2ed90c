#include "model/distill/frame_file.hpp"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace mdb {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "mdbench-labelled-frames";
constexpr int kVersion = 1;

json frame_json(const LabelledFrame& f) {
  const System& s = f.system;
  json species = json::array();
  for (const auto& sp : s.species_table())
    species.push_back({{"name", sp.name}, {"mass", sp.mass}});
  auto list = [](auto span) { return json(std::vector<double>(span.begin(), span.end())); };
  return {{"source", f.source},
          {"energy_eV", f.energy},
          {"box_lo", s.box().lo()},
          {"box_lengths", s.box().lengths()},
          {"species", species},
          {"type", std::vector<int>(s.species().begin(), s.species().end())},
          {"x", list(s.x())},
          {"y", list(s.y())},
          {"z", list(s.z())},
          {"fx", f.fx},
          {"fy", f.fy},
          {"fz", f.fz}};
}

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("frames file " + path_ + ": " + what);
  }

  const json& member(const json& obj, const char* key, const std::string& where) const {
    if (!obj.is_object()) fail(where + " must be an object");
    const auto it = obj.find(key);
    if (it == obj.end()) fail(where + " lacks '" + key + "'");
    return *it;
  }

  double number(const json& v, const std::string& what) const {
    if (!v.is_number() || !std::isfinite(v.get<double>())) fail(what + " must be a finite number");
    return v.get<double>();
  }

  std::vector<double> numbers(const json& v, std::size_t n, const std::string& what) const {
    if (!v.is_array() || v.size() != n) {
      fail(what + " must be an array of " + std::to_string(n) + " numbers");
    }
    std::vector<double> out;
    out.reserve(n);
    for (const auto& x : v) out.push_back(number(x, what));
    return out;
  }

  LabelledFrame frame(const json& j, const std::string& where) const {
    const auto lo = numbers(member(j, "box_lo", where), 3, where + " box_lo");
    const auto len = numbers(member(j, "box_lengths", where), 3, where + " box_lengths");
    for (double l : len) {
      if (!(l > 0)) fail(where + " box_lengths must be positive");
    }
    System s(Box({lo[0], lo[1], lo[2]}, {len[0], len[1], len[2]}), kMetalUnits);
    const json& species = member(j, "species", where);
    if (!species.is_array() || species.empty()) fail(where + " species must be a non-empty array");
    for (const auto& sp : species) {
      const json& name = member(sp, "name", where + " species");
      if (!name.is_string() || name.get_ref<const std::string&>().empty()) {
        fail(where + " species name must be a non-empty string");
      }
      if (s.find_species(name.get_ref<const std::string&>()) >= 0) {
        fail(where + " species '" + name.get<std::string>() + "' is listed twice");
      }
      const double mass = number(member(sp, "mass", where + " species"), where + " species mass");
      if (!(mass > 0)) fail(where + " species mass must be positive");
      s.add_species(name.get<std::string>(), mass);
    }
    const json& type = member(j, "type", where);
    if (!type.is_array() || type.empty()) fail(where + " type must be a non-empty array");
    const std::size_t n = type.size();
    const auto x = numbers(member(j, "x", where), n, where + " x");
    const auto y = numbers(member(j, "y", where), n, where + " y");
    const auto z = numbers(member(j, "z", where), n, where + " z");
    s.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!type[i].is_number_integer() || type[i].get<long>() < 0 ||
          type[i].get<long>() >= static_cast<long>(species.size())) {
        fail(where + " type entries must index its species");
      }
      s.add_atom(type[i].get<int>(), x[i], y[i], z[i]);
    }
    const json& source = member(j, "source", where);
    if (!source.is_string()) fail(where + " source must be a string");
    LabelledFrame f{std::move(s),
                    number(member(j, "energy_eV", where), where + " energy_eV"),
                    numbers(member(j, "fx", where), n, where + " fx"),
                    numbers(member(j, "fy", where), n, where + " fy"),
                    numbers(member(j, "fz", where), n, where + " fz"),
                    source.get<std::string>()};
    return f;
  }

  FrameFile read() const {
    std::ifstream in(path_);
    if (!in) fail("cannot be read");
    json doc;
    try {
      doc = json::parse(in);
    } catch (const json::exception& e) {  // parse errors, and numbers beyond double's range
      fail(std::string("is not JSON this build reads (") + e.what() + ")");
    }
    const json& format = member(doc, "format", "the document");
    if (format != kFormat)
      fail(std::string("is not a labelled-frames file (format '") + kFormat + "')");
    if (member(doc, "version", "the document") != kVersion) {
      fail("has an unknown version (this build reads version " + std::to_string(kVersion) + ")");
    }
    if (member(doc, "units", "the document") != "metal") fail("is not in metal units");
    const json& labelled_by = member(doc, "labelled_by", "the document");
    if (!labelled_by.is_string()) fail("labelled_by must be a string");
    const json& sets = member(doc, "sets", "the document");
    if (!sets.is_array()) fail("sets must be an array");
    FrameFile out{labelled_by.get<std::string>(), {}};
    for (std::size_t k = 0; k < sets.size(); ++k) {
      const std::string where = "set " + std::to_string(k);
      const json& name = member(sets[k], "name", where);
      if (!name.is_string()) fail(where + " name must be a string");
      const json& frames = member(sets[k], "frames", where);
      if (!frames.is_array()) fail(where + " frames must be an array");
      FrameSet set{name.get<std::string>(), {}};
      for (std::size_t i = 0; i < frames.size(); ++i) {
        set.frames.push_back(
            frame(frames[i], where + " (" + set.name + ") frame " + std::to_string(i)));
      }
      out.sets.push_back(std::move(set));
    }
    return out;
  }

 private:
  std::string path_;
};

}  // namespace

void write_frame_file(const std::string& path, const FrameFile& file) {
  json doc = {{"format", kFormat},
              {"version", kVersion},
              {"units", "metal"},
              {"labelled_by", file.labelled_by},
              {"sets", json::array()}};
  for (const auto& set : file.sets) {
    json frames = json::array();
    for (const auto& f : set.frames) frames.push_back(frame_json(f));
    doc["sets"].push_back({{"name", set.name}, {"frames", std::move(frames)}});
  }
  std::ofstream out(path);
  out << doc.dump() << "\n";
  if (!out) throw std::runtime_error(path + ": cannot be written");
}

FrameFile read_frame_file(const std::string& path) {
  return Reader(path).read();
}

}  // namespace mdb
