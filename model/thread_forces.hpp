#pragma once
// Extended force buffers for a force loop split over a ThreadTeam: a pair or a many-body term
// writes to atoms of other threads' ranges, so each thread accumulates into its own buffer (as
// LAMMPS's OPENMP package does) and the buffers are summed afterwards, with no atomics in the
// loop.
#include <cstddef>
#include <vector>

#include "kernels/cpu/atom_ranges.hpp"
#include "md/thread_team.hpp"
#include "model/extended_forces.hpp"

namespace mdb {

/// The buffers of threads 1..size-1; thread 0 writes the force field's own ExtendedForces.
class ThreadForces {
 public:
  /// Makes buffers for a team of `threads` (outside the step loop).
  void resize(int threads) {
    extra_.resize(threads > 1 ? static_cast<std::size_t>(threads) - 1 : 0);
  }
  /// Thread t's buffer, given thread 0's.
  ExtendedForces& of(int t, ExtendedForces& own) {
    return t == 0 ? own : extra_[static_cast<std::size_t>(t) - 1];
  }
  /// own[k] += every other thread's [k] for k < n_ext, each thread summing its own stretch.
  void reduce_into(ExtendedForces& own, std::size_t n_ext, ThreadTeam& team) {
    const int nt = team.size();
    auto job = [&](int t) {
      const auto [b, e] = even_range(static_cast<int>(n_ext), t, nt);
      for (const ExtendedForces& other : extra_) {
        for (int k = b; k < e; ++k) {
          own.x[k] += other.x[k];
          own.y[k] += other.y[k];
          own.z[k] += other.z[k];
        }
      }
    };
    team.run_checked(job);
  }

 private:
  std::vector<ExtendedForces> extra_;
};

}  // namespace mdb
