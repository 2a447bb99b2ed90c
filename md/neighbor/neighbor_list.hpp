#pragma once
// Verlet neighbour list with skin, built from cell lists over the extended (local + ghost) atoms.
#include <cstdint>
#include <vector>

#include "kernels/common/neighbor_policy.hpp"
#include "kernels/common/neighbor_view.hpp"
#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"
#include "md/neighbor/cell_grid.hpp"
#include "md/neighbor/cluster_pair_list.hpp"
#include "md/neighbor/halo.hpp"

namespace mdb {

/// Half lists store each pair once (pair potentials with Newton's third law); full lists store
/// every neighbour of every local atom (many-body models); cluster lists hold the half list's
/// pairs as rows against 4-atom j-clusters with packed coordinates (SIMD pair kernels,
/// ClusterPairList): rows of one i-atom (Cluster, the double kernel's four lanes), of a pair of
/// i-atoms (Cluster2x4, eight lanes: the float kernel's, and the double kernel's on CPUs with
/// full-width AVX-512) or of a whole i-cluster (Cluster4x4, the
/// AVX-512 float kernel's sixteen).
enum class NeighborKind { Half, Full, Cluster, Cluster2x4, Cluster4x4 };

/// True for the kinds a ClusterPairList holds.
constexpr bool is_cluster_kind(NeighborKind kind) {
  return kind == NeighborKind::Cluster || kind == NeighborKind::Cluster2x4 ||
         kind == NeighborKind::Cluster4x4;
}

/// The i-atoms per row of a cluster kind's list (1 for any other kind).
constexpr int i_atoms_per_row(NeighborKind kind) {
  return kind == NeighborKind::Cluster4x4 ? 4 : kind == NeighborKind::Cluster2x4 ? 2 : 1;
}

/// Throws std::invalid_argument, prefixed with `who`, unless skin >= 0, every >= 1 and
/// max_image_shells >= 1 (the checks both engines make).
void check_neighbor_policy(const NeighborPolicy& policy, const char* who);

/// Builds and maintains the list. Call build() once, then update() after every position change:
/// it rebuilds when due and otherwise moves the ghosts with their owners. The force loops read it
/// through view(). Owns all its storage; nothing is allocated in update() once the first rebuilds
/// have sized the buffers.
class NeighborList {
 public:
  /// A list for a force field of range `cutoff` (Angstrom, or sigma) that reads `kind` lists,
  /// rebuilt by rebuild_verdict under `policy`. Throws std::invalid_argument on a cutoff <= 0 or
  /// a bad policy (check_neighbor_policy).
  NeighborList(double cutoff, NeighborKind kind, const NeighborPolicy& policy);

  /// Wraps atoms into the box, makes ghosts, bins and builds the list. Throws on bad positions
  /// or a box too small for max_image_shells.
  void build(System& system);
  /// Per-step maintenance; returns true when it rebuilt.
  bool update(System& system);

  /// Splits the list build's atom loop over `team` (the caller's, outliving the list; nullptr
  /// for one thread), and from kTeamSplitAtoms atoms on the ghosts, the cluster list's column
  /// sort and the per-step copies. The Verlet lists' binning stays serial.
  void use_threads(ThreadTeam* team);

  /// The extended atoms, and for Half and Full lists their pairs (a Cluster list's pairs are in
  /// clusters(); its view has no offsets or neighbours, and its positions are the last build's).
  /// Inline: the TorchScript module (model/torch/torch_module.hpp), loaded apart from the
  /// program, reads lists through it without linking md/.
  NeighborView view() const {
    NeighborView v;
    v.n_local = halo_.n_local();
    v.n_ghost = halo_.n_ghost();
    v.offsets = offsets_.data();
    v.neighbors = neighbors_.data();
    v.x = halo_.x().data();
    v.y = halo_.y().data();
    v.z = halo_.z().data();
    v.species = halo_.species().data();
    v.owner = halo_.owner().data();
    v.image_sign = halo_.image_sign().data();
    return v;
  }
  /// The cluster pair list (the cluster kinds; empty otherwise), packed for the current
  /// positions.
  const ClusterPairList& clusters() const { return clusters_; }
  double cutoff() const { return cutoff_; }
  NeighborKind kind() const { return kind_; }
  const NeighborPolicy& policy() const { return policy_; }
  /// The ghosts. A Cluster list's halo holds only the wrapped local atoms and the image shells
  /// of the last build (the list makes its ghosts as images of whole clusters).
  const Halo& halo() const { return halo_; }
  /// Number of builds so far, and of those (with check = false) where some atom had already
  /// moved more than skin/2, so pairs may have been missed (LAMMPS's "dangerous builds").
  long builds() const { return builds_; }
  long dangerous_builds() const { return dangerous_builds_; }
  /// Listed pairs closer than `r` at the current positions (a full list counts each twice).
  /// O(pairs): for reports, outside timed steps.
  std::size_t count_pairs_within(double r) const;
  /// Pairs listed: entries of a half or full list, atom pairs of a cluster list.
  std::size_t num_pairs() const {
    return is_cluster_kind(kind_) ? clusters_.num_atom_pairs() : neighbors_.size();
  }
  /// Identifies the current build: unique over every list of the process (0 before the first
  /// build), so a force field can cache what it derives from a build (e.g. ghost species codes)
  /// and notice a rebuild, even by a different list that happens to live at the same address.
  std::uint64_t build_serial() const { return build_serial_; }

 private:
  /// The largest squared displacement since the last build and the ghost-shift change, the
  /// inputs of rebuild_verdict.
  void displacement_since_build(const System& system, double& max_disp2, double& ghost_shift) const;
  /// The Half or Full list's binning and search over the halo built for `sys`.
  void build_pairs(const System& sys);
  /// Appends the list entries of local atom i to `out`.
  void search(int i, std::vector<int>& out) const;

  double cutoff_;
  NeighborKind kind_;
  NeighborPolicy policy_;
  Halo halo_;
  CellGrid grid_;
  ClusterPairList clusters_;
  std::vector<std::int64_t> offsets_;
  std::vector<int> neighbors_;
  std::vector<double> sorted_x_, sorted_y_, sorted_z_;  // extended positions in cell order
  ThreadTeam* team_ = nullptr;
  std::vector<std::vector<int>> chunk_neighbors_;  // per thread, while building
  std::vector<std::int64_t> chunk_base_;           // where each thread's entries go
  std::vector<double> x0_, y0_, z0_;               // local positions at the last build
  std::array<double, 3> len0_{};                   // box lengths at the last build
  int steps_since_build_ = 0;
  long builds_ = 0;
  long dangerous_builds_ = 0;
  std::uint64_t build_serial_ = 0;
};

}  // namespace mdb
