#include "tests/fuzz/fuzz_targets.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <vector>

#include "compare/diff/gbench_json.hpp"
#include "compare/diff/policy.hpp"
#include "md/structure/extxyz.hpp"
#include "md/structure/lammps_data.hpp"
#include "md/structure/structure_file.hpp"

namespace mdb::fuzz {
namespace {

// Only what the headers promise of a value they return, so a report is a bug and not a wish.
std::string check_runs(const compare::BenchmarkFile& file) {
  for (const auto& r : file.runs) {
    if (r.run_type.empty()) return "a row without run_type";
    const auto& u = r.time_unit;
    if (!(u.empty() || u == "ns" || u == "us" || u == "ms" || u == "s")) {
      return "a row with an unknown time_unit";
    }
    // Times without a unit are refused, so a unit-less row has no times.
    if (r.time_unit.empty() && !(std::isnan(r.real_time) && std::isnan(r.cpu_time))) {
      return "a row with times but no time_unit";
    }
  }
  return "";
}

std::string check_policy(const compare::Policy& p) {
  if (!(p.alpha > 0 && p.alpha < 1)) return "alpha outside (0, 1)";
  if (p.time_threshold && !(*p.time_threshold >= 0 && std::isfinite(*p.time_threshold))) {
    return "time_threshold negative or not finite";
  }
  for (const auto& l : p.limits) {
    if (!l.min && !l.max && !l.abs_max) return "a limit with no bound";
    if (l.abs_max && !(*l.abs_max >= 0)) return "a negative abs_max";
  }
  return "";
}

// read_structure's promise: at least one atom, each wrapped into a valid box, finite velocities
// and positive masses.
std::string check_system(const System& s) {
  if (s.size() == 0) return "a System without atoms";
  const auto& lo = s.box().lo();
  const auto& len = s.box().lengths();
  const double* pos[3] = {s.x().data(), s.y().data(), s.z().data()};
  const double* vel[3] = {s.vx().data(), s.vy().data(), s.vz().data()};
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      if (!(pos[a][i] >= lo[a] && pos[a][i] < lo[a] + len[a])) {
        return "atom " + std::to_string(i) + " not wrapped into the box (coordinate " +
               std::to_string(pos[a][i]) + ")";
      }
      if (!std::isfinite(vel[a][i])) {
        return "atom " + std::to_string(i) + " has a non-finite velocity";
      }
    }
  }
  for (const auto& sp : s.species_table()) {
    if (!(std::isfinite(sp.mass) && sp.mass > 0)) return "species " + sp.name + " with bad mass";
  }
  return "";
}

// Runs one reader call. Its documented exception means "rejected", which is fine; another
// std::exception is handled too (no abort of its own), but reported, as its message lacks the
// file and line the documented one carries.
template <class Error, class Read, class Check>
std::string guarded(Read read, Check check) {
  try {
    return check(read());
  } catch (const Error&) {
    return "";
  } catch (const std::exception& e) {
    return std::string("threw another std::exception than documented: ") + e.what();
  }
}

template <class Reader>
std::string feed_structure(std::string_view bytes, Reader reader,
                           const std::vector<StructureOptions>& option_sets) {
  for (const auto& options : option_sets) {
    std::istringstream in{std::string(bytes)};
    auto problem =
        guarded<StructureFileError>([&] { return reader(in, "fuzz", options); }, check_system);
    if (!problem.empty()) return problem;
  }
  return "";
}

StructureOptions with_masses(StructureOptions o) {
  o.masses = {{"Si", 28.0855}, {"C", 12.011}, {"X", 1.5}};
  return o;
}

}  // namespace

std::string feed_gbench_json(std::string_view bytes) {
  return guarded<compare::JsonError>(
      [&] { return compare::read_benchmark_json(bytes, "fuzz.json"); }, check_runs);
}

std::string feed_policy(std::string_view bytes) {
  return guarded<compare::PolicyError>(
      [&] { return compare::parse_policy(bytes, "fuzz-policy.json"); }, check_policy);
}

std::string feed_extxyz(std::string_view bytes) {
  // Defaults (masses from the column or the element table), and masses given for names.
  static const std::vector<StructureOptions> sets = {{}, with_masses({})};
  return feed_structure(bytes, read_extxyz, sets);
}

std::string feed_lammps_data(std::string_view bytes) {
  // Names from the file (labels or mass comments); named types with masses by name; and a
  // style the Atoms comment must agree with.
  static const std::vector<StructureOptions> sets = [] {
    StructureOptions named = with_masses({});
    named.type_names = {"Si", "C"};
    StructureOptions full;
    full.atom_style = LammpsAtomStyle::Full;
    return std::vector<StructureOptions>{{}, named, full};
  }();
  return feed_structure(bytes, read_lammps_data, sets);
}

Feed feed_for(std::string_view target) {
  if (target == "gbench_json") return feed_gbench_json;
  if (target == "policy") return feed_policy;
  if (target == "extxyz") return feed_extxyz;
  if (target == "lammps_data") return feed_lammps_data;
  return nullptr;
}

void run_or_abort(Feed feed, const unsigned char* data, std::size_t size) {
  const std::string problem = feed(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!problem.empty()) {
    std::fprintf(stderr, "fuzz: broken promise: %s\n", problem.c_str());
    std::abort();
  }
}

}  // namespace mdb::fuzz
