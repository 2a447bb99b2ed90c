#include "bench/replica_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace mdb::bench {
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

TEST(ReplicaPool, RunsEveryThreadOncePerRun) {
  for (int size : {1, 2, 4}) {
    ReplicaPool pool(size);
    Counts c(size);
    for (int k = 0; k < 500; ++k) ASSERT_TRUE(pool.run(count_thread, &c));
    for (auto& h : c.hits) EXPECT_EQ(h.load(), 500) << "pool of " << size;
  }
}

TEST(ReplicaPool, ReportsAWorkerException) {
  ReplicaPool pool(3);
  EXPECT_FALSE(pool.run(throw_on_one, nullptr));
  EXPECT_EQ(pool.error(), "replica 1 exploded");
  Counts c(3);
  EXPECT_TRUE(pool.run(count_thread, &c));  // usable afterwards
}

}  // namespace
}  // namespace mdb::bench
