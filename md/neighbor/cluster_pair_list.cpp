#include "md/neighbor/cluster_pair_list.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "kernels/cpu/atom_ranges.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/grow.hpp"

namespace mdb {
namespace {

// Where padding slots sit: beyond any cutoff from every atom, yet finite when squared (in float
// too, for the mixed-precision kernel), so a kernel's masked-off arithmetic makes no NaN.
constexpr double kFar = 1.0e10;

// Build ids, unique in the process (ClusterPairList::build_id).
std::atomic<std::uint64_t> next_build_id{1};

/// Local slots [b, e) at their atoms, padding at kFar. The pointers are plain restrict-qualified
/// parameters: a member's data pointer could alias the stores, and the loop over members
/// reloaded them on every slot.
void refresh_slots(const double* __restrict x, const double* __restrict y,
                   const double* __restrict z, const int* __restrict owner, double* __restrict px,
                   double* __restrict py, double* __restrict pz, int b, int e) {
  for (int s = b; s < e; ++s) {
    const int o = owner[s];
    px[s] = o < 0 ? kFar : x[o];
    py[s] = o < 0 ? kFar : y[o];
    pz[s] = o < 0 ? kFar : z[o];
  }
}

/// The column of coordinate c among [first, last] (a local atom's: an atom at the box's upper
/// face may round into the margin, and is kept in the box's last column).
int column_index(double c, double lo, double width, int first, int last) {
  const int k = static_cast<int>(std::floor((c - lo) / width));
  return k < first ? first : (k > last ? last : k);
}

}  // namespace

ClusterPairList::ClusterPairList(int i_atoms_per_row) : i_atoms_per_row_(i_atoms_per_row) {
  if (i_atoms_per_row != 1 && i_atoms_per_row != 2 && i_atoms_per_row != 4) {
    throw std::invalid_argument("ClusterPairList: rows hold 1, 2 or 4 i-atoms");
  }
}

void ClusterPairList::build(const Halo& halo, const Box& box, double range, ThreadTeam* team) {
  const int n_local = halo.n_local();
  const auto& lo = box.lo();
  const auto& len = box.lengths();
  // Columns whose cross-section, at the box's density, holds a cube of four atoms (nbnxm's
  // choice: clusters about as tall as they are wide keep bounding boxes small), with faces on
  // the box's: a whole number of columns across the box and as many more as the ghost margin
  // needs. So no column holds a sliver of local atoms (64 argon atoms: 16 full clusters instead
  // of 20 with padding), and an image vector moves a column onto a column: the ghost clusters
  // are the local columns' clusters, moved (make_image_clusters).
  const double density = std::max(n_local, 1) / (len[0] * len[1] * len[2]);
  const double side = std::cbrt(kClusterSize / density);
  for (int a = 0; a < 2; ++a) {
    const int inside = std::max(1, static_cast<int>(std::lround(len[a] / side)));
    width_[a] = len[a] / inside;
    // No further than the halo's image shells reach (ceil can round one column past them).
    const int margin =
        std::min(static_cast<int>(std::ceil(range / width_[a])), halo.shells()[a] * inside);
    lo_[a] = lo[a] - margin * width_[a];
    dims_[a] = inside + 2 * margin;
    inside_[a] = inside;
    margin_[a] = margin;
  }
  const std::size_t n_cols = static_cast<std::size_t>(dims_[0]) * dims_[1];
  // The column sort's per-part counters, for the most parts any later build may use.
  reserve_with_headroom(part_col_next_, static_cast<std::size_t>(team ? team->size() : 1) * n_cols);
  resize_with_headroom(col_of_atom_, static_cast<std::size_t>(n_local));
  resize_with_headroom(order_, static_cast<std::size_t>(n_local));
  n_local_clusters_ = 0;
  n_clusters_ = 0;
  cluster_atoms(halo, 0, n_local, local_col_start_, team);
  n_local_clusters_ = n_clusters_;
  const int nlc = n_local_clusters_;
  const std::size_t n_local_slots = static_cast<std::size_t>(nlc) * kClusterSize;

  // The local slots: each holds its atom (the halo's first n_local atoms are the system's,
  // wrapped into the box).
  auto size_slots = [&](std::size_t n) {
    for (auto* v : {&slot_owner_, &slot_species_}) resize_with_headroom(*v, n);
    for (auto* v : {&px_, &py_, &pz_}) resize_with_headroom(*v, n);
  };
  size_slots(n_local_slots);
  const auto species = halo.species();
  ThreadTeam* local_team = team_for_atoms(team, n_local_slots);
  run_split(local_team, [&](int t, int nt) {
    const auto [b, e] = even_range(static_cast<int>(n_local_slots), t, nt);
    for (int s = b; s < e; ++s) {
      const int a = slot_owner_[s];
      slot_species_[s] = a >= 0 ? species[a] : 0;
    }
  });
  refresh_slots(halo.x().data(), halo.y().data(), halo.z().data(), slot_owner_.data(), px_.data(),
                py_.data(), pz_.data(), 0, static_cast<int>(n_local_slots));
  compute_boxes(0, team);

  // The ghost clusters: images of the local ones.
  make_image_clusters(box, range, halo.shells(), team);
  const std::size_t n_slots = static_cast<std::size_t>(n_clusters_) * kClusterSize;
  size_slots(n_slots);
  fill_image_slots(box, team);
  compute_boxes(nlc, team);
  resize_with_headroom(cluster_named_, static_cast<std::size_t>(n_clusters_));
  std::fill(cluster_named_.begin(), cluster_named_.end(), std::uint8_t{0});

  // Each thread lists the rows of a contiguous range of i-clusters into its own chunk (offsets
  // relative to the chunk), then the chunks are placed one after the other.
  const int nt = team ? team->size() : 1;
  if (chunks_.size() < static_cast<std::size_t>(nt)) chunks_.resize(static_cast<std::size_t>(nt));
  const int groups = kClusterSize / i_atoms_per_row_;  // row groups per i-cluster
  resize_with_headroom(row_offsets_, static_cast<std::size_t>(n_local_clusters_) * groups + 1);
  row_offsets_[0] = 0;
  run_split(team, [&](int t, int) {
    Chunk& chunk = chunks_[static_cast<std::size_t>(t)];
    chunk.n_rows = 0;
    chunk.atom_pairs = 0;
    chunk.max_window = 0;
    const std::size_t rows_before = chunk.cluster.size();
    const auto [b, e] = column_range(t, nt);
    for (int col = b; col < e; ++col) search_column(col, range, chunk);
    // Room for the next build: a quarter more rows (ensure_headroom's rule; a lattice that
    // melts between two builds can outgrow it, and that build then allocates once), plus what
    // one i-cluster's rows may be written ahead of their count, and half as many candidates
    // again as the largest window held, plus a fixed margin (in a small box a column's windows
    // gain or lose a few ghost clusters as the crystal moves). A growth inside the search was
    // sized for the rows found so far, perhaps just short of that: then half as much again, as
    // a growth here gives, or the next build would grow by a hair.
    const std::size_t w = chunk.max_window + chunk.max_window / 2 + 256;
    std::size_t rows = chunk.n_rows + chunk.n_rows / 4 + static_cast<std::size_t>(groups) * w + 64;
    if (chunk.cluster.size() != rows_before) rows += rows / 2;
    size_at_least(chunk.cluster, rows);
    size_at_least(chunk.mask, rows);
    size_at_least(chunk.candidates, w + 64);
    size_at_least(chunk.candidate_masks, w + 64);
  });
  drop_unnamed_images();
  // Kernels size per-slot buffers for this, with headroom: the ghost count drifts a little
  // between builds (more as a crystal melts and its clusters loosen).
  max_clusters_ = std::max(max_clusters_, static_cast<std::size_t>(n_clusters_));

  // Each local cluster's images, for fold_cluster_forces (a counting sort of the ghosts by source).
  const int n_ghost = n_clusters_ - nlc;
  resize_with_headroom(fold_offsets_, static_cast<std::size_t>(nlc) + 1);
  std::fill(fold_offsets_.begin(), fold_offsets_.end(), 0);
  for (int r = 0; r < n_ghost; ++r) ++fold_offsets_[static_cast<std::size_t>(image_src_[r]) + 1];
  for (int c = 0; c < nlc; ++c) fold_offsets_[c + 1] += fold_offsets_[c];
  resize_with_headroom(fold_images_, static_cast<std::size_t>(n_ghost));
  for (int r = 0; r < n_ghost; ++r) fold_images_[fold_offsets_[image_src_[r]]++] = r;
  for (int c = nlc; c > 0; --c) fold_offsets_[c] = fold_offsets_[c - 1];
  fold_offsets_[0] = 0;

  build_id_ = next_build_id.fetch_add(1, std::memory_order_relaxed);
  std::int64_t base = 0;
  atom_pairs_ = 0;
  for (int t = 0; t < nt; ++t) {
    const auto [b, e] = column_range(t, nt);
    const int g_end = local_col_start_[e] * groups;
    for (int g = local_col_start_[b] * groups; g < g_end; ++g) row_offsets_[g + 1] += base;
    base += static_cast<std::int64_t>(chunks_[static_cast<std::size_t>(t)].n_rows);
    atom_pairs_ += chunks_[static_cast<std::size_t>(t)].atom_pairs;
  }
  // Rows grow as a crystal melts (its clusters' boxes loosen), at times by more than a quarter
  // between two builds: the headroom of the Verlet list's entries (ensure_headroom). One row
  // more, past the last: cluster 0 with no pair, so a kernel may read a row ahead.
  resize_with_headroom(row_cluster_, static_cast<std::size_t>(base) + 1);
  resize_with_headroom(row_mask_, static_cast<std::size_t>(base) + 1);
  row_cluster_[static_cast<std::size_t>(base)] = 0;
  row_mask_[static_cast<std::size_t>(base)] = 0;
  ensure_headroom(row_cluster_);
  ensure_headroom(row_mask_);
  run_split(team, [&](int t, int) {
    const Chunk& chunk = chunks_[static_cast<std::size_t>(t)];
    const auto [b, e] = column_range(t, nt);
    const std::int64_t at = row_offsets_[static_cast<std::size_t>(local_col_start_[b]) * groups];
    const auto n = static_cast<std::ptrdiff_t>(chunk.n_rows);
    const int* const index = cluster_index_.data();
    std::transform(chunk.cluster.begin(), chunk.cluster.begin() + n, row_cluster_.begin() + at,
                   [index](int c) { return index[c]; });
    std::copy(chunk.mask.begin(), chunk.mask.begin() + n, row_mask_.begin() + at);
  });
}

void ClusterPairList::compute_boxes(int first, ThreadTeam* team) {
  const int n_clusters = n_clusters_;
  // Four boxes past the end that no test passes, so the search reads boxes four at a time.
  for (auto* v : {&bb_lo_x_, &bb_lo_y_, &bb_lo_z_}) {
    resize_with_headroom(*v, static_cast<std::size_t>(n_clusters) + kClusterSize);
    std::fill(v->begin() + n_clusters, v->end(), HUGE_VAL);
  }
  for (auto* v : {&bb_hi_x_, &bb_hi_y_, &bb_hi_z_}) {
    resize_with_headroom(*v, static_cast<std::size_t>(n_clusters) + kClusterSize);
    std::fill(v->begin() + n_clusters, v->end(), -HUGE_VAL);
  }
  const int n = n_clusters - first;
  run_split(team_for_atoms(team, static_cast<std::size_t>(n) * kClusterSize), [&](int t, int nt) {
    const auto [b, e] = even_range(n, t, nt);
    for (int c = first + b; c < first + e; ++c) {
      double l[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, h[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
      for (int k = 0; k < kClusterSize; ++k) {
        const std::size_t s = static_cast<std::size_t>(c) * kClusterSize + k;
        if (slot_owner_[s] < 0) continue;
        const double p[3] = {px_[s], py_[s], pz_[s]};
        for (int a = 0; a < 3; ++a) {
          l[a] = std::min(l[a], p[a]);
          h[a] = std::max(h[a], p[a]);
        }
      }
      bb_lo_x_[c] = l[0], bb_lo_y_[c] = l[1], bb_lo_z_[c] = l[2];
      bb_hi_x_[c] = h[0], bb_hi_y_[c] = h[1], bb_hi_z_[c] = h[2];
    }
  });
}

void ClusterPairList::cluster_atoms(const Halo& halo, int first, int last,
                                    std::vector<int>& column_start, ThreadTeam* team) {
  const int n_cols = dims_[0] * dims_[1];
  const double* x = halo.x().data();
  const double* y = halo.y().data();
  const double* z = halo.z().data();
  // Counting sort by column, then by z (and index, for a deterministic order) in each column.
  // Each thread counts and places a contiguous range of atoms (the sort within each column below
  // makes the order independent of the threads).
  ThreadTeam* sort_team = team_for_atoms(team, static_cast<std::size_t>(last - first));
  const int n_parts = sort_team ? sort_team->size() : 1;
  resize_with_headroom(col_count_, static_cast<std::size_t>(n_cols) + 1);
  resize_with_headroom(part_col_next_, static_cast<std::size_t>(n_parts) * n_cols);
  run_split(sort_team, [&](int t, int nt) {
    int* count = part_col_next_.data() + static_cast<std::size_t>(t) * n_cols;
    std::fill(count, count + n_cols, 0);
    const auto [b, e] = even_range(last - first, t, nt);
    for (int k = first + b; k < first + e; ++k) {
      const int cx = column_index(x[k], lo_[0], width_[0], margin_[0], margin_[0] + inside_[0] - 1);
      const int cy = column_index(y[k], lo_[1], width_[1], margin_[1], margin_[1] + inside_[1] - 1);
      col_of_atom_[k] = cy * dims_[0] + cx;
      ++count[col_of_atom_[k]];
    }
  });
  resize_with_headroom(column_start, static_cast<std::size_t>(n_cols) + 1);
  int cluster = n_clusters_;
  int placed = 0;
  for (int c = 0; c < n_cols; ++c) {
    const int begin = placed;
    for (int t = 0; t < n_parts; ++t) {
      int& next = part_col_next_[static_cast<std::size_t>(t) * n_cols + c];
      const int n_in = next;
      next = placed;  // where part t's first atom of column c goes
      placed += n_in;
    }
    col_count_[c] = placed;  // the end of column c (and the start of column c + 1)
    column_start[c] = cluster;
    cluster += (placed - begin + kClusterSize - 1) / kClusterSize;
  }
  column_start[n_cols] = cluster;
  run_split(sort_team, [&](int t, int nt) {
    int* next = part_col_next_.data() + static_cast<std::size_t>(t) * n_cols;
    const auto [b, e] = even_range(last - first, t, nt);
    for (int k = first + b; k < first + e; ++k) order_[first + next[col_of_atom_[k]]++] = k;
  });
  n_clusters_ = cluster;
  resize_with_headroom(slot_owner_, static_cast<std::size_t>(cluster) * kClusterSize);
  run_split(team, [&](int t, int nt) {
    const auto [b, e] = even_range(n_cols, t, nt);
    for (int c = b; c < e; ++c) {
      const int begin = first + (c == 0 ? 0 : col_count_[c - 1]), end = first + col_count_[c];
      std::sort(order_.begin() + begin, order_.begin() + end,
                [z](int i, int j) { return z[i] < z[j] || (z[i] == z[j] && i < j); });
      int slot = column_start[c] * kClusterSize;
      for (int k = begin; k < end; k += kClusterSize) {
        for (int s = 0; s < kClusterSize; ++s)
          slot_owner_[slot++] = k + s < end ? order_[k + s] : -1;
      }
    }
  });
}

void ClusterPairList::refresh(const System& system, ThreadTeam* team) {
  const auto& len = system.box().lengths();
  const int n_local_slots = n_local_clusters_ * kClusterSize;
  // The local slots from the atoms, then each ghost cluster from its local cluster.
  run_split(team_for_atoms(team, static_cast<std::size_t>(n_local_slots)), [&](int t, int nt) {
    const auto [b, e] = even_range(n_local_slots, t, nt);
    refresh_slots(system.x().data(), system.y().data(), system.z().data(), slot_owner_.data(),
                  px_.data(), py_.data(), pz_.data(), b, e);
  });
  refresh_images(len, team);
}

ClusterPairView ClusterPairList::view() const {
  ClusterPairView v;
  v.n_i_clusters = n_local_clusters_;
  v.n_clusters = n_clusters_;
  v.i_atoms_per_row = i_atoms_per_row_;
  v.row_offsets = row_offsets_.data();
  v.row_cluster = row_cluster_.data();
  v.row_mask = row_mask_.data();
  v.x = px_.data();
  v.y = py_.data();
  v.z = pz_.data();
  v.species = slot_species_.data();
  return v;
}

std::size_t ClusterPairList::count_pairs_within(double r) const {
  std::size_t n = 0;
  const int per_row = i_atoms_per_row_;
  const int n_groups = view().n_row_groups();
  for (int g = 0; g < n_groups; ++g) {
    for (auto k = row_offsets_[g]; k < row_offsets_[g + 1]; ++k) {
      const int sj = row_cluster_[k] * kClusterSize;
      for (int bit = 0; bit < per_row * kClusterSize; ++bit) {
        if (!(row_mask_[k] >> bit & 1u)) continue;
        const int si = g * per_row + bit / kClusterSize, b = bit % kClusterSize;
        const double dx = px_[si] - px_[sj + b], dy = py_[si] - py_[sj + b];
        const double dz = pz_[si] - pz_[sj + b];
        n += dx * dx + dy * dy + dz * dz < r * r ? 1 : 0;
      }
    }
  }
  return n;
}

}  // namespace mdb
