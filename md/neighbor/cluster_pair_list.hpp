#pragma once
// The cluster pair list that SIMD pair kernels read (kernels/cpu/cluster_pair_view.hpp): atoms in
// clusters of four, packed coordinates, and per i-atom (or pair of i-atoms, or i-cluster) the
// j-clusters it has a pair with, each with a mask of 4 (8, 16) bits.
#include <array>
#include <cstdint>
#include <vector>

#include "kernels/cpu/atom_ranges.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"
#include "md/neighbor/halo.hpp"

namespace mdb {

/// Built from a Halo (its wrapped local atoms and image shells) at each neighbour-list rebuild
/// (clustering and search split over a ThreadTeam when given one); between rebuilds refresh()
/// moves the packed slots with the atoms. The clusters follow GROMACS nbnxm: the box (plus the
/// ghost margin) is cut into columns along z whose cross-section holds ~4 atoms per cluster
/// height; each column's local atoms are sorted by z and cut into clusters of four, the
/// i-clusters. The ghost clusters are whole images of local clusters (each moved by one image
/// vector) that some row names, so a ghost slot follows its local slot with one add and its
/// force folds back as a vector, and no step spends work on a ghost no kernel reads. The pairs kept
/// are exactly those of a half Verlet list with the same range (the masks drop the rest), so a
/// kernel over this list and one over NeighborList's half list compute the same forces.
class ClusterPairList {
 public:
  static constexpr int kClusterSize = ClusterPairView::kClusterSize;

  /// Rows of `i_atoms_per_row` i-atoms (1, 2 or 4) against a j-cluster: the layout the kernel
  /// that reads the list evaluates (ClusterPairView). Throws std::invalid_argument otherwise.
  explicit ClusterPairList(int i_atoms_per_row = 1);

  /// Clusters the halo's extended atoms and lists every cluster pair with an atom pair closer
  /// than `range` (cutoff + skin). Allocates only while buffers grow.
  void build(const Halo& halo, const Box& box, double range, ThreadTeam* team = nullptr);
  /// Moves the packed slots with the atoms (every step): owner + image * box length, the halo's
  /// own rule (a ghost slot as its local slot plus image * box length, the same sum), so a slot
  /// equals what Halo::refresh would give that image. Split over `team` when given one.
  void refresh(const System& system, ThreadTeam* team = nullptr);

  ClusterPairView view() const;
  int n_slots() const { return static_cast<int>(slot_owner_.size()); }
  /// The most slots of any build so far: a kernel sizes its per-slot buffers for it, with
  /// headroom (the ghost count drifts between builds, and grows as a crystal melts).
  std::size_t max_slots() const { return max_clusters_ * kClusterSize; }
  /// The local atom each packed slot holds or images (-1: padding).
  const std::vector<int>& slot_owner() const { return slot_owner_; }
  /// The image of slot s: it sits at its owner + image * box lengths ({0, 0, 0} in an
  /// i-cluster, its cluster's image vector in a ghost cluster).
  std::array<int, 3> slot_image(int s) const {
    const int r = s / kClusterSize - n_local_clusters_;
    if (r < 0) return {0, 0, 0};
    return {image_ix_[r], image_iy_[r], image_iz_[r]};
  }
  /// Ghost clusters: cluster n_i_clusters + g is local cluster image_source()[g] moved by one
  /// image vector (its slots' image).
  const std::vector<int>& image_source() const { return image_src_; }
  /// Rows listed (i_atoms_per_row i-atoms against a j-cluster: one SIMD evaluation of 4, 8 or
  /// 16 pairs), and atom pairs their masks keep (the half list's size).
  std::size_t num_rows() const { return row_cluster_.empty() ? 0 : row_cluster_.size() - 1; }
  std::size_t num_atom_pairs() const { return atom_pairs_; }
  /// Names this build of this list among every build of every list in the process (0: never
  /// built), so what a caller derives from the rows can be kept until the next build.
  std::uint64_t build_id() const { return build_id_; }

  /// Atom pairs of the list closer than `r` at the current positions.
  std::size_t count_pairs_within(double r) const;

  /// system.f = the clusters' forces (ClusterForce) summed onto each slot's owner (padding
  /// ignored): each local cluster adds its images' to its own, split over `team` when given one.
  /// Cluster c's forces are force_of(t, c) -> ClusterForce, called exactly once for every cluster c
  /// < the list's cluster count (local or ghost) by thread t of the split, so a caller folds its
  /// forces where they lie (model/cluster_fold.hpp) and may take the cluster's virial on the way.
  template <class ForceOf>
  void fold_cluster_forces(ForceOf&& force_of, System& system, ThreadTeam* team = nullptr) const;

