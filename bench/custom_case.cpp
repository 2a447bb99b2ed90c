#include "bench/custom_case.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/neighbor/neighbor_list.hpp"
#include "md/structure/elements.hpp"
#include "md/structure/structure_file.hpp"

namespace mdb::bench {
namespace {

[[noreturn]] void bad(const std::string& name, const std::string& what) {
  std::string msg = "--md_case ";
  msg.append(name).append(": ").append(what);
  throw std::invalid_argument(msg);
}

double number(const std::string& name, const std::string& key, const std::string& text) {
  double v = 0.0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(v) || v < 0)
    bad(name, key + "=" + text + " is not a non-negative number");
  return v;
}

std::vector<std::string> slash_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = std::min(text.find('/', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The model from the catalogue, resolved against the case's atoms so that a file for other
// elements fails in the user's terms now (which species the file has, which the case needs),
// before any state is prepared. c.model is the spec as given.
void set_model(CaseSpec& c, const std::string& model, const std::optional<std::string>& baseline,
               const System& sample) {
  ModelRequest request;
  request.case_name = c.name;
  for (const Species& sp : sample.species_table()) {
    request.species.push_back(sp.name);
    request.masses.push_back(sp.mass);
  }
  request.baseline = baseline;
  try {
    c.recipe = resolve_model(model, request);
  } catch (const std::exception& e) {
    bad(c.name, e.what());
  }
  c.model = model;
}

// The case a user's student is judged against (energy_mae, force_rmse): a known case of the same
// units whose model takes the student's atoms.
void set_teacher(CaseSpec& c, const std::string& teacher, System& sample) {
  const CaseSpec* t = find_case(teacher);
  if (t == nullptr) bad(c.name, "teacher '" + teacher + "' is not a case (--md_list lists them)");
  if (t->units != c.units) bad(c.name, "teacher '" + teacher + "' runs in other units");
  try {
    t->recipe.make()->bind(sample);
  } catch (const std::exception& e) {
    bad(c.name, "teacher '" + teacher + "' cannot run this case's atoms: " + e.what());
  }
  c.teacher = teacher;
}

// The first ',' outside braces, brackets and double quotes: model=ase:m:C:{"a": 1, "b": 2}
// keeps its JSON keyword arguments whole.
std::size_t top_level_comma(std::string_view s) {
  int depth = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (quoted) {
      if (ch == '\\') {
        ++i;
      } else if (ch == '"') {
        quoted = false;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == '{' || ch == '[') {
      ++depth;
    } else if ((ch == '}' || ch == ']') && depth > 0) {
      --depth;
    } else if (ch == ',' && depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

CaseSpec parse_custom_case(std::string_view spec) {
  const auto colon = spec.find(':');
  CaseSpec c;
  c.custom = true;
  c.name = std::string(spec.substr(0, colon));
  if (c.name.empty() || colon == std::string_view::npos)
    throw std::invalid_argument("--md_case: expected NAME:key=value,... (docs/BENCHMARKS.md)");
  for (char ch : c.name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.')
      bad(c.name, "a case name takes letters, digits, '-', '_' and '.' only");
  }
  std::map<std::string, std::string, std::less<>> kv;
  std::string_view rest = spec.substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = std::min(top_level_comma(rest), rest.size());
    const std::string_view item = rest.substr(0, comma);
    rest.remove_prefix(std::min(comma + 1, rest.size()));
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
      bad(c.name, "expected key=value, got '" + std::string(item) + "'");
    if (!kv.emplace(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1))).second)
      bad(c.name, "key '" + std::string(item.substr(0, eq)) + "' given twice");
  }
  auto take = [&](const char* key) -> std::optional<std::string> {
    const auto it = kv.find(key);
    if (it == kv.end()) return std::nullopt;
    std::string v = it->second;
    kv.erase(it);
    return v;
  };
  auto num = [&](const char* key, double fallback) {
    const auto v = take(key);
    return v ? number(c.name, key, *v) : fallback;
  };

  const auto model = take("model");
  if (!model) bad(c.name, "model= is required");
  const auto baseline = take("baseline");
  const auto teacher = take("teacher");
  const auto rdf = take("rdf");
  c.units = &kMetalUnits;
  if (const auto path = take("structure")) {
    StructureOptions so;
    if (const auto types = take("types")) so.type_names = slash_list(*types);
    try {
      c.structure = std::make_shared<const System>(read_structure(*path, so));
    } catch (const std::exception& e) {
      bad(c.name, e.what());
    }
    for (const char* k : {"lattice", "a", "species", "mass"}) {
      if (kv.count(k)) bad(c.name, std::string(k) + "= does not go with structure=");
    }
    c.description = "custom: " + *model + " on " + *path;
  } else {
    const auto lattice = take("lattice");
    const auto species = take("species");
    if (!lattice || !species) bad(c.name, "give structure=<file>, or lattice=, a= and species=");
    try {
      c.lattice = parse_lattice_kind(*lattice);
    } catch (const std::exception& e) {
      bad(c.name, e.what());
    }
    c.lattice_constant = num("a", 0.0);
    if (c.lattice_constant <= 0) bad(c.name, "a=<lattice constant, Angstrom> is required");
    c.species = *species;
    const auto known = standard_atomic_mass(c.species);
    c.mass = num("mass", known.value_or(0.0));
    if (c.mass <= 0) bad(c.name, "no standard mass for '" + c.species + "': give mass=<amu>");
    c.description = "custom: " + *model + " on " + *lattice + " " + c.species;
  }
  c.temperature = num("T", 300.0);
  c.pressure = num("P", 1.0);
  c.timestep = num("dt", 0.001);
  c.neighbor.skin = num("skin", 1.0);
  c.friction = num("friction", 5.0);
  if (c.timestep <= 0 || c.friction <= 0) bad(c.name, "dt and friction must be > 0");
  c.barostat_tau = 1.0;
  c.compressibility = 1e-6;
  c.equilibration_steps = 200;
  c.ensembles = {Ensemble::NVE, Ensemble::NVT};
  if (const auto e = take("ensembles")) {
    c.ensembles.clear();
    for (const std::string& n : slash_list(*e)) {
      try {
        c.ensembles.push_back(parse_ensemble(n));
      } catch (const std::exception& ex) {
        bad(c.name, ex.what());
      }
    }
  }
  const int unit = atoms_per_unit(c);
  // A structure runs as given, but a one-atom cell (a primitive cell) is replicated 2 x 2 x 2:
  // MD needs at least two atoms.
  c.sizes = {c.structure ? (unit >= 2 ? unit : 8 * unit) : unit * 64};
  if (const auto sizes = take("sizes")) {
    c.sizes.clear();
    for (const std::string& n : slash_list(*sizes)) {
      const double v = number(c.name, "sizes", n);
      c.sizes.push_back(static_cast<int>(v));
      try {
        cells_for_atoms(c, c.sizes.back());
      } catch (const std::exception& ex) {
        bad(c.name, ex.what());
      }
    }
  }
  c.batched_atoms = c.sizes.front();
  c.max_atoms = 1 << 17;
  c.full_max_atoms = *std::max_element(c.sizes.begin(), c.sizes.end());
  if (!kv.empty()) bad(c.name, "unknown key '" + kv.begin()->first + "'");

  System sample = [&] {
    try {
      return build_case_system(c, c.sizes.front(), 1);
    } catch (const std::exception& e) {
      bad(c.name, e.what());
    }
  }();
  set_model(c, *model, baseline, sample);
  if (c.structure && c.structure->topology().empty() && c.recipe.infer_topology) {
    // A molecular model on a structure without bonds (extended XYZ): find its molecules once.
    try {
      System with_topology = *c.structure;
      c.recipe.infer_topology(with_topology);
      c.structure = std::make_shared<const System>(std::move(with_topology));
      sample = build_case_system(c, c.sizes.front(), 1);
    } catch (const std::exception& e) {
      bad(c.name, e.what());
    }
  }
  try {
    const std::unique_ptr<ForceField> ff = c.recipe.make();
    ff->bind(sample);
    // A box too small for the cutoff (more image shells than the list allows) is the user's
    // input: say so now, not in a run.
    NeighborList list(ff->cutoff(), ff->neighbor_kind(), c.neighbor);
    list.build(sample);
  } catch (const std::exception& e) {
    bad(c.name, e.what());
  }
  if (teacher) set_teacher(c, *teacher, sample);
  if (rdf) {
    if (!teacher) bad(c.name, "rdf= compares g(r) with a teacher's: give teacher= too");
    if (sample.find_species(*rdf) < 0) {
      bad(c.name, "rdf= species '" + *rdf + "' is not among the case's atoms");
    }
    c.rdf_species = *rdf;
  }
  return c;
}

}  // namespace mdb::bench
