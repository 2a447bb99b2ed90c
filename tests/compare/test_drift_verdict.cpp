// The drift rule (energy-drift, conserved-drift): a drift beyond its bound is a problem only over
// a long enough window and beyond its standard error; each threshold just inside and just beyond.
#include "compare/report/drift_verdict.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "compare/report/hotspots.hpp"

namespace mdb::compare {
namespace {

namespace L = drift_limits;
constexpr double kBound = 0.05;  // hotspot_limits::kEnergyDrift
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A drift of 1 meV/atom/ps, 100 standard errors from zero, over 2 ps: a real drift.
DriftFit clear_drift() {
  return {1.0, 2.0, 0.01};
}

TEST(DriftVerdict, TheBoundDecidesFirst) {
  DriftFit f = clear_drift();
  f.drift = kBound;
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kWithin);
  f.drift = -kBound * 1.01;
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kDrift);
}

TEST(DriftVerdict, AWindowShorterThanTheMinimumShowsNoDrift) {
  DriftFit f = clear_drift();
  f.window_ps = L::kMinWindowPs;
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kDrift);
  f.window_ps = L::kMinWindowPs * 0.99;
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kUnresolved);
}

TEST(DriftVerdict, ADriftWithinItsStandardErrorsShowsNoDrift) {
  DriftFit f = clear_drift();
  f.se = f.drift / (L::kSignificance * 1.01);  // 3.03 sigma
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kDrift);
  f.se = f.drift / (L::kSignificance * 0.99);  // 2.97 sigma
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kUnresolved);
}

TEST(DriftVerdict, TwoSamplesHaveNoErrorAndShowNoDrift) {
  DriftFit f = clear_drift();
  f.se = kNaN;
  EXPECT_EQ(judge_drift(f, kBound), DriftVerdict::kUnresolved);
}

// Files written before md_bench reported the fit keep the bound alone.
TEST(DriftVerdict, WithoutAWindowTheBoundAloneDecides) {
  EXPECT_EQ(judge_drift({1.0, kNaN, kNaN}, kBound), DriftVerdict::kDrift);
  EXPECT_EQ(judge_drift({0.01, kNaN, kNaN}, kBound), DriftVerdict::kWithin);
  EXPECT_EQ(describe_drift_fit({1.0, kNaN, kNaN}), "");
}

TEST(DriftVerdict, TheDescriptionSaysWhyNoDriftIsShown) {
  const std::string short_window = describe_drift_fit({-6.24, 0.005, kNaN});
  EXPECT_NE(short_window.find("0.005 ps"), std::string::npos) << short_window;
  EXPECT_NE(short_window.find("no standard error"), std::string::npos) << short_window;
  EXPECT_NE(short_window.find("oscillation"), std::string::npos) << short_window;
  const std::string noisy = describe_drift_fit({0.2, 1.0, 0.1});
  EXPECT_NE(noisy.find("2.0 sigma"), std::string::npos) << noisy;
  EXPECT_NE(noisy.find("no drift"), std::string::npos) << noisy;
  const std::string real = describe_drift_fit(clear_drift());
  EXPECT_NE(real.find("100.0 sigma"), std::string::npos) << real;
  EXPECT_EQ(real.find("no drift"), std::string::npos) << real;
}

BenchSummary trajectory(const char* metric, double drift, double window_ps, double se) {
  BenchSummary b;
  b.name = "Trajectory/NVE/64/c-dunn/cpu/manual_time";
  b.parts = parse_bench_name(b.name);
  b.repetitions = 1;
  b.medians = {{metric, drift}, {"drift_window_ps", window_ps}};
  if (!std::isnan(se)) b.medians["drift_se"] = se;
  return b;
}

const Finding* only(const Hotspots& h, const char* rule) {
  return h.findings.size() == 1 && h.findings.front().rule == rule ? &h.findings.front() : nullptr;
}

// c-dunn's default row: 20 steps of 0.5 fs, two thermo samples 5 fs apart.
TEST(DriftRule, AShortTrajectorysSlopeIsANote) {
  const Hotspots h = find_hotspots(trajectory("energy_drift", -6.24, 0.005, kNaN));
  const Finding* f = only(h, "energy-drift");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kInfo);
  EXPECT_NE(f->recommendation.find("--md_steps"), std::string::npos);
}

TEST(DriftRule, AMeasuredDriftIsAProblemInEitherEnsemble) {
  const Hotspots e = find_hotspots(trajectory("energy_drift", 0.06, 1.0, 0.019));
  ASSERT_NE(only(e, "energy-drift"), nullptr);
  EXPECT_EQ(e.findings.front().severity, Severity::kProblem);
  EXPECT_NE(e.findings.front().observation.find("3.2 sigma"), std::string::npos);
  const Hotspots c = find_hotspots(trajectory("conserved_drift", 0.6, 1.0, 0.1));
  ASSERT_NE(only(c, "conserved-drift"), nullptr);
  EXPECT_EQ(c.findings.front().severity, Severity::kProblem);
  const Hotspots n = find_hotspots(trajectory("conserved_drift", 0.6, 1.0, 0.21));
  ASSERT_NE(only(n, "conserved-drift"), nullptr);
  EXPECT_EQ(n.findings.front().severity, Severity::kInfo);
}

}  // namespace
}  // namespace mdb::compare
