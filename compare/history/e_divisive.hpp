#pragma once
// E-divisive means (Matteson & James, JASA 2014) with alpha = 1: the divergence between the
// values before and after each split point of a series, as MongoDB's and Hunter's change-point
// detection use it (the right side runs to the end of the segment, kappa = n).
#include <cstddef>
#include <span>
#include <vector>

namespace mdb::history {

/// q[tau] for tau in [0, n]: the scaled energy distance between z[0, tau) and z[tau, n),
///   q = a b / n * ( 2/(a b) sum|x_i - y_j| - sum_{i<k}|x_i - x_k| / C(a,2)
///                  - sum_{j<l}|y_j - y_l| / C(b,2) ),   a = tau, b = n - tau,
/// with a within-side term of 0 for a side of one value and q = 0 at tau = 0 and tau = n.
/// O(n log n): the sums of distances come from two sweeps over a Fenwick tree of ranks.
std::vector<double> e_divisive_q(std::span<const double> z);

/// The same from the definition, O(n^2) per split: the reference the tests hold the fast one to.
double e_divisive_q_direct(std::span<const double> z, std::size_t tau);

struct Split {
  std::size_t index = 0;  // first value of the right side
  double q = 0;
  bool found = false;  // false when the segment is shorter than 2 min_size
};

/// The split with the largest q among those leaving at least `min_size` values on each side
/// (the first on a tie).
Split best_split(std::span<const double> z, std::size_t min_size);

}  // namespace mdb::history
