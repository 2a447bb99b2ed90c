#include "compare/report/run_summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "compare/report/accuracy_rows.hpp"
#include "tests/compare/report_test_data.hpp"

namespace mdb::compare {
namespace {

TEST(BenchName, ParsesEveryFamily) {
  const BenchName step = parse_bench_name("Step/NVT/256/lj-ar/cpu/manual_time");
  EXPECT_TRUE(step.md_bench);
  EXPECT_EQ(step.family, "Step");
  EXPECT_EQ(step.ensemble, "NVT");
  EXPECT_EQ(step.atoms, 256);
  EXPECT_EQ(step.case_name, "lj-ar");
  EXPECT_EQ(step.backend, "cpu");
  EXPECT_EQ(step.label, "Step/NVT/256/lj-ar/cpu");
  EXPECT_EQ(step.series, "NVT lj-ar cpu");

  const BenchName scaling = parse_bench_name("Scaling/NVE/si-sw/cuda/4096/manual_time");
  EXPECT_EQ(scaling.family, "Scaling");
  EXPECT_EQ(scaling.atoms, 4096);
  EXPECT_EQ(scaling.case_name, "si-sw");
  EXPECT_EQ(scaling.backend, "cuda");

  const BenchName batched = parse_bench_name("Batched/NVE/64/lj-melt/cpu/replicas:8/manual_time");
  EXPECT_EQ(batched.family, "Batched");
  EXPECT_EQ(batched.replicas, 8);
  EXPECT_EQ(batched.atoms, 64);
  EXPECT_EQ(batched.series, "NVE lj-melt cpu, 64 atoms");
}

TEST(BenchName, OtherNamesAreNotGuessed) {
  for (const char* name :
       {"BM_memcpy/8", "Step/NVE/64/lj-ar/cpu",  // no manual_time
        "Step/NVE/x64/lj-ar/cpu/manual_time", "Step/NVE/-4/lj-ar/cpu/manual_time",
        "Batched/NVE/64/lj-ar/cpu/replicas:/manual_time", "Scaling/NVE/lj-ar/cpu/manual_time_BigO",
        "Step//64/lj-ar/cpu/manual_time"}) {
    const BenchName b = parse_bench_name(name);
    EXPECT_FALSE(b.md_bench) << name;
    EXPECT_TRUE(b.family.empty()) << name;
  }
  EXPECT_EQ(parse_bench_name("BM_x/manual_time").label, "BM_x");
}

// Google Benchmark appends options set per benchmark before /manual_time; they do not change
// what the row is.
TEST(BenchName, SkipsGoogleBenchmarksRunOptions) {
  const BenchName step =
      parse_bench_name("Step/NVE/64/c-dunn/cpu/min_time:0.050/repeats:3/manual_time");
  EXPECT_TRUE(step.md_bench);
  EXPECT_EQ(step.case_name, "c-dunn");
  EXPECT_EQ(step.backend, "cpu");
  EXPECT_EQ(step.atoms, 64);
  EXPECT_EQ(step.label, "Step/NVE/64/c-dunn/cpu/min_time:0.050/repeats:3");
  const BenchName batched = parse_bench_name(
      "Batched/NVE/64/lj-ar/cpu/replicas:2/min_warmup_time:0.100/iterations:50/manual_time");
  EXPECT_TRUE(batched.md_bench);
  EXPECT_EQ(batched.replicas, 2);
}

TEST(Teachers, ReadsStudentTeacherPairs) {
  const TeacherMap m = parse_teachers(nlohmann::json{
      {kTeachersKey, "c-nn-student:c-dunn, c-dunn-kim : c-dunn,si-nn-student:si-nn-teacher,"}});
  EXPECT_TRUE(m.problem.empty()) << m.problem;
  ASSERT_EQ(m.pairs.size(), 3u);
  EXPECT_EQ(m.teacher_of("c-dunn-kim"), "c-dunn");
  EXPECT_EQ(m.teacher_of("si-nn-student"), "si-nn-teacher");
  EXPECT_EQ(m.teacher_of("c-dunn"), "");  // a teacher is nobody's student
  for (const nlohmann::json& none :
       {nlohmann::json::object(), nlohmann::json{{kTeachersKey, ""}},
        nlohmann::json{{kTeachersKey, nullptr}}, nlohmann::json::array()}) {
    const TeacherMap e = parse_teachers(none);
    EXPECT_TRUE(e.pairs.empty() && e.problem.empty()) << none.dump();
  }
}

// Chosen behaviour: a malformed entry is left out and named in one line (the page shows it as a
// note); the good entries still count and nothing throws.
TEST(Teachers, MalformedEntriesAreLeftOutAndNamed) {
  const TeacherMap m = parse_teachers(
      nlohmann::json{{kTeachersKey, "a:,good:t,nocolon,:b,x:y:z,a/b:t,s:s,good:other"}});
  ASSERT_EQ(m.pairs.size(), 1u);
  EXPECT_EQ(m.teacher_of("good"), "t");
  EXPECT_EQ(m.problem.find('\n'), std::string::npos);
  EXPECT_EQ(m.problem.rfind("mdbench_teachers: left out \"a:\", \"nocolon\", \":b\" and 4 more", 0),
            0u)
      << m.problem;
  const TeacherMap n = parse_teachers(nlohmann::json{{kTeachersKey, 42}});
  EXPECT_TRUE(n.pairs.empty());
  EXPECT_NE(n.problem.find("is a JSON number"), std::string::npos) << n.problem;
  // Hostile input stays one short line.
  const TeacherMap h = parse_teachers(nlohmann::json{{kTeachersKey, std::string(100000, ':')}});
  EXPECT_LT(h.problem.size(), 300u);
}

TEST(Teachers, GroupsStudentsWithTheirTeachersRow) {
  RunSummary run = load("accuracy_run.json");
  const std::vector<AccuracyGroup> groups = accuracy_groups(run);
  ASSERT_EQ(groups.size(), 3u);  // c-dunn at 64, si-nn-teacher at 64, c-dunn at 256
  const AccuracyGroup& g = groups[0];
  EXPECT_EQ(g.title(), "Step NVE, 64 atoms, cpu");
  EXPECT_EQ(g.teacher_case, "c-dunn");
  ASSERT_NE(g.teacher, nullptr);
  EXPECT_EQ(g.teacher->name, "Step/NVE/64/c-dunn/cpu/manual_time");
  ASSERT_EQ(g.students.size(), 2u);
  for (const AccuracyRow& r : g.students) {
    // Teacher time over student time: > 1 when the student is faster.
    EXPECT_DOUBLE_EQ(r.speedup, g.teacher->value("us_per_atom") / r.student->value("us_per_atom"));
  }
  EXPECT_NEAR(g.students[0].speedup, 10, 0.2);    // c-nn-student
  EXPECT_NEAR(g.students[1].speedup, 0.5, 0.01);  // c-dunn-kim, slower than its teacher
  EXPECT_EQ(groups[1].teacher_case, "si-nn-teacher");
  EXPECT_EQ(groups[2].atoms, 256);
  EXPECT_EQ(groups[2].teacher, nullptr);  // c-dunn did not run at 256 atoms
  EXPECT_TRUE(std::isnan(groups[2].students[0].speedup));
  // A failed teacher row is no reference; students the context names no teacher for still group.
  for (auto& b : run.benchmarks) b.error = b.error || b.parts.case_name == "c-dunn";
  EXPECT_EQ(accuracy_groups(run)[0].teacher, nullptr);
  const std::vector<AccuracyGroup> unnamed = accuracy_groups(run, TeacherMap{});
  ASSERT_EQ(unnamed.size(), 2u);  // every 64-atom student together, and the 256-atom one
  EXPECT_EQ(unnamed[0].teacher_case, "");
  EXPECT_EQ(unnamed[0].students.size(), 3u);
}

TEST(RunSummary, MediansOverRepetitionsOfRealMdBenchOutput) {
  const RunSummary run = load("report_run.json");
  EXPECT_EQ(run.benchmarks.size(), 19u);
  EXPECT_EQ(run.errors(), 0u);
  const BenchSummary* b = run.find("Step/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->repetitions, 3u);
  EXPECT_TRUE(b->parts.md_bench);
  // The median of the three repetition rows, in ns like compare.
  const BenchmarkFile file = load_benchmark_json(kData / "report_run.json");
  std::vector<double> times;
  for (const auto& r : file.runs) {
    if (r.name == b->name) times.push_back(r.real_time_ns());
  }
  ASSERT_EQ(times.size(), 3u);
  EXPECT_DOUBLE_EQ(b->value("real_time"), median(times));
  EXPECT_GT(b->value("us_per_atom"), 0);
  EXPECT_TRUE(std::isnan(b->value("no_such_counter")));
  EXPECT_FALSE(b->has("no_such_counter"));
  EXPECT_TRUE(std::isfinite(b->repetition_cv));
  EXPECT_EQ(run.context.at("mdbench_schema"), "1");
}

TEST(RunSummary, ComplexityFitsInNanoseconds) {
  const RunSummary run = load("report_run.json");
  ASSERT_EQ(run.fits.size(), 1u);
  const ComplexityFit& f = run.fits.front();
  EXPECT_EQ(f.family, "Scaling/NVE/lj-ar/cpu");
  EXPECT_EQ(f.big_o, "N");
  // An O(N) fit's coefficient is the time per atom-step: close to the measured us_per_atom.
  const double us_per_atom =
      run.find("Scaling/NVE/lj-ar/cpu/256/manual_time")->value("us_per_atom");
  EXPECT_NEAR(f.real_coefficient_ns / 1e3, us_per_atom, 0.3 * us_per_atom);
  EXPECT_DOUBLE_EQ(f.fitted_ns(100), 100 * f.real_coefficient_ns);
  // The RMS row is Google Benchmark's least-squares fit t = c N over every iteration row's CPU
  // time, sqrt(mean squared residual) / mean time: recomputed here from those rows.
  const BenchmarkFile file = load_benchmark_json(kData / "report_run.json");
  double tn = 0, nn = 0, t_sum = 0;
  std::vector<std::pair<double, double>> points;  // (N, cpu ns)
  for (const BenchmarkRun& r : file.runs) {
    if (r.is_aggregate() || !r.run_name.starts_with("Scaling/NVE/lj-ar/cpu/")) continue;
    const double n = std::stod(r.run_name.substr(std::string("Scaling/NVE/lj-ar/cpu/").size()));
    points.emplace_back(n, r.cpu_time_ns());
    tn += n * r.cpu_time_ns();
    nn += n * n;
    t_sum += r.cpu_time_ns();
  }
  ASSERT_EQ(points.size(), 12u);
  const double c = tn / nn;
  double squares = 0;
  for (const auto& [n, t] : points) squares += (t - c * n) * (t - c * n);
  const double k = static_cast<double>(points.size());
  EXPECT_NEAR(f.rms, std::sqrt(squares / k) / (t_sum / k), 1e-9);
  ComplexityFit g = f;
  g.big_o = "NlgN";
  EXPECT_DOUBLE_EQ(g.fitted_ns(8), 24 * f.real_coefficient_ns);
  g.big_o = "f(N)";
  EXPECT_TRUE(std::isnan(g.fitted_ns(8)));
}

TEST(RunSummary, ErrorRunsAreKeptAsErrors) {
  const RunSummary run = load("errors.json");
  const BenchSummary* b = run.find("Step/NVE/256/lj-ar/cpu/manual_time");
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->error);
  EXPECT_FALSE(b->error_message.empty());
  EXPECT_EQ(run.errors(), 1u);
}

TEST(RunSummary, FilesWithOnlyFitsHaveNothingToReport) {
  BenchmarkFile f = read_benchmark_json(R"({"benchmarks": [
      {"name": "X_BigO", "run_name": "X", "run_type": "aggregate", "aggregate_name": "BigO",
       "big_o": "N", "real_coefficient": 2, "cpu_coefficient": 2, "time_unit": "ns"}]})");
  EXPECT_THROW(summarize_run({f}), JsonError);
}

TEST(RunSummary, ShortLabels) {
  EXPECT_EQ(short_label("Step/NVE/64/lj-ar/cpu/manual_time"), "Step/NVE/64/lj-ar/cpu");
  EXPECT_EQ(short_label("BM_x"), "BM_x");
}

}  // namespace
}  // namespace mdb::compare
