// The cluster list's ghosts as periodic images of its local clusters (GROMACS nbnxm's shift
// vectors, made explicit): a ghost cluster is a local cluster moved by one image vector, so
// between builds its slots follow the local cluster's with one add each (no gather per slot),
// and a small box's ghost work shrinks to that.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "kernels/common/half_list_rule.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/grow.hpp"
#include "md/neighbor/cluster_pair_list.hpp"

namespace mdb {

void ClusterPairList::make_image_clusters(const Box& box, double range,
                                          const std::array<int, 3>& shells, ThreadTeam* team) {
  const int nlc = n_local_clusters_;
  const auto& lo = box.lo();
  const auto& len = box.lengths();
  const int n_cols = dims_[0] * dims_[1];
  // A ghost atom with a pair within range of a local one is within range of the box, so its
  // cluster's moved box is too. A hair of slack keeps rounding in the moved box from dropping
  // a cluster whose atom sits at exactly range from the box.
  const double reach2 = range * range * (1.0 + 1e-12);
  // The columns are a whole number across the box, so image (ix, iy, .) moves local column
  // (cx, cy) onto column (cx + ix inside_x, cy + iy inside_y): each column's ghosts are one
  // local column's clusters moved by iz = -shells .. shells in turn (in increasing z, since
  // the local atoms lie in the box), those whose moved box comes within range of the box.
  auto source = [&](int col, int& src_col, int& ix, int& iy) {
    const int n[2] = {col % dims_[0], col / dims_[0]};
    int c[2], i[2];
    for (int a = 0; a < 2; ++a) {
      const int d = n[a] - margin_[a];
      i[a] = d >= 0 ? d / inside_[a] : -((-d + inside_[a] - 1) / inside_[a]);
      c[a] = margin_[a] + d - i[a] * inside_[a];
    }
    src_col = c[1] * dims_[0] + c[0];
    ix = i[0];
    iy = i[1];
    return std::abs(ix) <= shells[0] && std::abs(iy) <= shells[1];
  };
  auto near_box = [&](int c, int ix, int iy, int iz) {
    const int i[3] = {ix, iy, iz};
    const double blo[3] = {bb_lo_x_[c], bb_lo_y_[c], bb_lo_z_[c]};
    const double bhi[3] = {bb_hi_x_[c], bb_hi_y_[c], bb_hi_z_[c]};
    double g2 = 0.0;
    for (int a = 0; a < 3; ++a) {
      const double l = blo[a] + i[a] * len[a], h = bhi[a] + i[a] * len[a];
      const double g = std::max({0.0, l - (lo[a] + len[a]), lo[a] - h});
      g2 += g * g;
    }
    return g2 < reach2;
  };
  // Each column's images in order; `emit` sees (local cluster, ix, iy, iz).
  auto for_images = [&](int col, auto&& emit) {
    int src_col, ix, iy;
    if (!source(col, src_col, ix, iy)) return;
    for (int iz = -shells[2]; iz <= shells[2]; ++iz) {
      if (ix == 0 && iy == 0 && iz == 0) continue;
      for (int c = local_col_start_[src_col]; c < local_col_start_[src_col + 1]; ++c) {
        if (near_box(c, ix, iy, iz)) emit(c, ix, iy, iz);
      }
    }
  };
  // Counted per column, placed by a prefix sum, then written: threads give the same order.
  ThreadTeam* image_team = team_for_atoms(team, static_cast<std::size_t>(nlc) * kClusterSize);
  resize_with_headroom(ghost_col_start_, static_cast<std::size_t>(n_cols) + 1);
  resize_with_headroom(ghost_source_col_, static_cast<std::size_t>(n_cols));
  run_split(image_team, [&](int t, int nt) {
    const auto [b, e] = even_range(n_cols, t, nt);
    for (int col = b; col < e; ++col) {
      int src_col, ix, iy;
      ghost_source_col_[col] = source(col, src_col, ix, iy) ? src_col : -1;
      int n = 0;
      for_images(col, [&](int, int, int, int) { ++n; });
      ghost_col_start_[col + 1] = n;
    }
  });
  ghost_col_start_[0] = nlc;
  for (int col = 0; col < n_cols; ++col) ghost_col_start_[col + 1] += ghost_col_start_[col];
  const int n_ghost = ghost_col_start_[n_cols] - nlc;
  for (auto* v : {&image_src_, &image_ix_, &image_iy_, &image_iz_}) {
    resize_with_headroom(*v, static_cast<std::size_t>(n_ghost));
  }
  run_split(image_team, [&](int t, int nt) {
    const auto [b, e] = even_range(n_cols, t, nt);
    for (int col = b; col < e; ++col) {
      int r = ghost_col_start_[col] - nlc;
      const int r_end = ghost_col_start_[col + 1] - nlc;
      for_images(col, [&](int c, int ix, int iy, int iz) {
        // The count above bounds the writes (a disagreement would be a bug: reported).
        if (r < r_end) {
          image_src_[r] = c;
          image_ix_[r] = ix;
          image_iy_[r] = iy;
          image_iz_[r] = iz;
        }
        ++r;
      });
      if (r != r_end) throw std::logic_error("ClusterPairList: image count and images disagree");
    }
  });
  n_clusters_ = nlc + n_ghost;
}

void ClusterPairList::fill_image_slots(const Box& box, ThreadTeam* team) {
  const int nlc = n_local_clusters_;
  const int n_ghost = n_clusters_ - nlc;
  // Whole clusters keep their pairs from one side (cluster_key_): an atom-level rule would split
  // a ghost cluster's pairs with an i-cluster between the two sides' rows, half-filling both.
  resize_with_headroom(cluster_key_, static_cast<std::size_t>(n_clusters_) + kClusterSize);
  for (int c = 0; c < nlc; ++c) cluster_key_[static_cast<std::size_t>(c)] = 2 * std::int64_t{c} + 1;
  std::fill(cluster_key_.begin() + n_clusters_, cluster_key_.end(), -1);  // the search's tail
  ThreadTeam* slot_team = team_for_atoms(team, static_cast<std::size_t>(n_ghost) * kClusterSize);
  run_split(slot_team, [&](int t, int nt) {
    const auto [b, e] = even_range(n_ghost, t, nt);
    for (int r = b; r < e; ++r) {
      const int sign = image_vector_sign(image_ix_[r], image_iy_[r], image_iz_[r]);
      cluster_key_[static_cast<std::size_t>(nlc + r)] = half_list_key(image_src_[r], sign);
      for (int k = 0; k < kClusterSize; ++k) {
        const std::size_t s = static_cast<std::size_t>(nlc + r) * kClusterSize + k;
        const std::size_t from = static_cast<std::size_t>(image_src_[r]) * kClusterSize + k;
        const int o = slot_owner_[from];
        slot_owner_[s] = o;
        slot_species_[s] = slot_species_[from];
      }
    }
  });
  refresh_images(box.lengths(), team);
}

void ClusterPairList::drop_unnamed_images() {
  const int nlc = n_local_clusters_;
  resize_with_headroom(cluster_index_, static_cast<std::size_t>(n_clusters_));
  for (int c = 0; c < nlc; ++c) cluster_index_[static_cast<std::size_t>(c)] = c;
  // In order, so each kept ghost moves down (or stays): one forward pass, no copy.
  int kept = 0;
  for (int r = 0; r < n_clusters_ - nlc; ++r) {
    const std::size_t from = static_cast<std::size_t>(nlc + r);
    cluster_index_[from] = nlc + kept;  // an unnamed ghost's is never read
    if (!cluster_named_[from]) continue;
    image_src_[kept] = image_src_[r];
    image_ix_[kept] = image_ix_[r];
    image_iy_[kept] = image_iy_[r];
    image_iz_[kept] = image_iz_[r];
    for (int k = 0; k < kClusterSize; ++k) {
      const std::size_t s = from * kClusterSize + k;
      const std::size_t to = static_cast<std::size_t>(nlc + kept) * kClusterSize + k;
      slot_owner_[to] = slot_owner_[s];
      slot_species_[to] = slot_species_[s];
      px_[to] = px_[s];
      py_[to] = py_[s];
      pz_[to] = pz_[s];
    }
    ++kept;
  }
  n_clusters_ = nlc + kept;
  for (auto* v : {&image_src_, &image_ix_, &image_iy_, &image_iz_}) {
    v->resize(static_cast<std::size_t>(kept));
  }
  const std::size_t n_slots = static_cast<std::size_t>(n_clusters_) * kClusterSize;
  for (auto* v : {&slot_owner_, &slot_species_}) v->resize(n_slots);
  for (auto* v : {&px_, &py_, &pz_}) v->resize(n_slots);
}

namespace {

/// Ghost clusters [b, e) (the slots from `to_*`, which start at the first ghost cluster) as
/// their local clusters (from `from_*`) moved by l * image, one vector per axis. Plain
/// restrict-qualified parameters: captured in a lambda, every value was reloaded after each
/// store (a store may alias the lambda's copy). The two ranges of slots do not overlap.
void move_images(const double* __restrict from_x, const double* __restrict from_y,
                 const double* __restrict from_z, double* __restrict to_x, double* __restrict to_y,
                 double* __restrict to_z, const int* __restrict src, const int* __restrict ix,
                 const int* __restrict iy, const int* __restrict iz, double lx, double ly,
                 double lz, int b, int e) {
  using V = simd::Double4;
  constexpr int kC = ClusterPairView::kClusterSize;
  for (int r = b; r < e; ++r) {
    // Padding stays far (kFar plus a box length or two).
    const std::ptrdiff_t from = static_cast<std::ptrdiff_t>(src[r]) * kC;
    const std::ptrdiff_t to = static_cast<std::ptrdiff_t>(r) * kC;
    simd::store(to_x + to, simd::load<V>(from_x + from) + ix[r] * lx);
    simd::store(to_y + to, simd::load<V>(from_y + from) + iy[r] * ly);
    simd::store(to_z + to, simd::load<V>(from_z + from) + iz[r] * lz);
  }
}

}  // namespace

void ClusterPairList::refresh_images(const std::array<double, 3>& len, ThreadTeam* team) {
  static_assert(kClusterSize == 4, "a cluster's slots are one Double4 per axis");
  const int nlc = n_local_clusters_;
  const int n_ghost = n_clusters_ - nlc;
  double* const px = px_.data();
  double* const py = py_.data();
  double* const pz = pz_.data();
  const int* const src = image_src_.data();
  const int* const ix = image_ix_.data();
  const int* const iy = image_iy_.data();
  const int* const iz = image_iz_.data();
  const double lx = len[0], ly = len[1], lz = len[2];
  run_split(team_for_atoms(team, static_cast<std::size_t>(n_ghost) * kClusterSize),
            [=](int t, int nt) {
              const auto [b, e] = even_range(n_ghost, t, nt);
              const std::ptrdiff_t g = static_cast<std::ptrdiff_t>(nlc) * kClusterSize;
              move_images(px, py, pz, px + g, py + g, pz + g, src, ix, iy, iz, lx, ly, lz, b, e);
            });
}

}  // namespace mdb
