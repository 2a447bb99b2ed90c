#include "md/neighbor/neighbor_list.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>

#include "kernels/common/half_list_rule.hpp"
#include "kernels/cpu/atom_ranges.hpp"
#include "kernels/cpu/simd_pack.hpp"
#include "md/core/grow.hpp"

namespace mdb {
namespace {
// Cells half the range wide, searched 2 cells out (5 x 5 x 5): the candidates fill ~3.7x the
// cutoff sphere's volume instead of ~6.4x with range-wide cells and 3 x 3 x 3.
constexpr int kReach = 2;
}  // namespace

void check_neighbor_policy(const NeighborPolicy& p, const char* who) {
  auto fail = [who](const char* what) {
    throw std::invalid_argument(std::string(who) + ": " + what);
  };
  if (!std::isfinite(p.skin) || p.skin < 0.0) fail("skin must be >= 0");
  if (p.every < 1) fail("every must be >= 1");
  if (p.max_image_shells < 1) fail("max_image_shells must be >= 1");
}

NeighborList::NeighborList(double cutoff, NeighborKind kind, const NeighborPolicy& policy)
    : cutoff_(cutoff), kind_(kind), policy_(policy), clusters_(i_atoms_per_row(kind)) {
  if (!std::isfinite(cutoff) || cutoff <= 0.0) {
    throw std::invalid_argument("NeighborList: cutoff must be > 0");
  }
  check_neighbor_policy(policy, "NeighborList");
}

void NeighborList::build(System& sys) {
  const double range = cutoff_ + policy_.skin;
  // A cluster list makes its ghosts as images of whole clusters: the halo's would go unread.
  halo_.build(sys, range, policy_.max_image_shells, team_, !is_cluster_kind(kind_));
  if (is_cluster_kind(kind_)) {
    clusters_.build(halo_, sys.box(), range, team_);
  } else {
    build_pairs(sys);
  }
  const int n = halo_.n_local();
  const auto px = sys.x(), py = sys.y(), pz = sys.z();
  resize_with_headroom(x0_, n);
  resize_with_headroom(y0_, n);
  resize_with_headroom(z0_, n);
  std::copy(px.begin(), px.end(), x0_.begin());
  std::copy(py.begin(), py.end(), y0_.begin());
  std::copy(pz.begin(), pz.end(), z0_.begin());
  len0_ = sys.box().lengths();
  steps_since_build_ = 0;
  ++builds_;
  static std::atomic<std::uint64_t> next_serial{1};
  build_serial_ = next_serial.fetch_add(1, std::memory_order_relaxed);
}

void NeighborList::build_pairs(const System& sys) {
  const double range = cutoff_ + policy_.skin;

  const auto& lo = sys.box().lo();
  const auto& len = sys.box().lengths();
  const int n = halo_.n_local();
  const int n_ext = halo_.n_extended();
  const double* x = halo_.x().data();
  const double* y = halo_.y().data();
  const double* z = halo_.z().data();
  grid_.build(x, y, z, n_ext, {lo[0] - range, lo[1] - range, lo[2] - range},
              {lo[0] + len[0] + range, lo[1] + len[1] + range, lo[2] + len[2] + range},
              range / kReach);
  // Positions in cell order, so that search() walks a stencil row as one stretch of memory.
  const auto& atoms = grid_.cell_atoms();
  resize_with_headroom(sorted_x_, n_ext);
  resize_with_headroom(sorted_y_, n_ext);
  resize_with_headroom(sorted_z_, n_ext);
  for (int k = 0; k < n_ext; ++k) {
    const int j = atoms[k];
    sorted_x_[k] = x[j];
    sorted_y_[k] = y[j];
    sorted_z_[k] = z[j];
  }

  resize_with_headroom(offsets_, n + 1);
  offsets_[0] = 0;
  const int nt = team_ ? team_->size() : 1;
  if (nt == 1) {
    neighbors_.clear();
    for (int i = 0; i < n; ++i) {
      search(i, neighbors_);
      offsets_[i + 1] = static_cast<std::int64_t>(neighbors_.size());
    }
  } else {
    // Each thread lists a contiguous range of atoms into its own buffer (offsets relative to
    // the range), then the buffers are placed one after the other.
    auto list_range = [&](int t) {
      std::vector<int>& out = chunk_neighbors_[static_cast<std::size_t>(t)];
      out.clear();
      const auto [b, e] = even_range(n, t, nt);
      for (int i = b; i < e; ++i) {
        search(i, out);
        offsets_[i + 1] = static_cast<std::int64_t>(out.size());
      }
      ensure_headroom(out);
    };
    team_->run_checked(list_range);
    chunk_base_[0] = 0;
    for (int t = 0; t < nt; ++t) {
      chunk_base_[t + 1] = chunk_base_[t] + static_cast<std::int64_t>(chunk_neighbors_[t].size());
    }
    resize_with_headroom(neighbors_, static_cast<std::size_t>(chunk_base_[nt]));
    auto place_range = [&](int t) {
      const auto [b, e] = even_range(n, t, nt);
      const std::int64_t base = chunk_base_[t];
      for (int i = b; i < e; ++i) offsets_[i + 1] += base;
      const std::vector<int>& chunk = chunk_neighbors_[static_cast<std::size_t>(t)];
      std::copy(chunk.begin(), chunk.end(), neighbors_.begin() + base);
    };
    team_->run_checked(place_range);
  }
  // Headroom for the next rebuild, where the pair count will differ by a few percent.
  ensure_headroom(neighbors_);
}

void NeighborList::search(int i, std::vector<int>& out) const {
  const auto& dims = grid_.dims();
  const int* start = grid_.cell_start().data();
  const int* atoms = grid_.cell_atoms().data();
  const double* sx = sorted_x_.data();
  const double* sy = sorted_y_.data();
  const double* sz = sorted_z_.data();
  const int* owner = halo_.owner().data();
  const signed char* sign = halo_.image_sign().data();
  const bool half = kind_ == NeighborKind::Half;
  const double range = cutoff_ + policy_.skin;
  const double range2 = range * range;
  const double xi = halo_.x()[i], yi = halo_.y()[i], zi = halo_.z()[i];
  const auto c = grid_.coords_of(xi, yi, zi);
  const int cx0 = std::max(0, c[0] - kReach), cx1 = std::min(dims[0] - 1, c[0] + kReach);
  for (int cz = std::max(0, c[2] - kReach); cz <= std::min(dims[2] - 1, c[2] + kReach); ++cz) {
    for (int cy = std::max(0, c[1] - kReach); cy <= std::min(dims[1] - 1, c[1] + kReach); ++cy) {
      // A stencil row (cells cx-2..cx+2 at fixed cy, cz) is one contiguous stretch of the
      // cell-ordered positions, walked as a single loop without per-cell overhead.
      const int k_end = start[grid_.index(cx1, cy, cz) + 1];
      for (int k = start[grid_.index(cx0, cy, cz)]; k < k_end; ++k) {
        const double dx = xi - sx[k], dy = yi - sy[k], dz = zi - sz[k];
        if (dx * dx + dy * dy + dz * dz >= range2) continue;
        const int j = atoms[k];
        // Half list: keep the pair (i, j) only from the side whose owner index is lower; an
        // atom's own images are kept once, on the lexicographically positive side.
        const bool keep = half ? half_list_keeps(i, owner[j], sign[j]) : (j != i);
        if (keep) push_with_headroom(out, j);
      }
    }
  }
}

void NeighborList::use_threads(ThreadTeam* team) {
  team_ = team != nullptr && team->size() > 1 ? team : nullptr;
  const int nt = team_ ? team_->size() : 1;
  chunk_neighbors_.resize(static_cast<std::size_t>(nt));
  chunk_base_.assign(static_cast<std::size_t>(nt) + 1, 0);
}

void NeighborList::displacement_since_build(const System& sys, double& max_disp2,
                                            double& ghost_shift) const {
  const auto px = sys.x(), py = sys.y(), pz = sys.z();
  // Running maxima and sums four atoms to a vector (one chain of compare-selects would take its
  // latency per atom); a NaN poisons the sums: a blown-up run must trigger a rebuild, which
  // then throws.
  using V = simd::Double4;
  V mv{}, sv{};
  const std::size_t n = px.size();
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const V dx = simd::load<V>(&px[i]) - simd::load<V>(&x0_[i]);
    const V dy = simd::load<V>(&py[i]) - simd::load<V>(&y0_[i]);
    const V dz = simd::load<V>(&pz[i]) - simd::load<V>(&z0_[i]);
    const V d = dx * dx + dy * dy + dz * dz;
    mv = d > mv ? d : mv;
    sv += d;
  }
  double m[4] = {mv[0], mv[1], mv[2], mv[3]}, sum[4] = {sv[0], sv[1], sv[2], sv[3]};
  for (int l = 0; i < n; ++i, ++l) {
    const double dx = px[i] - x0_[i], dy = py[i] - y0_[i], dz = pz[i] - z0_[i];
    const double d = dx * dx + dy * dy + dz * dz;
    m[l] = d > m[l] ? d : m[l];
    sum[l] += d;
  }
  const double poison = (sum[0] + sum[1]) + (sum[2] + sum[3]);
  const double max2 =
      std::isnan(poison) ? poison : std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
  // A ghost moves with its owner plus image * (change of box length), e.g. under a barostat.
  const auto& len = sys.box().lengths();
  const auto& shells = halo_.shells();
  double box2 = 0.0;
  for (int a = 0; a < 3; ++a) {
    const double d = shells[a] * (len[a] - len0_[a]);
    box2 += d * d;
  }
  max_disp2 = max2;
  ghost_shift = std::sqrt(box2);
}

