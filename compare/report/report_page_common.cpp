#include <algorithm>

#include "compare/report/hnlq/rows.hpp"
#include "compare/report/report_page.hpp"

namespace mdb::compare {

std::vector<FamilyGroup> group_by_family(const RunSummary& run) {
  std::vector<FamilyGroup> groups;
  for (const char* f : {"Step", "Trajectory", "Scaling", "Batched", "Quantize"})
    groups.push_back({f, {}});
  groups.push_back({"Other", {}});
  for (const auto& b : run.benchmarks) {
    // lattice_bench's rows are one family of their own, named as their names start.
    const std::string family = b.parts.md_bench                   ? b.parts.family
                               : parse_lattice_name(b.name).valid ? "Quantize"
                                                                  : "";
    auto it = std::find_if(groups.begin(), groups.end() - 1,
                           [&](const FamilyGroup& g) { return g.family == family; });
    it->benchmarks.push_back(&b);
  }
  std::erase_if(groups, [](const FamilyGroup& g) { return g.benchmarks.empty(); });
  return groups;
}

std::vector<RuleTally> tally_findings(const RunSummary& run) {
  const RunNoise noise = run_noise(run.benchmarks);  // one floor for every rule and row
  std::vector<RuleTally> tallies;
  for (const auto& b : run.benchmarks) {
    for (const auto& f : find_hotspots(b, noise).findings) {
      auto it = std::find_if(tallies.begin(), tallies.end(),
                             [&](const RuleTally& t) { return t.rule == f.rule; });
      if (it == tallies.end()) {
        tallies.push_back({f.rule, f.severity, {}, 0, b.name, f.observation});
        it = tallies.end() - 1;
      }
      // A rule's severity can depend on the data (step-cv is a note where rebuilds explain the
      // spread): the tally counts the benchmarks at its worst severity, so "warning on 4" means
      // four warnings, and the milder ones apart.
      if (f.severity > it->severity) {
        it->severity = f.severity;
        it->example_benchmark = b.name;
        it->example = f.observation;
        it->milder += it->benchmarks.size();
        it->benchmarks.clear();
      }
      if (f.severity == it->severity) {
        it->benchmarks.push_back(b.name);
      } else {
        ++it->milder;
      }
    }
  }
  std::stable_sort(tallies.begin(), tallies.end(), [](const RuleTally& x, const RuleTally& y) {
    if (x.severity != y.severity) return x.severity > y.severity;
    return x.benchmarks.size() > y.benchmarks.size();
  });
  return tallies;
}

std::string context_line(const RunSummary& run) {
  std::string line;
  auto add = [&](const char* key, const std::string& prefix) {
    const auto it = run.context.find(key);
    if (it == run.context.end() || !it->is_string() || it->get<std::string>().empty()) return;
    if (!line.empty()) line += ", ";
    line += prefix + it->get<std::string>();
  };
  add("mdbench_cpu_model", "");
  add("mdbench_compiler", "");
  add("mdbench_build_type", "");
  add("mdbench_git_revision", "git ");
  add("host_name", "host ");
  add("date", "");
  return line;
}

}  // namespace mdb::compare
