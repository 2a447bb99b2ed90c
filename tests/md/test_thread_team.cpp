#include "md/thread_team.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
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

}  // namespace
}  // namespace mdb
