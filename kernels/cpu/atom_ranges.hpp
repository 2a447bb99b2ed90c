#pragma once
// How a CPU loop over atoms is split between the threads of a team: contiguous ranges, so each
// thread streams its own stretch of the arrays.
#include <algorithm>
#include <cstdint>
#include <utility>

namespace mdb {

/// Atoms [begin, end) of thread t of nt when n atoms are split into equal counts.
inline std::pair<int, int> even_range(int n, int t, int nt) {
  const auto at = [&](int k) { return static_cast<int>(static_cast<std::int64_t>(n) * k / nt); };
  return {at(t), at(t + 1)};
}

/// Atoms [begin, end) of thread t of nt for a loop whose cost follows a CSR neighbour list
/// (offsets: n + 1 entries): each thread gets about the same number of list entries, since
/// atoms near a surface or in a dense region have more neighbours than others.
inline std::pair<int, int> work_range(const std::int64_t* offsets, int n, int t, int nt) {
  const std::int64_t total = offsets[n];
  const auto at = [&](int k) {
    if (k <= 0) return 0;
    if (k >= nt) return n;
    // The first atom whose entries start at or after the k-th share of the work.
    const std::int64_t target = total / nt * k + total % nt * k / nt;
    return static_cast<int>(std::lower_bound(offsets, offsets + n, target) - offsets);
  };
  return {at(t), at(t + 1)};
}

}  // namespace mdb