bool NeighborList::update(System& sys) {
  ++steps_since_build_;
  // The O(N) displacement scan only when the rule could rebuild at all.
  if (steps_since_build_ >= policy_.every) {
    double max_disp2 = 0.0, ghost_shift = 0.0;
    displacement_since_build(sys, max_disp2, ghost_shift);
    const RebuildVerdict v = rebuild_verdict(policy_, steps_since_build_, max_disp2, ghost_shift);
    if (v.dangerous) ++dangerous_builds_;
    if (v.rebuild) {
      build(sys);
      return true;
    }
  }
  // A cluster list's kernels read only the packed slots: its refresh fills them from the atoms
  // (and splits each part over the team by its own size).
  if (is_cluster_kind(kind_)) {
    clusters_.refresh(sys, team_);
  } else {
    halo_.refresh(sys, team_for_atoms(team_, static_cast<std::size_t>(halo_.n_extended())));
  }
  return false;
}

std::size_t NeighborList::count_pairs_within(double r) const {
  if (is_cluster_kind(kind_)) return clusters_.count_pairs_within(r);
  const NeighborView v = view();
  std::size_t n = 0;
  for (int i = 0; i < v.n_local; ++i) {
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = v.neighbors[k];
      const double dx = v.x[i] - v.x[j], dy = v.y[i] - v.y[j], dz = v.z[i] - v.z[j];
      n += dx * dx + dy * dy + dz * dz < r * r ? 1 : 0;
    }
  }
  return n;
}

}  // namespace mdb
