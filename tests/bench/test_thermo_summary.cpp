// summarize_thermo: a Trajectory's drift comes with the window it was fitted over and its
// standard error (md_report judges the drift against both: docs/REPORT.md), in the report's units.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/cases.hpp"
#include "bench/families.hpp"

namespace mdb::bench {
namespace {

constexpr double kAtoms = 64;

// n samples 5 fs apart from t0 (ps), E/N = 1e-3 * (slope t + wobble) eV, wobble +-0.01 meV in the
// pattern + - - + (orthogonal to t and to 1, so it is the fit's residual).
ThermoSamples samples(int n, double t0, double slope_mev) {
  ThermoSamples s;
  for (int i = 0; i < n; ++i) {
    const double t = t0 + 0.005 * i;
    const double wobble = (i % 4 == 0 || i % 4 == 3) ? 0.01 : -0.01;
    s.time.push_back(t);
    s.energy.push_back(kAtoms * 1e-3 * (slope_mev * t + wobble));
    s.conserved.push_back(s.energy.back());
    for (auto* v : {&s.temperature, &s.pressure, &s.density}) v->push_back(1.0);
  }
  return s;
}

BenchmarkSpec trajectory(const char* case_name, Ensemble e) {
  const CaseSpec* c = find_case(case_name);
  return BenchmarkSpec{Family::Trajectory, StateKey{c, e, 64, 1, c->timestep}};
}

TEST(ThermoSummary, DriftComesWithItsWindowAndStandardError) {
  const ThermoSummary t =
      summarize_thermo(trajectory("lj-ar", Ensemble::NVE), samples(40, 3.0, 0.2), kAtoms);
  ASSERT_TRUE(t.energy_drift_mev && t.drift_window_ps && t.drift_se_mev);
  EXPECT_FALSE(t.conserved_drift_mev);
  EXPECT_NEAR(*t.energy_drift_mev, 0.2, 1e-9);
  EXPECT_NEAR(*t.drift_window_ps, 39 * 0.005, 1e-12);
  // RSS = 40 (0.01 meV)^2 over 38 degrees of freedom; sum (t - mean)^2 = h^2 n (n^2 - 1) / 12.
  const double sxx = 0.005 * 0.005 * 40 * (40 * 40 - 1) / 12.0;
  EXPECT_NEAR(*t.drift_se_mev, std::sqrt(40 * 1e-4 / 38 / sxx), 1e-9);
}

// c-dunn's default row: 20 steps, thermo at steps 10 and 20.
TEST(ThermoSummary, TwoSamplesGiveAWindowButNoError) {
  const ThermoSummary t =
      summarize_thermo(trajectory("c-nn-student", Ensemble::NVE), samples(2, 1.0, -6.0), kAtoms);
  ASSERT_TRUE(t.energy_drift_mev && t.drift_window_ps);
  EXPECT_NEAR(*t.drift_window_ps, 0.005, 1e-12);
  EXPECT_FALSE(t.drift_se_mev) << "no degrees of freedom for an error";
}

TEST(ThermoSummary, ThermostattedRowsFitTheConservedQuantity) {
  const ThermoSummary t =
      summarize_thermo(trajectory("lj-ar", Ensemble::NVT), samples(12, 0.0, 0.5), kAtoms);
  ASSERT_TRUE(t.conserved_drift_mev && t.drift_window_ps && t.drift_se_mev);
  EXPECT_FALSE(t.energy_drift_mev);
  EXPECT_NEAR(*t.conserved_drift_mev, 0.5, 1e-9);
  ThermoSamples none = samples(12, 0.0, 0.5);
  for (double& h : none.conserved) h = std::nan("");  // an engine without that quantity
  const ThermoSummary n = summarize_thermo(trajectory("lj-ar", Ensemble::NVT), none, kAtoms);
  EXPECT_FALSE(n.conserved_drift_mev || n.drift_window_ps || n.drift_se_mev);
}

}  // namespace
}  // namespace mdb::bench
