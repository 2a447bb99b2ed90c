#include "bench/md_list.hpp"

#include <nlohmann/json.hpp>

#include "bench/cases.hpp"
#include "bench/counters.hpp"
#ifdef MDB_HAVE_KIM
#include "model/kim/kim_collections.hpp"
#endif

namespace mdb::bench {
namespace {

// Empty when md_bench was built without the KIM API.
std::vector<std::string> installed_kim_models() {
#ifdef MDB_HAVE_KIM
  return list_kim_models();
#else
  return {};
#endif
}

}  // namespace

void print_list(const MdOptions& o, const std::vector<PlannedBenchmark>& plan,
                const std::string& filter, std::ostream& out) {
  std::vector<std::string> names;
  for (std::string& n : reported_names(plan)) {
    if (filter_selects(filter, n)) names.push_back(std::move(n));
  }
  if (o.list == MdOptions::List::Json) {
    nlohmann::json j;
    j["mdbench_schema"] = "1";
    j["families"] = {"Step", "Trajectory", "Scaling", "Batched", "Peer"};
    j["kim_models"] = installed_kim_models();
    for (const CaseSpec& c : case_table()) {
      nlohmann::json cj{{"name", c.name},
                        {"model", c.model},
                        {"description", c.description},
                        {"units", std::string(c.units->name)},
                        {"species", c.species},
                        {"mass", c.mass},
                        {"temperature", c.temperature},
                        {"pressure", c.pressure},
                        {"timestep", c.timestep},
                        {"skin", c.neighbor.skin},
                        {"neighbor_every", c.neighbor.every},
                        {"neighbor_check", c.neighbor.check},
                        {"sizes", c.sizes},
                        {"scaling_sizes", c.scaling_sizes},
                        {"max_atoms", c.max_atoms}};
      // A case built from a structure has no lattice constant: the atoms of its repeat unit.
      if (c.structure) {
        cj["structure_atoms"] = c.structure->size();
      } else {
        cj["lattice_constant"] = c.lattice_constant;
      }
      for (Ensemble e : c.ensembles) cj["ensembles"].push_back(std::string(ensemble_name(e)));
      j["cases"].push_back(cj);
    }
    for (const CounterSpec& s : counter_specs()) {
      j["counters"].push_back({{"name", s.name}, {"unit", s.unit}, {"meaning", s.meaning}});
    }
    j["benchmarks"] = names;
    out << j.dump(2) << "\n";
    return;
  }
  out << "cases:\n";
  for (const CaseSpec& c : case_table()) {
    out << "  " << c.name << "  [model " << c.model << ", " << c.units->name << " units]  "
        << c.description << "\n";
  }
  out << "counters:\n";
  for (const CounterSpec& s : counter_specs()) {
    out << "  " << s.name << " (" << s.unit << "): " << s.meaning << "\n";
  }
  const std::vector<std::string> kim = installed_kim_models();
  out << "KIM models installed (" << kim.size()
      << "; use one with --md_case=NAME:model=kim:<model>,...):\n";
  for (const std::string& m : kim) out << "  " << m << "\n";
  out << "benchmarks selected (" << names.size() << "):\n";
  for (const std::string& n : names) out << "  " << n << "\n";
}

}  // namespace mdb::bench
