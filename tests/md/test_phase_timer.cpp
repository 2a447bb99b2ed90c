#include "md/core/phase_timer.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace mdb {
namespace {

TEST(PhaseTimer, ChargesElapsedTimeToTheStampedPhase) {
  PhaseTimer t;
  t.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  t.stamp(Phase::Force);
  t.stamp(Phase::Integrate);  // ~0 elapsed
  EXPECT_GE(t.seconds(Phase::Force), 0.015);
  EXPECT_LT(t.seconds(Phase::Integrate), 0.005);
  EXPECT_EQ(t.seconds(Phase::Neighbor), 0.0);
  EXPECT_NEAR(t.total_seconds(), t.seconds(Phase::Force) + t.seconds(Phase::Integrate), 1e-12);
}

TEST(PhaseTimer, TickRateAgreesWithSteadyClock) {
  using clock = std::chrono::steady_clock;
  const auto c0 = clock::now();
  const auto t0 = PhaseTimer::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const auto t1 = PhaseTimer::now();
  const double secs = std::chrono::duration<double>(clock::now() - c0).count();
  EXPECT_NEAR((t1 - t0) * PhaseTimer::seconds_per_tick() / secs, 1.0, 0.05);
}

TEST(PhaseTimer, DisabledTimerRecordsNothing) {
  PhaseTimer t(false);
  t.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  t.stamp(Phase::Force);
  EXPECT_EQ(t.total_seconds(), 0.0);
}

}  // namespace
}  // namespace mdb
