#include "compare/report/run_summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace mdb::compare {
namespace {

const std::filesystem::path kData = MDB_COMPARE_DATA_DIR;

RunSummary load(const char* file) {
  return summarize_run({load_benchmark_json(kData / file)});
}

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
  EXPECT_GE(f.rms, 0);
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
