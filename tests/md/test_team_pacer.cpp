#include "md/core/team_pacer.hpp"

#include <gtest/gtest.h>

namespace mdb {
namespace {

// Ticks are microseconds here: windows of 10 ms, solo periods 10 ms doubling to 80 ms.
constexpr std::uint64_t kWindow = 10'000, kFirstSolo = 10'000, kMaxSolo = 80'000;

// Feeds phases of two parts of `part_us` each until `until`, the team finishing `wall_us` after
// the start, the caller having run `own_parts` parts by `own_us`; returns the time reached.
std::uint64_t team_phases(TeamPacer& p, std::uint64_t t, std::uint64_t until, std::uint64_t own_us,
                          std::uint64_t wall_us, int own_parts) {
  while (t < until && !p.solo(t)) {
    p.team_phase(t, t + own_us, t + wall_us, own_parts, 2);
    t += wall_us;
  }
  return t;
}

TEST(TeamPacer, ABalancedTeamOnAnIdleMachineNeverGoesSolo) {
  TeamPacer p(kWindow, kFirstSolo, kMaxSolo);
  // Two 6 us parts in parallel: 7 us a phase against 12 us alone.
  const std::uint64_t t = team_phases(p, 0, 1'000'000, 6, 7, 1);
  EXPECT_GE(t, 1'000'000u);  // ran to the end as a team
  EXPECT_FALSE(p.solo(t));
}

TEST(TeamPacer, StallsBehindAPreemptedWorkerSendTheCallerSolo) {
  TeamPacer p(kWindow, kFirstSolo, kMaxSolo);
  // Every phase: the caller's part takes 6 us, then it waits 3 ms for a preempted worker.
  std::uint64_t t = team_phases(p, 0, 1'000'000, 6, 3'006, 1);
  ASSERT_TRUE(p.solo(t)) << "still a team at " << t;
  EXPECT_EQ(t, 8 * 3'006u);              // decided after the first window (at least 8 phases)
  EXPECT_FALSE(p.solo(t + kFirstSolo));  // for one solo period, then the team is tried again
  EXPECT_EQ(p.solo_length(), 2 * kFirstSolo);
}

TEST(TeamPacer, RepeatedLossesDoubleTheSoloPeriodUpToTheCapAndAWinResetsIt) {
  TeamPacer p(kWindow, kFirstSolo, kMaxSolo);
  std::uint64_t t = 0;
  std::uint64_t expected = kFirstSolo;
  for (int loss = 0; loss < 6; ++loss) {
    t = team_phases(p, t, 10'000'000, 6, 3'006, 1);
    ASSERT_TRUE(p.solo(t));
    std::uint64_t solo_end = t;
    while (p.solo(solo_end)) ++solo_end;
    EXPECT_EQ(solo_end - t, expected) << "loss " << loss;
    expected = expected * 2 < kMaxSolo ? expected * 2 : kMaxSolo;
    t = solo_end;
  }
  EXPECT_EQ(p.solo_length(), kMaxSolo);
  // The machine is idle again: the next window the team wins, and the period starts over.
  t = team_phases(p, t, t + 3 * kWindow, 6, 7, 1);
  EXPECT_FALSE(p.solo(t));
  EXPECT_EQ(p.solo_length(), kFirstSolo);
}

TEST(TeamPacer, ACallerThatRanEveryPartItselfCountsTheWaitAgainstTheTeam) {
  TeamPacer p(kWindow, kFirstSolo, kMaxSolo);
  // The worker never claimed anything, and waking it cost 2 us a phase on top of 12 us of work.
  const std::uint64_t t = team_phases(p, 0, 1'000'000, 12, 14, 2);
  EXPECT_TRUE(p.solo(t));
}

TEST(TeamPacer, FewPhasesDecideNothing) {
  TeamPacer p(kWindow, kFirstSolo, kMaxSolo);
  // Seven phases of 5 ms each pass the window but not the phase minimum: no verdict yet.
  std::uint64_t t = 0;
  for (int k = 0; k < 7; ++k, t += 5'000) p.team_phase(t, t + 10, t + 5'000, 1, 2);
  EXPECT_FALSE(p.solo(t));
  p.team_phase(t, t + 10, t + 5'000, 1, 2);
  EXPECT_TRUE(p.solo(t + 5'000));
}

}  // namespace
}  // namespace mdb
