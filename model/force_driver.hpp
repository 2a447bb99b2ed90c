#pragma once
// The one threaded force driver, as hoomd-blue's PotentialPair<Evaluator>: a model supplies its
// loop over a range of list rows (centre atoms, or a cluster list's row groups), and the driver
// owns the rest of the sequence every CPU model shares. Each thread writes its own extended
// force buffer (a pair or many-body term writes atoms of other threads' ranges; as LAMMPS's
// OPENMP package, no atomics in the loop), the buffers are summed, the virial is taken before the
// fold (sum x.f over extended atoms needs the ghosts' forces), and the forces fold onto owners.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "md/core/thread_team.hpp"
#include "md/force/force_field.hpp"
#include "model/cluster_fold.hpp"
#include "model/extended_forces.hpp"
#include "model/thread_cluster_blocks.hpp"

namespace mdb {

/// Where a compute's virial comes from.
enum class VirialFrom {
  Loop,       ///< the loop summed r_ij f_ij per pair (PairSums::virial)
  Positions,  ///< sum x.f over the extended atoms (or a cluster list's packed slots)
};

class ForceDriver {
 public:
  /// The team compute() splits over (nullptr or a team of one: a single thread), outliving this
  /// binding. Sizes the per-thread buffers: call outside the step loop.
  void use_threads(ThreadTeam* team);
  ThreadTeam* team() const { return team_; }
  int threads() const { return team_ ? team_->size() : 1; }

  /// Room for n extended atoms in every thread's buffer (bind, or a bound that moves between
  /// list builds such as a cluster list's slot count): no allocation in a step once it suffices.
  void reserve(std::size_t n);

  /// Runs loop(t, begin, end) -> PairSums over rows [0, n_rows), split over the team by list
  /// work (work_offsets: n_rows + 1 CSR entries), and returns the sum of the loops' energies and
  /// virials. Buffers are the loop's own (accumulate below gives each thread one).
  template <class Loop>
  PairSums split(const std::int64_t* work_offsets, int n_rows, Loop&& loop);

  /// split() with loop(t, begin, end, ExtendedForces& f): each thread into its own buffer zeroed
  /// for n_ext extended atoms. Leaves the sum of the buffers in forces().
  template <class Loop>
  PairSums accumulate(std::size_t n_ext, const std::int64_t* work_offsets, int n_rows, Loop&& loop);
  /// split() over a cluster list's row groups, `written` marked with each thread's share first
  /// when the list was rebuilt since it was last marked (ThreadClusterBlocks::start), so loop(t,
  /// begin, end) may zero and a fold may read only where thread t's rows write.
  template <class Loop>
  PairSums split_clusters(const ClusterPairList& clusters, ThreadClusterBlocks& written,
                          Loop&& loop);
  /// split() over a cluster list's row groups with loop(t, begin, end, ExtendedForces& f): each
  /// thread into its own buffer over the list's slots, zeroed where its rows write
  /// (ThreadClusterBlocks) and left so for finish_clusters, whose fold sums them.
  template <class Loop>
  PairSums accumulate_clusters(const ClusterPairList& clusters, Loop&& loop);

  /// The forces accumulate() summed (thread 0's buffer), for a model that adds terms of its own
  /// before finish().
  ExtendedForces& forces() { return own_; }

  /// sum x.f over the list's extended atoms, LAMMPS order xx yy zz xy xz yz. Call before fold().
  /// Not for a cluster list (finish_clusters). Throws std::logic_error for one.
  std::array<double, 6> positions_virial(const NeighborList& list) const;
  /// system.f = forces() folded onto their owners through the halo. Not for a cluster list.
  void fold(System& system, const NeighborList& list) const;

  /// The end of a compute over a halo's list: energy and virial as `flags` ask (the virial from
  /// the loop's sums or from positions), then the fold.
  ForceResult finish(System& system, const NeighborList& list, ComputeFlags flags,
                     const PairSums& sums, VirialFrom virial_from) const;
  /// The end of a compute over a cluster list after accumulate_clusters: every thread's slot
  /// forces folded onto the atoms, the virial taken on the way (fold_clusters) when asked.
  ForceResult finish_clusters(System& system, const ClusterPairList& clusters, ComputeFlags flags,
                              const PairSums& sums);

 private:
  ExtendedForces& of(int t) { return t == 0 ? own_ : extra_[static_cast<std::size_t>(t) - 1]; }
  /// own_[k] += every other thread's [k] for k < n_ext, each thread summing its own stretch.
  void reduce(std::size_t n_ext);

  ThreadTeam* team_ = nullptr;
  ExtendedForces own_;                 ///< thread 0's buffer, and the sum
  std::vector<ExtendedForces> extra_;  ///< threads 1..size-1
  std::vector<PairSums> sums_;         ///< per thread
  ClusterFoldScratch fold_;
  ThreadClusterBlocks written_;  ///< accumulate_clusters: where each thread's buffer is live
};

template <class Loop>
PairSums ForceDriver::split(const std::int64_t* work_offsets, int n_rows, Loop&& loop) {
  if (team_ == nullptr) return loop(0, 0, n_rows);
  const int nt = team_->size();
  auto job = [&](int t) {
    const auto [b, e] = work_range(work_offsets, n_rows, t, nt);
    sums_[static_cast<std::size_t>(t)] = loop(t, b, e);
  };
  team_->run_checked(job);
  PairSums total;
  for (const PairSums& part : sums_) {
    total.energy += part.energy;
    for (int k = 0; k < 6; ++k) total.virial[k] += part.virial[k];
  }
  return total;
}

template <class Loop>
PairSums ForceDriver::split_clusters(const ClusterPairList& clusters, ThreadClusterBlocks& written,
                                     Loop&& loop) {
  const ClusterPairView v = clusters.view();
  const bool mark = written.start(clusters, threads());
  return split(v.row_offsets, v.n_row_groups(), [&](int t, int b, int e) {
    if (mark) written.mark(t, v, b, e);
    return loop(t, b, e);
  });
}

template <class Loop>
PairSums ForceDriver::accumulate_clusters(const ClusterPairList& clusters, Loop&& loop) {
  constexpr std::size_t kC = ClusterPairView::kClusterSize;
  reserve(clusters.max_slots());  // slot counts move between builds
  return split_clusters(clusters, written_, [&](int t, int b, int e) {
    ExtendedForces& f = of(t);
    f.size_for(static_cast<std::size_t>(clusters.n_slots()));
    written_.for_each_run(t, [&](int c_begin, int c_end) { f.zero(kC * c_begin, kC * c_end); });
    return loop(t, b, e, f);
  });
}

template <class Loop>
PairSums ForceDriver::accumulate(std::size_t n_ext, const std::int64_t* work_offsets, int n_rows,
                                 Loop&& loop) {
  const PairSums total = split(work_offsets, n_rows, [&](int t, int b, int e) {
    ExtendedForces& f = of(t);
    f.reset(n_ext);
    return loop(t, b, e, f);
  });
  if (team_ != nullptr) reduce(n_ext);
  return total;
}

}  // namespace mdb
