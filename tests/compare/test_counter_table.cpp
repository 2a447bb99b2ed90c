// compare keeps its own counter table (it depends on nothing else in the project); this test is
// where they meet: every counter md_bench or lattice_bench can emit must be known to compare, and
// a real file of either must contain nothing compare would have to guess about.
#include <gtest/gtest.h>

#include <filesystem>
#include <utility>

#include "bench/counters.hpp"
#include "bench/hnlq/counters.hpp"
#include "compare/diff/baseline.hpp"
#include "compare/diff/gbench_json.hpp"
#include "compare/diff/metrics.hpp"

namespace mdb::compare {
namespace {

TEST(CounterTable, KnowsEveryCounterMdBenchDefines) {
  ASSERT_FALSE(bench::counter_specs().empty());
  for (const auto& c : bench::counter_specs()) {
    const MetricSpec s = builtin_metric(c.name);
    EXPECT_TRUE(s.known) << "compare/diff/metrics.cpp lacks md_bench counter " << c.name;
  }
}

// compare prints md_bench's counters in its own unit: the two tables must say the same unit, or
// a table would show "0.12 eV/A" for what md_bench measured in another.
TEST(CounterTable, UnitsAgreeWithMdBench) {
  for (const auto& c : bench::counter_specs()) {
    const MetricSpec s = builtin_metric(c.name);
    if (s.known) {
      EXPECT_EQ(s.unit, c.unit) << c.name;
    }
  }
}

// A student's error against its teacher (energy_mae, force_rmse, and rdf_diff, its g(r)'s gap:
// docs/BENCHMARKS.md) is gated
// like the lattice accuracy: lower is better, and not a speed, so --threshold and gate_timing
// leave it alone; an absolute guard keeps a student equal to its teacher to rounding quiet.
TEST(CounterTable, AccuracyCountersHaveTheirDirections) {
  for (const auto& [name, unit] :
       {std::pair{"energy_mae", "meV/atom"}, {"force_rmse", "eV/A"}, {"rdf_diff", "A"}}) {
    const MetricSpec s = builtin_metric(name);
    EXPECT_TRUE(s.known) << name;
    EXPECT_EQ(s.direction, Direction::kLower) << name;
    EXPECT_FALSE(s.timing) << name;
    EXPECT_EQ(s.unit, unit) << name;
    EXPECT_GT(s.threshold, 0) << name;
    EXPECT_GT(s.abs_tolerance, 0) << name;
  }
}

TEST(CounterTable, KnowsEveryKeyOfARealMdBenchFile) {
  const BenchmarkFile f =
      load_benchmark_json(std::filesystem::path(MDB_COMPARE_DATA_DIR) / "md_bench_real.json");
  std::size_t seen = 0;
  for (const auto& run : f.runs) {
    if (run.is_complexity()) continue;
    for (const auto& [name, value] : run.counters) {
      EXPECT_TRUE(builtin_metric(name).known) << name << " in " << run.name;
      ++seen;
    }
  }
  EXPECT_GT(seen, 20u);
}

TEST(CounterTable, KnowsEveryCounterLatticeBenchDefines) {
  ASSERT_FALSE(bench::lattice_counter_specs().empty());
  for (const auto& c : bench::lattice_counter_specs()) {
    const MetricSpec s = builtin_metric(c.name);
    EXPECT_TRUE(s.known) << "compare/diff/metrics.cpp lacks lattice_bench counter " << c.name;
    // A rate or size must be judged one way or the other; only a time has a unit compare
    // converts (lattice_bench's "us" is µs, as md_bench's latencies are).
    EXPECT_NE(s.direction, Direction::kInfo) << c.name;
    if (c.unit == "us" || c.unit == "ns") {
      EXPECT_EQ(s.unit, c.unit) << c.name;
    }
  }
}

// The directions the lattice counters need: rates up, times and errors down, and the code rate
// as the identity of a row (4 bits per coordinate against 6 is another benchmark).
TEST(CounterTable, LatticeCountersHaveTheirDirections) {
  EXPECT_EQ(builtin_metric("vectors_per_s").direction, Direction::kHigher);
  EXPECT_EQ(builtin_metric("GB_per_s").direction, Direction::kHigher);
  EXPECT_EQ(builtin_metric("ns_per_vector").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("transfer_us").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("kernel_us").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("overloaded_fraction").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("mse_per_dim").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("bits_per_dim").direction, Direction::kIdentity);
  EXPECT_EQ(builtin_metric("compression_ratio").direction, Direction::kIdentity);
  // Speed metrics follow --threshold and gate_timing; accuracy metrics never do.
  for (const char* m : {"vectors_per_s", "GB_per_s", "ns_per_vector", "transfer_us", "kernel_us"})
    EXPECT_TRUE(builtin_metric(m).timing) << m;
  for (const char* m : {"overloaded_fraction", "mse_per_dim", "bits_per_dim"})
    EXPECT_FALSE(builtin_metric(m).timing) << m;
  // overloaded_fraction is 0 in the default configuration: only an absolute guard can judge it.
  EXPECT_GT(builtin_metric("overloaded_fraction").abs_tolerance, 0);
}

TEST(CounterTable, KnowsEveryKeyOfARealLatticeBenchFile) {
  const BenchmarkFile f =
      load_benchmark_json(std::filesystem::path(MDB_COMPARE_DATA_DIR) / "hnlq_run.json");
  std::size_t seen = 0;
  for (const auto& run : f.runs) {
    for (const auto& [name, value] : run.counters) {
      EXPECT_TRUE(builtin_metric(name).known) << name << " in " << run.name;
      ++seen;
    }
  }
  EXPECT_GT(seen, 100u);
}

// --baseline matches stored runs by context keys; they must be keys md_bench really writes.
TEST(CounterTable, BaselineContextKeysAreInARealMdBenchContext) {
  const BenchmarkFile f =
      load_benchmark_json(std::filesystem::path(MDB_COMPARE_DATA_DIR) / "md_bench_real.json");
  for (const auto& [key, weight] : baseline_context_keys()) {
    EXPECT_TRUE(f.context.contains(key)) << key;
  }
  EXPECT_EQ(score_context(f.context, f.context).mismatched.size(), 0u);
}

// A GPU runner's cuda rows exist only in a GPU's file: the GPU outweighs a matching CPU, and a
// CPU-only run still picks the CPU-only file of its own CPU over a GPU machine's.
TEST(CounterTable, BaselineChoiceWeighsTheGpuAboveTheCpu) {
  auto context = [](const char* cpu, const char* gpu) {
    return nlohmann::json{{"mdbench_cpu_model", cpu},
                          {"mdbench_isa", "compiled: avx2 fma; cpu: avx512f avx2 fma"},
                          {"mdbench_gpu", gpu},
                          {"mdbench_build_type", "Release"},
                          {"mdbench_compiler", "gcc 12.2.0"},
                          {"mdbench_cuda_built", "yes"},
                          {"num_cpus", 16},
                          {"host_name", "runner"}};
  };
  const auto epyc_cpu_only = context("AMD EPYC 9R14", "none");
  const auto xeon_h100 = context("Intel Xeon 8480+", "NVIDIA H100 80GB HBM3, sm_90, 79.2 GiB");
  const auto gpu_run = context("AMD EPYC 9R14", "NVIDIA H100 80GB HBM3, sm_90, 79.2 GiB");
  EXPECT_GT(score_context(xeon_h100, gpu_run).score, score_context(epyc_cpu_only, gpu_run).score);
  const auto cpu_run = context("AMD EPYC 9R14", "none");
  EXPECT_GT(score_context(epyc_cpu_only, cpu_run).score, score_context(xeon_h100, cpu_run).score);
}

}  // namespace
}  // namespace mdb::compare
