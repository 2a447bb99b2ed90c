#pragma once
// Students against their teachers: which case was distilled from which (md_bench's context key
// "mdbench_teachers"), and the rows that place each student's error against the teacher
// (energy_mae, force_rmse) beside both models' speed (us_per_atom) at one size and backend.
// A teacher has no error against itself, so it is a reference, never a number.
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/report/run_summary.hpp"

namespace mdb::compare {

/// md_bench's context key: "student:teacher" pairs of case names, comma-separated, e.g.
/// "c-nn-student:c-dunn,si-nn-student:si-nn-teacher"; empty or absent when no case has one.
inline constexpr const char* kTeachersKey = "mdbench_teachers";
/// md_bench's accuracy counters on a student's rows: mean absolute error of the potential energy
/// per atom (meV/atom) and RMS error of the force components (eV/Å), both against the teacher.
inline constexpr const char* kEnergyMae = "energy_mae";
inline constexpr const char* kForceRmse = "force_rmse";

/// Who teaches whom, as the context says.
struct TeacherMap {
  std::vector<std::pair<std::string, std::string>> pairs;  // (student, teacher), context order
  /// One line saying which entries were left out and why (empty when every entry was usable):
  /// the report shows it as a note and goes on without them.
  std::string problem;

  /// The teacher of case `student`, or "" when the context names none.
  std::string teacher_of(std::string_view student) const;
};

/// Reads kTeachersKey. Never throws: a malformed entry (no colon, an empty side, more than one
/// colon, a '/', a case its own teacher, a second teacher for a student) is left out and named in
/// `problem`; a value that is not a string is left out whole. Empty items ("a:b,") are skipped.
TeacherMap parse_teachers(const nlohmann::json& context);

/// One student row of a group, with the speed-up its teacher's row gives it.
struct AccuracyRow {
  const BenchSummary* student = nullptr;
  /// The teacher's median us_per_atom over the student's: how many times faster the student is.
  /// NaN without a usable teacher row or without either speed.
  double speedup = std::numeric_limits<double>::quiet_NaN();
};

/// The students of one teacher at one family, ensemble, size, backend (and replica count): what
/// one accuracy chart shows.
struct AccuracyGroup {
  std::string family, ensemble, backend;
  long long atoms = 0;
  int replicas = 1;
  std::string teacher_case;               // "" when the context names no teacher for them
  const BenchSummary* teacher = nullptr;  // its row in the group; nullptr when not run or failed
  std::vector<AccuracyRow> students;      // run order

  /// "Step NVE, 64 atoms, cpu" (", 2 replicas" for Batched).
  std::string title() const;
};

/// Every student row (an md_bench row, not an error, with energy_mae or force_rmse) grouped with
/// its teacher's row. Groups run Step, Trajectory, Scaling, Batched, then in order of their first
/// student in the run.
std::vector<AccuracyGroup> accuracy_groups(const RunSummary& run, const TeacherMap& teachers);

/// The same, with the teachers the run's own context names.
std::vector<AccuracyGroup> accuracy_groups(const RunSummary& run);

}  // namespace mdb::compare
