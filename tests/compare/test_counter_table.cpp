// compare keeps its own counter table (it depends on nothing else in the project); this test is
// where the two meet: every counter md_bench can emit must be known to compare, and a real
// md_bench file must contain nothing compare would have to guess about.
#include <gtest/gtest.h>

#include <filesystem>

#include "bench/counters.hpp"
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

// --baseline matches stored runs by context keys; they must be keys md_bench really writes.
TEST(CounterTable, BaselineContextKeysAreInARealMdBenchContext) {
  const BenchmarkFile f =
      load_benchmark_json(std::filesystem::path(MDB_COMPARE_DATA_DIR) / "md_bench_real.json");
  for (const auto& [key, weight] : baseline_context_keys()) {
    EXPECT_TRUE(f.context.contains(key)) << key;
  }
  EXPECT_EQ(score_context(f.context, f.context).mismatched.size(), 0u);
}

}  // namespace
}  // namespace mdb::compare