 private:
  /// A run of j-clusters in one column, and how far along z the search has moved through it.
  struct Window {
    int cursor, end;
  };
  /// One thread's share of the search: rows of the i-clusters of a range of columns.
  /// Its row and candidate buffers are written past their last entry without a branch per
  /// entry, so they are kept sized (not just reserved) beyond what they hold.
  struct Chunk {
    std::vector<int> cluster;  // rows [0, n_rows)
    std::vector<std::uint16_t> mask;
    std::size_t n_rows = 0;
    std::vector<Window> windows;
    std::vector<int> candidates;                 // j-clusters, then those with an atom pair
    std::vector<std::uint16_t> candidate_masks;  // their 4 x 4 masks
    std::size_t max_window = 0;  // the most j-clusters one column's windows held, this build
    std::size_t atom_pairs = 0;
  };
  /// Sorts atoms [first, last) of the halo (local ones) into the box's columns and appends their
  /// clusters.
  void cluster_atoms(const Halo& halo, int first, int last, std::vector<int>& column_start,
                     ThreadTeam* team);
  /// Appends the ghost clusters: every image of a local cluster whose box comes within `range`
  /// of the box, in the column the image vector moves its column onto
  /// (md/neighbor/cluster_images.cpp).
  void make_image_clusters(const Box& box, double range, const std::array<int, 3>& shells,
                           ThreadTeam* team);
  /// Slot attributes and positions of the ghost clusters, from their local clusters'.
  void fill_image_slots(const Box& box, ThreadTeam* team);
  /// Drops the ghost clusters no row names (the search marked the named ones in
  /// cluster_named_): renumbers the rest in order, moves their slots and image data down, and
  /// sets cluster_index_ (old cluster -> new) for the rows.
  void drop_unnamed_images();
  /// Ghost clusters' positions: their local clusters' plus the image vector.
  void refresh_images(const std::array<double, 3>& len, ThreadTeam* team);
  /// Bounding boxes of clusters [first, n_clusters_) from the packed positions.
  void compute_boxes(int first, ThreadTeam* team);
  /// Columns [begin, end) of thread t of nt: about equal numbers of i-clusters.
  std::pair<int, int> column_range(int t, int nt) const;
  /// Appends the rows of the i-clusters of column `col` to `out`, setting their row_offsets_
  /// relative to the chunk.
  void search_column(int col, double range, Chunk& out);
  /// The 4 x 4 interaction mask of i-cluster ci (first n_real slots real) with j-cluster cj.
  std::uint16_t pair_mask(int ci, int n_real, int cj, double range2) const;

  int i_atoms_per_row_ = 1;
  // Column grid over the box plus the ghost margin, in x and y.
  double lo_[2] = {0.0, 0.0};
  double width_[2] = {1.0, 1.0};
  int dims_[2] = {1, 1};
  int inside_[2] = {1, 1};  // columns across the box (local atoms' columns: margin_ + [0, inside_))
  int margin_[2] = {0, 0};  // columns of ghost margin on each side
  std::vector<int> col_of_atom_, col_count_, order_;
  std::vector<int> part_col_next_;  // cluster_atoms: per sorting part and column, next position
  std::vector<int> local_col_start_, ghost_col_start_;  // first cluster of each column (+1)
  std::vector<int> ghost_source_col_;  // per column, the local column its ghosts image (-1: none)
  // Ghost clusters (index minus n_local_clusters_): source local cluster and image vector.
  std::vector<int> image_src_, image_ix_, image_iy_, image_iz_;
  int n_clusters_ = 0;  // local and ghost
  int n_local_clusters_ = 0;
  std::size_t max_clusters_ = 0;
  // Per slot.
  std::vector<int> slot_owner_, slot_species_;  // the local atom held or imaged (-1: padding)
  // Per cluster (and four past the last), the half list's rule on whole clusters: i-cluster
  // ci keeps cluster c iff cluster_key_[c] > 2 ci (a local c: 2 c + 1; an image of local
  // cluster c: half_list_key(c, its image's sign)).
  std::vector<std::int64_t> cluster_key_;
  // Per cluster at the search: whether a row names it (set by the search, any thread), and its
  // index once the ghosts no row names are dropped (a ghost's pairs may all be listed from its
  // other side, or none come within range of an atom: a third of lj-melt's were never read).
  std::vector<std::uint8_t> cluster_named_;
  std::vector<int> cluster_index_;
  // Each local cluster's ghost clusters (index minus n_local_clusters_), CSR: fold_cluster_forces
  // adds them onto it.
  std::vector<int> fold_offsets_, fold_images_;
  AlignedVector<double> px_, py_, pz_;  // loaded as whole vectors by the kernels
  // Bounding boxes per cluster, read by the build's search only (after drop_unnamed_images the
  // ghosts' entries, like cluster_key_'s, keep the numbering from before the drop).
  std::vector<double> bb_lo_x_, bb_lo_y_, bb_lo_z_, bb_hi_x_, bb_hi_y_, bb_hi_z_;
  // The list.
  std::vector<Chunk> chunks_;
  std::vector<std::int64_t> row_offsets_;
  std::vector<int> row_cluster_;
  std::vector<std::uint16_t> row_mask_;
  std::size_t atom_pairs_ = 0;
  std::uint64_t build_id_ = 0;
};

template <class ForceOf>
void ClusterPairList::fold_cluster_forces(ForceOf&& force_of, System& system,
                                          ThreadTeam* team) const {
  double* const f[3] = {system.fx().data(), system.fy().data(), system.fz().data()};
  const int nlc = n_local_clusters_;
  const int* const offsets = fold_offsets_.data();
  const int* const images = fold_images_.data();
  const int* const atom = slot_owner_.data();
  // Per local cluster: its slots' forces plus its images' (each image's slots in the local
  // cluster's order), then onto its atoms.
  run_split(team, [&](int t, int nt) {
    // Locals: through the captures, each pointer was reloaded after every force store (a store
    // may alias them), two dependent loads before each of the twelve stores of a cluster.
    double* __restrict const fx = f[0];
    double* __restrict const fy = f[1];
    double* __restrict const fz = f[2];
    const auto [b, e] = even_range(nlc, t, nt);
    for (int c = b; c < e; ++c) {
      ClusterForce s = force_of(t, c);
      for (int m = offsets[c]; m < offsets[c + 1]; ++m) {
        const ClusterForce g = force_of(t, nlc + images[m]);
        for (int a = 0; a < 3; ++a) s[a] += g[a];
      }
      const int* const owners = atom + static_cast<std::ptrdiff_t>(c) * kClusterSize;
      for (int k = 0; k < kClusterSize; ++k) {
        const int i = owners[k];
        if (i < 0) continue;
        fx[i] = s[0][k];
        fy[i] = s[1][k];
        fz[i] = s[2][k];
      }
    }
  });
}

}  // namespace mdb
