#include "md/core/thread_team.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mdb {
namespace {

struct Counts {
  std::vector<std::atomic<int>> hits;
  explicit Counts(int n) : hits(static_cast<std::size_t>(n)) {}
};

void count_thread(void* ctx, int t) {
  static_cast<Counts*>(ctx)->hits[static_cast<std::size_t>(t)].fetch_add(1);
}

void throw_on_one(void*, int t) {
  if (t == 1) throw std::runtime_error("replica 1 exploded");
}

TEST(ThreadTeam, RunsEveryThreadOncePerRun) {
  for (int size : {1, 2, 4}) {
    ThreadTeam pool(size);
    Counts c(size);
    for (int k = 0; k < 500; ++k) ASSERT_TRUE(pool.run(count_thread, &c));
    for (auto& h : c.hits) EXPECT_EQ(h.load(), 500) << "pool of " << size;
  }
}

TEST(ThreadTeam, ReportsAWorkerException) {
  ThreadTeam pool(3);
  EXPECT_FALSE(pool.run(throw_on_one, nullptr));
  EXPECT_EQ(pool.error(), "replica 1 exploded");
  Counts c(3);
  EXPECT_TRUE(pool.run(count_thread, &c));  // usable afterwards
}

TEST(ThreadTeam, RunsACallableAndRethrows) {
  ThreadTeam team(3);
  std::vector<int> seen(3, 0);
  auto mark = [&](int t) { seen[static_cast<std::size_t>(t)] += t + 1; };
  team.run_checked(mark);
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 3}));
  auto fail = [](int t) {
    if (t == 2) throw std::invalid_argument("thread 2 failed");
  };
  try {
    team.run_checked(fail);
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "thread 2 failed");
  }
}

TEST(ThreadTeam, RunsEveryPartOncePerPhaseWhateverTheCount) {
  ThreadTeam team(3);
  Counts c(7);
  // Phases of varying sizes back to back: a late worker must never run a part of a finished phase
  // or miss one of the next.
  for (int k = 0; k < 3000; ++k) {
    const int parts = 1 + k % 7;
    ASSERT_TRUE(team.run_parts(parts, count_thread, &c));
  }
  for (int part = 0; part < 7; ++part) {
    int expected = 0;
    for (int k = 0; k < 3000; ++k) expected += part < 1 + k % 7 ? 1 : 0;
    EXPECT_EQ(c.hits[static_cast<std::size_t>(part)].load(), expected) << "part " << part;
  }
}

// The first part to start waits until every other part is done. Parts dealt out per thread
// (thread t owns parts 2t and 2t+1) deadlock here: the waiting thread owns a part nobody else
// may run. Claimed parts finish, because the other thread takes all three.
struct WaitForOthers {
  std::atomic<int> started{0}, finished{0};
  std::atomic<bool> timed_out{false};
};

void first_waits_for_the_rest(void* ctx, int) {
  auto& w = *static_cast<WaitForOthers*>(ctx);
  if (w.started.fetch_add(1) == 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (w.finished.load() < 3) {
      if (std::chrono::steady_clock::now() > deadline) {
        w.timed_out = true;
        break;
      }
      std::this_thread::yield();
    }
  }
  w.finished.fetch_add(1);
}

TEST(ThreadTeam, AStalledThreadDoesNotHoldUpTheOtherParts) {
  ThreadTeam team(2);
  WaitForOthers w;
  ASSERT_TRUE(team.run_parts(4, first_waits_for_the_rest, &w));
  EXPECT_FALSE(w.timed_out) << "three parts waited behind a stalled thread";
  EXPECT_EQ(w.finished.load(), 4);
}

TEST(ThreadTeam, RefusesAPhaseWithoutPartsOrWithTooMany) {
  ThreadTeam team(2);
  EXPECT_THROW(team.run_parts(0, count_thread, nullptr), std::invalid_argument);
  EXPECT_THROW(team.run_parts(70000, count_thread, nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
