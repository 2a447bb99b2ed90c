// How CPU loops split atoms between the threads of a team (kernels/cpu/atom_ranges.hpp).
#include "kernels/cpu/atom_ranges.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace mdb {
namespace {

TEST(AtomRanges, EvenRangesCoverEveryAtomOnce) {
  for (int n : {0, 1, 7, 64, 1001}) {
    for (int nt : {1, 2, 3, 8}) {
      int next = 0;
      for (int t = 0; t < nt; ++t) {
        const auto [b, e] = even_range(n, t, nt);
        EXPECT_EQ(b, next);
        EXPECT_LE(e - b, n / nt + 1);
        next = e;
      }
      EXPECT_EQ(next, n);
    }
  }
}

TEST(AtomRanges, WorkRangesBalanceListEntries) {
  // Atom i has i neighbours: equal atom counts would give the last thread most of the work.
  const int n = 1000;
  std::vector<std::int64_t> offsets(n + 1, 0);
  for (int i = 0; i < n; ++i) offsets[i + 1] = offsets[i] + i;
  const std::int64_t total = offsets[n];
  for (int nt : {2, 3, 4}) {
    int next = 0;
    for (int t = 0; t < nt; ++t) {
      const auto [b, e] = work_range(offsets.data(), n, t, nt);
      EXPECT_EQ(b, next);
      next = e;
      const std::int64_t work = offsets[e] - offsets[b];
      EXPECT_NEAR(static_cast<double>(work), static_cast<double>(total) / nt, n)
          << nt << " threads, thread " << t;
    }
    EXPECT_EQ(next, n);
  }
}

}  // namespace
}  // namespace mdb
