#include "compare/report/step_samples.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "compare/diff/gbench_json.hpp"
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

TEST(StepSamples, ReadsMdBenchOutput) {
  const StepSamples s = load_step_samples(kData / "report_samples.json");
  const auto* v = s.find("Step/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->size(), 300u);
  for (const double x : *v) EXPECT_GT(x, 1.0);  // µs, not seconds
  EXPECT_EQ(s.find("nope"), nullptr);
  EXPECT_EQ(s.us.size(), 19u);
}

TEST(StepSamples, RefusesWhatIsNotASamplesFile) {
  const char* bad[] = {
      R"([1, 2])",
      R"({"unit": "us"})",
      R"({"benchmarks": [1, 2]})",
      R"({"unit": "s", "benchmarks": {}})",
      R"({"benchmarks": {"a": 3}})",
      R"({"benchmarks": {"a": [1, "2"]}})",
      R"({"benchmarks": {"a": [1, -2]}})",
      R"({"benchmarks": {"a": [1, NaN]}})",
      R"({"benchmarks": {"a": [1, 2)",
  };
  for (const char* text : bad) {
    try {
      read_step_samples(text, "s.json");
      ADD_FAILURE() << "accepted " << text;
    } catch (const JsonError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("s.json: ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(load_step_samples(kData / "no_such_file.json"), JsonError);
  EXPECT_NO_THROW(read_step_samples(R"({"benchmarks": {}})"));
}

TEST(Histogram, LogBinsCoverEverySample) {
  std::vector<double> v;
  for (int i = 0; i < 1000; ++i) v.push_back(10.0 + (i % 10));  // 10..19
  v.push_back(1000);                                            // one rebuild step
  const Histogram h = log_histogram(v, 20);
  ASSERT_EQ(h.counts.size(), 20u);
  ASSERT_EQ(h.edges.size(), 21u);
  EXPECT_DOUBLE_EQ(h.edges.front(), 10);
  EXPECT_DOUBLE_EQ(h.edges.back(), 1000);
  EXPECT_EQ(h.total(), v.size());
  EXPECT_EQ(h.counts.back(), 1u);  // the maximum lands in the last bin
  // Log spacing: every bin spans the same ratio (100^(1/20)).
  EXPECT_NEAR(h.edges[1] / h.edges[0], h.edges[20] / h.edges[19], 1e-9);
  // The bulk fills the first bins: 10..19 spans log10(1.9)/0.1 = 2.8 bins.
  EXPECT_EQ(h.counts[0] + h.counts[1] + h.counts[2], 1000u);
}

TEST(Histogram, DegenerateInputs) {
  const Histogram same = log_histogram({5, 5, 5}, 10);
  ASSERT_EQ(same.counts.size(), 1u);
  EXPECT_EQ(same.counts[0], 3u);
  const Histogram none = log_histogram({0, -1}, 10);
  EXPECT_TRUE(none.counts.empty());
  EXPECT_EQ(none.non_positive, 2u);
  EXPECT_TRUE(log_histogram({}, 10).counts.empty());
}

}  // namespace
}  // namespace mdb::compare
