#pragma once
// Grow-only storage for buffers that are refilled while MD runs.
#include <cstddef>
#include <vector>

namespace mdb {

/// Resizes v to n; when that needs more capacity, reserves 25 % headroom so that the small
/// fluctuations of ghost and neighbour counts between rebuilds never reallocate inside the step
/// loop (a step allocates nothing once the run has started).
template <class T, class A>
void resize_with_headroom(std::vector<T, A>& v, std::size_t n) {
  if (n > v.capacity()) v.reserve(n + n / 4 + 16);
  v.resize(n);
}

/// Makes room for n elements without changing the size, with a quarter spare when it must grow
/// (for buffers whose size within a run is bounded by n).
template <class T, class A>
void reserve_with_headroom(std::vector<T, A>& v, std::size_t n) {
  if (n > v.capacity()) v.reserve(n + n / 4 + 16);
}

/// After a buffer was filled by appending, makes sure the next fill fits without reallocating:
/// keeps at least 1/4 of the size spare. Ghost counts of small boxes drift by 15-20 % over a
/// long run as atoms wander across the image planes (64-atom argon: 843-988 ghosts over 20,000
/// steps), which an eighth did not cover.
template <class T, class A>
void ensure_headroom(std::vector<T, A>& v) {
  if (v.capacity() < v.size() + v.size() / 4 + 64) v.reserve(v.size() + v.size() / 2 + 256);
}

/// Makes v at least n long (its size, not just its capacity), growing to half again more when it
/// must: for buffers written ahead of their fill count (branch-free appends: every candidate is
/// written and the count advanced only for the ones kept), which index into the spare length.
template <class T, class A>
void size_at_least(std::vector<T, A>& v, std::size_t n) {
  if (v.size() >= n) return;
  v.reserve(n + n / 2 + 256);
  v.resize(v.capacity());
}

/// Appends, growing by 25 % rather than doubling when full.
template <class T>
void push_with_headroom(std::vector<T>& v, T value) {
  if (v.size() == v.capacity()) v.reserve(v.size() + v.size() / 4 + 64);
  v.push_back(value);
}

}  // namespace mdb
