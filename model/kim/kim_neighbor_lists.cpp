#include "model/kim/kim_neighbor_lists.hpp"

#include <algorithm>
#include <array>

#include "md/core/grow.hpp"

namespace mdb {

void KimNeighborLists::configure(const double* cutoffs, const int* will_not_request_padding, int n,
                                 double model_cutoff) {
  model_cutoff_ = model_cutoff;
  lists_.assign(static_cast<std::size_t>(n), List{});
  for (int k = 0; k < n; ++k) {
    List& l = lists_[static_cast<std::size_t>(k)];
    l.cutoff = cutoffs[k];
    l.padding = will_not_request_padding[k] == 0;
    // The engine's list is the model cutoff + skin; a list within 5 % of that is served as is.
    l.filtered = cutoffs[k] < 0.95 * model_cutoff;
  }
  offsets_ = nullptr;
  neighbors_ = nullptr;
  n_local_ = n_extended_ = 0;
}

void KimNeighborLists::rebuild(const NeighborList& list) {
  const NeighborView v = list.view();
  offsets_ = v.offsets;
  neighbors_ = v.neighbors;
  n_local_ = v.n_local;
  n_extended_ = v.n_local + v.n_ghost;
  const double skin = list.policy().skin;
  for (List& l : lists_) {
    if (l.filtered) filter_local(l, v, l.cutoff + skin);
    if (l.padding) build_padding(l, v, l.cutoff + skin);
  }
}

void KimNeighborLists::filter_local(List& l, const NeighborView& v, double range) {
  const double range2 = range * range;
  resize_with_headroom(l.local_offsets, static_cast<std::size_t>(v.n_local) + 1);
  l.local_neighbors.clear();
  l.local_offsets[0] = 0;
  for (int i = 0; i < v.n_local; ++i) {
    for (auto k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
      const int j = v.neighbors[k];
      const double dx = v.x[j] - v.x[i], dy = v.y[j] - v.y[i], dz = v.z[j] - v.z[i];
      if (dx * dx + dy * dy + dz * dz < range2) push_with_headroom(l.local_neighbors, j);
    }
    l.local_offsets[static_cast<std::size_t>(i) + 1] =
        static_cast<std::int64_t>(l.local_neighbors.size());
  }
  ensure_headroom(l.local_neighbors);
}

// Every extended atom within `range` of each ghost, by binning the extended atoms into cells at
// least `range` wide and searching 3 x 3 x 3 cells. Ghosts at the edge of the halo get the
// neighbours the configuration has; KIM's lists are over the configuration we pass.
void KimNeighborLists::build_padding(List& l, const NeighborView& v, double range) {
  const int n_ext = v.n_local + v.n_ghost;
  resize_with_headroom(l.ghost_offsets, static_cast<std::size_t>(v.n_ghost) + 1);
  l.ghost_neighbors.clear();
  l.ghost_offsets[0] = 0;
  if (v.n_ghost == 0) return;
  std::array<double, 3> lo{v.x[0], v.y[0], v.z[0]}, hi = lo;
  for (int i = 1; i < n_ext; ++i) {
    lo = {std::min(lo[0], v.x[i]), std::min(lo[1], v.y[i]), std::min(lo[2], v.z[i])};
    hi = {std::max(hi[0], v.x[i]), std::max(hi[1], v.y[i]), std::max(hi[2], v.z[i])};
  }
  for (int a = 0; a < 3; ++a) hi[a] += range;  // keeps every atom inside [lo, hi)
  grid_.build(v.x, v.y, v.z, n_ext, lo, hi, range);
  const auto& dims = grid_.dims();
  const auto& start = grid_.cell_start();
  const auto& atoms = grid_.cell_atoms();
  const double range2 = range * range;
  for (int g = v.n_local; g < n_ext; ++g) {
    const auto c = grid_.coords_of(v.x[g], v.y[g], v.z[g]);
    for (int cz = std::max(0, c[2] - 1); cz <= std::min(dims[2] - 1, c[2] + 1); ++cz) {
      for (int cy = std::max(0, c[1] - 1); cy <= std::min(dims[1] - 1, c[1] + 1); ++cy) {
        for (int cx = std::max(0, c[0] - 1); cx <= std::min(dims[0] - 1, c[0] + 1); ++cx) {
          const int cell = grid_.index(cx, cy, cz);
          for (int k = start[cell]; k < start[cell + 1]; ++k) {
            const int j = atoms[k];
            const double dx = v.x[j] - v.x[g], dy = v.y[j] - v.y[g], dz = v.z[j] - v.z[g];
            if (j != g && dx * dx + dy * dy + dz * dz < range2) {
              push_with_headroom(l.ghost_neighbors, j);
            }
          }
        }
      }
    }
    l.ghost_offsets[static_cast<std::size_t>(g - v.n_local) + 1] =
        static_cast<std::int64_t>(l.ghost_neighbors.size());
  }
  ensure_headroom(l.ghost_neighbors);
}

int KimNeighborLists::get(void* data_object, int n_lists, const double* cutoffs, int list_index,
                          int particle, int* n_neighbors, const int** neighbors) {
  const auto& self = *static_cast<const KimNeighborLists*>(data_object);
  // KIM asks the simulator to check that the request matches the lists it was given.
  if (n_lists != self.count() || list_index < 0 || list_index >= n_lists ||
      cutoffs[list_index] > self.lists_[static_cast<std::size_t>(list_index)].cutoff ||
      self.offsets_ == nullptr || particle < 0 || particle >= self.n_extended_) {
    return 1;
  }
  const List& l = self.lists_[static_cast<std::size_t>(list_index)];
  const std::int64_t* offsets = nullptr;
  const int* data = nullptr;
  int row = particle;
  if (particle < self.n_local_) {
    offsets = l.filtered ? l.local_offsets.data() : self.offsets_;
    data = l.filtered ? l.local_neighbors.data() : self.neighbors_;
  } else if (l.padding) {
    offsets = l.ghost_offsets.data();
    data = l.ghost_neighbors.data();
    row = particle - self.n_local_;
  } else {
    return 1;  // the model said it would not ask for a padding atom's neighbours
  }
  *n_neighbors = static_cast<int>(offsets[row + 1] - offsets[row]);
  *neighbors = data + offsets[row];
  return 0;
}

}  // namespace mdb
