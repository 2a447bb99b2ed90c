// The cluster pair list's search: for each i-cluster, the j-clusters whose bounding boxes come
// within range, then their 4 x 4 atom-pair masks, then the rows the kernels read.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>

#include "kernels/cpu/atom_ranges.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/grow.hpp"
#include "md/neighbor/cluster_pair_list.hpp"

namespace mdb {

std::pair<int, int> ClusterPairList::column_range(int t, int nt) const {
  const int n_cols = dims_[0] * dims_[1];
  auto at = [&](int k) {
    if (k <= 0) return 0;
    if (k >= nt) return n_cols;
    const int target = even_range(n_local_clusters_, k, nt).first;
    return static_cast<int>(
        std::lower_bound(local_col_start_.begin(), local_col_start_.begin() + n_cols, target) -
        local_col_start_.begin());
  };
  return {at(t), at(t + 1)};
}

void ClusterPairList::search_column(int col, double range, Chunk& out) {
  const int c_begin = local_col_start_[col], c_end = local_col_start_[col + 1];
  if (c_begin == c_end) return;
  const double range2 = range * range;
  // The columns within range of this one (their rectangles' gap), each with its run of local
  // and of ghost clusters, both in increasing z (a ghost run is a local column's clusters moved
  // by one image vector, images below before images above). The i-clusters come in increasing
  // z, so each run's window only moves forward: no search per i-cluster.
  const int cx = col % dims_[0], cy = col / dims_[0];
  const int reach_x = static_cast<int>(std::ceil(range / width_[0]));
  const int reach_y = static_cast<int>(std::ceil(range / width_[1]));
  out.windows.clear();
  std::size_t window_clusters = 0;
  auto add_window = [&](int b, int e) {
    if (b < e) push_with_headroom(out.windows, Window{b, e});
    window_clusters += static_cast<std::size_t>(e - b);
  };
  for (int ny = std::max(0, cy - reach_y); ny <= std::min(dims_[1] - 1, cy + reach_y); ++ny) {
    const double gy = std::max(0, std::abs(ny - cy) - 1) * width_[1];
    for (int nx = std::max(0, cx - reach_x); nx <= std::min(dims_[0] - 1, cx + reach_x); ++nx) {
      const double gx = std::max(0, std::abs(nx - cx) - 1) * width_[0];
      if (gx * gx + gy * gy >= range2) continue;
      const int n = ny * dims_[0] + nx;
      // Local clusters are numbered column by column, so a run of a lower column's clusters,
      // or of their images, holds only clusters the half-list rule lists from the other side.
      if (n >= col) add_window(local_col_start_[n], local_col_start_[n + 1]);
      if (ghost_source_col_[n] >= col) add_window(ghost_col_start_[n], ghost_col_start_[n + 1]);
    }
  }
  // No i-cluster has more candidates than the windows hold, and the lanes that fail write one
  // past the last kept. The build sizes each chunk for half as many again as its largest window
  // held, so this grows only when a column's windows outgrow that between two builds.
  out.max_window = std::max(out.max_window, window_clusters);
  size_at_least(out.candidates, window_clusters + 4);
  size_at_least(out.candidate_masks, window_clusters + 4);
  using V = simd::Double4;
  using M = simd::Mask4;
  ensure_headroom(out.windows);
  auto gap = [](double lo_a, double hi_a, V lo_b, V hi_b) {
    const V g = lo_b - hi_a > lo_a - hi_b ? lo_b - hi_a : lo_a - hi_b;
    return g > 0.0 ? g : V{};
  };
  const M lane = {0, 1, 2, 3};
  for (int ci = c_begin; ci < c_end; ++ci) {
    const double ilx = bb_lo_x_[ci], ily = bb_lo_y_[ci], ilz = bb_lo_z_[ci];
    const double z_slack = 1e-12 * (std::abs(ilz) + range);
    const double ihx = bb_hi_x_[ci], ihy = bb_hi_y_[ci], ihz = bb_hi_z_[ci];
    const int si = ci * kClusterSize;
    const std::int64_t key_i = 2 * std::int64_t{ci};
    // Padding fills a cluster's tail; padding j-slots sit far from every atom, so only the
    // padding i-slots (which sit on them) need leaving out.
    int n_real = 0;
    while (n_real < kClusterSize && slot_owner_[si + n_real] >= 0) ++n_real;
    auto* candidates = out.candidates.data();
    int n_near = 0;
    for (Window& w : out.windows) {
      while (w.cursor < w.end && bb_hi_z_[w.cursor] <= ilz - range) ++w.cursor;
      // Four boxes at a time, branching only on the clusters that pass.
      for (int c0 = w.cursor; c0 < w.end; c0 += 4) {
        const M in_z = simd::load<V>(&bb_lo_z_[c0]) < ihz + range;
        const V gx = gap(ilx, ihx, simd::load<V>(&bb_lo_x_[c0]), simd::load<V>(&bb_hi_x_[c0]));
        const V gy = gap(ily, ihy, simd::load<V>(&bb_lo_y_[c0]), simd::load<V>(&bb_hi_y_[c0]));
        const V gz = gap(ilz, ihz, simd::load<V>(&bb_lo_z_[c0]), simd::load<V>(&bb_hi_z_[c0]));
        const M cj = lane + c0;
        // A pair of clusters is listed from one side only (cluster_key_).
        const M near = (gx * gx + gy * gy + gz * gz < range2) & in_z & (cj < w.end) &
                       (simd::load<M>(&cluster_key_[c0]) > key_i);
        n_near += simd::compress_indices4(simd::bits(near), c0, candidates + n_near);
        // z only grows along a run, so the rest starts beyond reach too. Across a ghost column's
        // image runs it grows only up to rounding (z + iz L and z' + (iz + 1) L round apart, by a
        // few ulps), so stop a hair past the reach: a box just beyond it can be followed only by
        // boxes that still fail the exact test.
        const M stop = simd::load<V>(&bb_lo_z_[c0]) >= ihz + range + z_slack;
        if (simd::bits(stop) != 0u) break;
      }
    }
    // The atom-pair masks of the clusters whose boxes are near, keeping the non-empty ones
    // (in place: the write index never passes the read index).
    std::uint16_t* const masks = out.candidate_masks.data();
    int n_candidates = 0;
    for (int k = 0; k < n_near; ++k) {
      const int c = candidates[k];
      const std::uint16_t mask = pair_mask(ci, n_real, c, range2);
      candidates[n_candidates] = c;
      masks[n_candidates] = mask;
      n_candidates += mask != 0;
    }
    // Threads' searches name the same ghost clusters: the same value stored, as atomics.
    for (int k = 0; k < n_candidates; ++k) {
      std::atomic_ref<std::uint8_t>(cluster_named_[static_cast<std::size_t>(candidates[k])])
          .store(1, std::memory_order_relaxed);
    }
    // Rows: each group of i-atoms (one atom, a slot pair, or the cluster) against each j-cluster
    // that one of them has a pair with; the mask's nibbles are the group's atoms in order. Every
    // candidate is written and only the non-empty ones kept (no branch to mispredict).
    const int per_row = i_atoms_per_row_;
    const unsigned row_bits = (1u << (per_row * kClusterSize)) - 1u;
    const std::size_t most = out.n_rows + static_cast<std::size_t>(kClusterSize / per_row) *
                                              static_cast<std::size_t>(n_candidates);
    size_at_least(out.cluster, most);
    size_at_least(out.mask, most);
    int* row_cluster = out.cluster.data();
    std::uint16_t* row_mask = out.mask.data();
    std::size_t n_rows = out.n_rows, pairs = 0;
    for (int a = 0; a < kClusterSize; a += per_row) {
      for (int k = 0; k < n_candidates; ++k) {
        const unsigned bits = masks[k] >> (a * kClusterSize) & row_bits;
        row_cluster[n_rows] = candidates[k];
        row_mask[n_rows] = static_cast<std::uint16_t>(bits);
        n_rows += bits != 0;
        pairs += static_cast<std::size_t>(std::popcount(bits));
      }
      row_offsets_[static_cast<std::size_t>(si + a) / per_row + 1] =
          static_cast<std::int64_t>(n_rows);
    }
    out.n_rows = n_rows;
    out.atom_pairs += pairs;
  }
}

inline std::uint16_t ClusterPairList::pair_mask(int ci, int n_real, int cj, double range2) const {
  using V = simd::Double4;
  using M = simd::Mask4;
  const int si = ci * kClusterSize, sj = cj * kClusterSize;
  const V xj = simd::load<V>(&px_[sj]), yj = simd::load<V>(&py_[sj]), zj = simd::load<V>(&pz_[sj]);
  const M lane = {0, 1, 2, 3};
  unsigned mask = 0;
  // All four i-slots, then the padding ones' rows dropped: a fixed trip count unrolls.
  for (int a = 0; a < kClusterSize; ++a) {
    const V dx = px_[si + a] - xj, dy = py_[si + a] - yj, dz = pz_[si + a] - zj;
    M keep = dx * dx + dy * dy + dz * dz < range2;
    // Within a cluster, the lower slot keeps a pair (the search kept only the clusters whose
    // pairs this side lists).
    if (cj == ci) keep &= lane > a;
    mask |= simd::bits(keep) << (a * kClusterSize);
  }
  return static_cast<std::uint16_t>(mask & ((1u << (n_real * kClusterSize)) - 1u));
}

}  // namespace mdb
