#include "compare/diff/policy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace mdb::compare {
namespace {

std::string policy_error_of(const std::string& text) {
  try {
    parse_policy(text, "p.json");
  } catch (const PolicyError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no PolicyError for " << text;
  return {};
}

TEST(Metrics, BuiltinDirections) {
  EXPECT_EQ(builtin_metric("real_time").direction, Direction::kLower);
  EXPECT_EQ(builtin_metric("atom_steps_per_s").direction, Direction::kHigher);
  EXPECT_EQ(builtin_metric("ns_per_day").direction, Direction::kHigher);
  EXPECT_EQ(builtin_metric("energy_drift").direction, Direction::kLowerAbs);
  EXPECT_EQ(builtin_metric("natoms").direction, Direction::kIdentity);
  EXPECT_EQ(builtin_metric("frac_force").direction, Direction::kInfo);
  const MetricSpec unknown = builtin_metric("my_loss");
  EXPECT_FALSE(unknown.known);
  EXPECT_EQ(unknown.direction, Direction::kInfo);
  for (const auto& s : builtin_metrics()) {
    Direction d{};
    ASSERT_TRUE(parse_direction(to_string(s.direction), d));
    EXPECT_EQ(d, s.direction);
  }
}

TEST(Policy, ResolveAppliesLayersInOrder) {
  const Policy p = parse_policy(R"({
    "alpha": 0.01,
    "time_threshold": 0.10,
    "metrics": {"cpu_time": {"direction": "info"}, "my_loss": {"direction": "lower", "threshold": 0.02}},
    "overrides": [
      {"benchmarks": "^Batched/", "metrics": {"real_time": {"threshold": 0.15}}},
      {"benchmarks": "/replicas:8/", "metrics": {"real_time": {"threshold": 0.30, "abs_tolerance": 5}}},
      {"benchmarks": "^Scaling/", "ignore": true}
    ]
  })");
  EXPECT_DOUBLE_EQ(p.alpha, 0.01);
  EXPECT_DOUBLE_EQ(p.resolve("real_time", "Step/NVE/64").threshold, 0.10);  // time_threshold
  EXPECT_DOUBLE_EQ(p.resolve("us_per_atom", "Step/NVE/64").threshold, 0.10);
  EXPECT_DOUBLE_EQ(p.resolve("mem_delta_MB", "Step/NVE/64").threshold,
                   0.10);  // not timing: built-in
  EXPECT_EQ(p.resolve("cpu_time", "Step/NVE/64").direction, Direction::kInfo);
  EXPECT_DOUBLE_EQ(p.resolve("real_time", "Batched/NVE/64/replicas:2").threshold, 0.15);
  const MetricSpec later = p.resolve("real_time", "Batched/NVE/64/replicas:8/x");
  EXPECT_DOUBLE_EQ(later.threshold, 0.30);  // the later override wins
  EXPECT_DOUBLE_EQ(later.abs_tolerance, 5);
  const MetricSpec loss = p.resolve("my_loss", "x");
  EXPECT_EQ(loss.direction, Direction::kLower);
  EXPECT_DOUBLE_EQ(loss.threshold, 0.02);
  EXPECT_TRUE(p.ignored("Scaling/NVE/lj-ar/cpu/64"));
  EXPECT_FALSE(p.ignored("Step/NVE/64"));
}

TEST(Policy, CommandLineThresholdBeatsTheFile) {
  Policy p = parse_policy(R"({"metrics": {"real_time": {"threshold": 0.5}},
    "overrides": [{"benchmarks": "^B", "metrics": {"real_time": {"threshold": 0.3}}}]})");
  p.forced_time_threshold = 0.01;  // what --threshold 0.01 sets
  EXPECT_DOUBLE_EQ(p.resolve("real_time", "A").threshold, 0.01);
  EXPECT_DOUBLE_EQ(p.resolve("real_time", "B").threshold, 0.01);
  EXPECT_DOUBLE_EQ(p.resolve("mem_delta_MB", "B").threshold, 0.10);  // not a timing metric
}

TEST(Policy, GateTimingOffTurnsTimingMetricsIntoInfo) {
  const Policy p = parse_policy(R"({"gate_timing": false})");
  EXPECT_EQ(p.resolve("real_time", "a").direction, Direction::kInfo);
  EXPECT_EQ(p.resolve("atom_steps_per_s", "a").direction, Direction::kInfo);
  EXPECT_EQ(p.resolve("energy_drift", "a").direction, Direction::kLowerAbs);
  EXPECT_EQ(p.resolve("allocs_per_step", "a").direction, Direction::kLower);
}

TEST(Policy, Limits) {
  const Policy p = parse_policy(R"({"limits": [
    {"benchmarks": "^Trajectory/NVE/", "metric": "energy_drift", "abs_max": 0.05},
    {"metric": "allocs_per_step", "max": 0},
    {"metric": "T_mean", "min": 10, "max": 100}]})");
  ASSERT_EQ(p.limits.size(), 3u);
  EXPECT_FALSE(p.limits[0].violated_by(-0.04));
  EXPECT_TRUE(p.limits[0].violated_by(-0.06));
  EXPECT_TRUE(p.limits[0].violated_by(NAN));
  EXPECT_EQ(p.limits[0].describe(), "|energy_drift| <= 0.05");
  EXPECT_TRUE(p.limits[1].violated_by(0.5));
  EXPECT_FALSE(p.limits[1].violated_by(0));
  EXPECT_TRUE(p.limits[2].violated_by(5));
  EXPECT_EQ(p.limits[2].describe(), "T_mean >= 10 and T_mean <= 100");
  EXPECT_TRUE(std::regex_search(std::string("Step/NVE/64"), p.limits[1].regex));  // default: all
}

TEST(Policy, MistakesAreErrorsNamingFileAndPlace) {
  EXPECT_NE(policy_error_of(R"({"treshold": 0.1})").find("unknown key \"treshold\""),
            std::string::npos);
  EXPECT_NE(policy_error_of(R"({"metrics": {"real_time": {"direction": "down"}}})")
                .find("metrics.real_time.direction"),
            std::string::npos);
  EXPECT_NE(policy_error_of(R"({"metrics": {"real_time": {"threshold": -1}}})").find(">= 0"),
            std::string::npos);
  EXPECT_NE(
      policy_error_of(R"({"overrides": [{"benchmarks": "(", "ignore": true}]})").find("bad regex"),
      std::string::npos);
  EXPECT_NE(policy_error_of(R"({"overrides": [{"ignore": true}]})").find("overrides[0]"),
            std::string::npos);
  EXPECT_NE(policy_error_of(R"({"limits": [{"metric": "cv"}]})").find("min, max, abs_max"),
            std::string::npos);
  EXPECT_NE(policy_error_of(R"({"alpha": 2})").find("alpha"), std::string::npos);
  EXPECT_NE(policy_error_of("[1]").find("p.json"), std::string::npos);
  EXPECT_NE(policy_error_of("{").find("p.json"), std::string::npos);
  EXPECT_THROW(load_policy("/nonexistent/policy.json"), PolicyError);
}

}  // namespace
}  // namespace mdb::compare
