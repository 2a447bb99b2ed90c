// `history detect` end to end on a store: the commit a step came with, the gate's exit code, and
// series kept apart by machine.
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "compare/history/history_cli.hpp"
#include "compare/history/series.hpp"
#include "history_fixtures.hpp"

namespace mdb::history {
namespace {

class HistoryDetect : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    loc_ = testing::fresh_store(GetParam(),
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
    if (!loc_.skip_reason.empty()) GTEST_SKIP() << loc_.skip_reason;
    store_ = open_store(loc_.where, Store::Open::kCreate);
  }
  // n runs of `bench` on `machine`: noise of sd 1 around 100, plus `step` from index `at` on.
  void add_series(const std::string& bench, std::size_t n, std::size_t at, double step,
                  std::uint64_t seed, const std::string& machine = "m1", int first_index = 0) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> d(100.0, 1.0);
    for (std::size_t i = 0; i < n; ++i) {
      const double v = d(rng) + (i >= at ? step : 0.0);
      store_->add_run(testing::point_run(bench, v, first_index + static_cast<int>(i), machine));
    }
  }
  int detect(std::vector<std::string> args, std::string* out = nullptr) {
    args.insert(args.begin(), {"--db", loc_.where, "detect"});
    std::ostringstream o, e;
    const int rc = history_main(args, o, e);
    if (out) *out = o.str() + e.str();
    return rc;
  }
  testing::StoreLocation loc_;
  std::unique_ptr<Store> store_;
};

TEST_P(HistoryDetect, NamesTheCommitAStepCameWith) {
  add_series("Step/A", 40, 22, 5.0, 1);
  std::string out;
  EXPECT_EQ(detect({"--format", "json"}, &out), 0) << out;  // 18 runs ago: not recent
  const auto doc = nlohmann::json::parse(out);
  ASSERT_EQ(doc["change_points"].size(), 1u) << out;
  const auto& cp = doc["change_points"][0];
  EXPECT_EQ(cp["commit"], "c22");
  EXPECT_EQ(cp["previous_commit"], "c21");
  EXPECT_EQ(cp["worse"], true);  // real_time went up
  EXPECT_EQ(cp["recent"], false);
  EXPECT_NEAR(cp["rel_change"].get<double>(), 0.05, 0.01);
}

TEST_P(HistoryDetect, ARegressionInTheLastRunsFailsTheGate) {
  add_series("Step/A", 40, 36, 5.0, 2);  // slower for the last 4 runs
  std::string out;
  EXPECT_EQ(detect({}, &out), 1) << out;
  EXPECT_NE(out.find("c36"), std::string::npos) << out;
  EXPECT_EQ(detect({"--last", "3"}), 0);  // 4 runs ago is outside the last 3
}

TEST_P(HistoryDetect, AnImprovementInTheLastRunsPasses) {
  add_series("Step/A", 40, 36, -5.0, 3);  // faster
  std::string out;
  EXPECT_EQ(detect({}, &out), 0) << out;
  EXPECT_NE(out.find("better"), std::string::npos) << out;
}

TEST_P(HistoryDetect, SeriesAreSplitByMachine) {
  // A new runner that is twice as slow takes over: not a change of the code.
  add_series("Step/A", 30, 30, 0.0, 4, "old-runner", 0);
  add_series("Step/A", 30, 30, 0.0, 5, "new-runner", 30);
  store_->connection().exec(
      "UPDATE mdb_samples SET value = value * 2 WHERE run_id IN"
      " (SELECT id FROM mdb_runs WHERE machine = 'new-runner')");
  const auto series = read_series(*store_, "real_time", {});
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(series[0].points.size(), 30u);
  std::string out;
  EXPECT_EQ(detect({"--format", "json"}, &out), 0) << out;
  EXPECT_TRUE(nlohmann::json::parse(out)["change_points"].empty()) << out;
}

TEST_P(HistoryDetect, FiltersByNameAndRejectsBadInput) {
  add_series("Step/A", 20, 20, 0.0, 6);
  add_series("Trajectory/B", 20, 20, 0.0, 7, "m1", 20);
  std::string out;
  EXPECT_EQ(detect({"^Traj", "--format", "json"}, &out), 0) << out;
  EXPECT_EQ(nlohmann::json::parse(out)["series"], 1);
  EXPECT_EQ(detect({"("}, &out), 2) << out;  // a bad regex
  EXPECT_EQ(detect({"^Nothing"}, &out), 2) << out;
  EXPECT_EQ(detect({"--max-pvalue", "0"}, &out), 2) << out;
  EXPECT_EQ(detect({"--test", "bayes"}, &out), 2) << out;
  EXPECT_EQ(detect({"--metric", "no_such_metric"}, &out), 2) << out;
}

TEST_P(HistoryDetect, PermutationOptionRunsThroughTheCommandLine) {
  add_series("Step/A", 30, 15, 6.0, 8);
  std::string out;
  // 99 permutations cannot give p below 0.01: the default 0.001 is refused, 0.02 is fine.
  EXPECT_EQ(detect({"--test", "permutation", "--permutations", "99"}, &out), 2) << out;
  EXPECT_EQ(detect({"--test", "permutation", "--permutations", "99", "--max-pvalue", "0.02",
                    "--format", "json"},
                   &out),
            0)
      << out;
  const auto doc = nlohmann::json::parse(out);
  ASSERT_EQ(doc["change_points"].size(), 1u) << out;
  EXPECT_EQ(doc["change_points"][0]["commit"], "c15");
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryDetect, ::testing::Values("sqlite", "postgres"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace mdb::history
