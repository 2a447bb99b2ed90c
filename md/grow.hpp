#pragma once
// Grow-only storage for buffers that are refilled while MD runs.
#include <cstddef>
#include <vector>

namespace mdb {

/// Resizes v to n; when that needs more capacity, reserves 25 % headroom so that the small
/// fluctuations of ghost and neighbour counts between rebuilds never reallocate inside the step
/// loop (a step allocates nothing once the run has started).
template <class T>
void resize_with_headroom(std::vector<T>& v, std::size_t n) {
  if (n > v.capacity()) v.reserve(n + n / 4 + 16);
  v.resize(n);
}

/// After a buffer was filled by appending, makes sure the next fill (a few percent larger, say)
/// fits without reallocating: keeps at least 1/8 of the size spare.
template <class T>
void ensure_headroom(std::vector<T>& v) {
  if (v.capacity() < v.size() + v.size() / 8 + 16) v.reserve(v.size() + v.size() / 4 + 64);
}

/// Appends, growing by 25 % rather than doubling when full.
template <class T>
void push_with_headroom(std::vector<T>& v, T value) {
  if (v.size() == v.capacity()) v.reserve(v.size() + v.size() / 4 + 64);
  v.push_back(value);
}

}  // namespace mdb
