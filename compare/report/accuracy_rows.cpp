#include "compare/report/accuracy_rows.hpp"

#include <algorithm>
#include <cmath>

#include "compare/diff/gbench_json.hpp"

namespace mdb::compare {
namespace {

// A note names a few bad entries, not all of them: the context is input, and may be huge.
constexpr std::size_t kNamedProblems = 3;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A case name is one component of a benchmark name: not empty, no '/' and no ':'.
bool is_case_name(std::string_view s) {
  return !s.empty() && s.find_first_of("/:") == std::string_view::npos;
}

int family_rank(const std::string& family) {
  static const char* const order[] = {"Step", "Trajectory", "Scaling", "Batched"};
  for (int i = 0; i < 4; ++i) {
    if (family == order[i]) return i;
  }
  return 4;
}

bool same_group(const BenchName& a, const AccuracyGroup& g) {
  return a.family == g.family && a.ensemble == g.ensemble && a.atoms == g.atoms &&
         a.backend == g.backend && a.replicas == g.replicas;
}

}  // namespace

std::string TeacherMap::teacher_of(std::string_view student) const {
  for (const auto& [s, t] : pairs) {
    if (s == student) return t;
  }
  return "";
}

TeacherMap parse_teachers(const nlohmann::json& context) {
  TeacherMap map;
  if (!context.is_object()) return map;
  const auto it = context.find(kTeachersKey);
  if (it == context.end() || it->is_null()) return map;
  if (!it->is_string()) {
    map.problem = std::string("context key \"") + kTeachersKey + "\" is a JSON " + it->type_name() +
                  ", not a \"student:teacher,...\" string: no teacher is known";
    return map;
  }
  const std::string text = it->get<std::string>();
  std::vector<std::string> bad;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view entry = trim(std::string_view(text).substr(start, comma - start));
    start = comma + 1;
    if (entry.empty()) continue;
    const std::size_t colon = entry.find(':');
    const std::string_view student =
        colon == std::string_view::npos ? entry : trim(entry.substr(0, colon));
    const std::string_view teacher =
        colon == std::string_view::npos ? std::string_view() : trim(entry.substr(colon + 1));
    const std::string known = map.teacher_of(student);
    if (!is_case_name(student) || !is_case_name(teacher) || student == teacher ||
        (!known.empty() && known != teacher)) {
      bad.push_back(quoted_for_message(entry, 40));
      continue;
    }
    if (known.empty()) map.pairs.emplace_back(student, teacher);
  }
  if (!bad.empty()) {
    map.problem = std::string(kTeachersKey) + ": left out ";
    for (std::size_t i = 0; i < std::min(bad.size(), kNamedProblems); ++i)
      map.problem += (i > 0 ? ", " : "") + bad[i];
    if (bad.size() > kNamedProblems)
      map.problem += " and " + std::to_string(bad.size() - kNamedProblems) + " more";
    map.problem +=
        " (each entry is student:teacher, two different case names, one teacher per student)";
  }
  return map;
}

std::string AccuracyGroup::title() const {
  std::string t = family + " " + ensemble + ", " + std::to_string(atoms) + " atoms, " + backend;
  if (family == "Batched") t += ", " + std::to_string(replicas) + " replicas";
  return t;
}

std::vector<AccuracyGroup> accuracy_groups(const RunSummary& run, const TeacherMap& teachers) {
  std::vector<AccuracyGroup> groups;
  for (const auto& b : run.benchmarks) {
    const BenchName& p = b.parts;
    if (b.error || !p.md_bench || !(b.has(kEnergyMae) || b.has(kForceRmse))) continue;
    const std::string teacher = teachers.teacher_of(p.case_name);
    auto g = std::find_if(groups.begin(), groups.end(), [&](const AccuracyGroup& x) {
      return same_group(p, x) && x.teacher_case == teacher;
    });
    if (g == groups.end()) {
      groups.push_back(
          {p.family, p.ensemble, p.backend, p.atoms, p.replicas, teacher, nullptr, {}});
      g = groups.end() - 1;
      for (const auto& t : run.benchmarks) {
        // A failed teacher row measured nothing: the group then has no reference, as when the
        // teacher was not run at this size.
        if (!teacher.empty() && !t.error && t.parts.md_bench && t.parts.case_name == teacher &&
            same_group(t.parts, *g)) {
          g->teacher = &t;
          break;
        }
      }
    }
    AccuracyRow row{&b};
    if (g->teacher != nullptr) {
      const double ts = g->teacher->value("us_per_atom"), ss = b.value("us_per_atom");
      if (ts > 0 && ss > 0) row.speedup = ts / ss;
    }
    g->students.push_back(row);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const AccuracyGroup& a, const AccuracyGroup& b) {
                     return family_rank(a.family) < family_rank(b.family);
                   });
  return groups;
}

std::vector<AccuracyGroup> accuracy_groups(const RunSummary& run) {
  return accuracy_groups(run, parse_teachers(run.context));
}

}  // namespace mdb::compare
