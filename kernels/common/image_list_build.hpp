#pragma once
// The per-thread bodies of the device neighbour-list build (the image list of
// image_neighbors.hpp), shared by the CUDA kernels and the CPU tests that run them one thread after
// another. A build is a counting sort of the atoms into per-replica cell grids followed by a
// two-pass list build (count, exclusive scan, fill); see bin_atom .. fill_neighbors for the order.
#include <cmath>
#include <cstdint>

#include "kernels/common/atomic_add.hpp"
#include "kernels/common/box_pbc.hpp"
#include "kernels/common/engine_control.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// The cell grid of one replica over its own box. Cells are at least `range` wide, so the atoms
/// within range of an atom lie in the cells at most `reach` away along each axis, counting cells
/// of periodic images: extended cell C = p + m * dims is physical cell p seen through image m.
/// A box shorter than the range has one cell and reach = ceil(range / L) image shells. Under a
/// barostat the grid is refitted to the box at each build (refit_grid), within the max_dims
/// cells per axis that the global cell arrays hold for it.
struct ReplicaCellGrid {
  int dims[3];          ///< cells per axis
  int reach[3];         ///< stencil half-width in cells
  int max_dims[3];      ///< cells per axis at construction: the storage this replica owns
  int first_cell;       ///< this replica's cell 0 in the global cell arrays
  OrthoBoxView box;     ///< the replica's box at the last fit (Angstrom)
  double inv_width[3];  ///< dims / len (1/Angstrom)

  int num_cells() const { return dims[0] * dims[1] * dims[2]; }
  /// The largest |image| along `axis` that the stencil reaches: ceil(reach / dims).
  MDB_HD int image_shells(int axis) const { return (reach[axis] + dims[axis] - 1) / dims[axis]; }
};

/// Fits `g` to a box of lengths `len` (Angstrom) at its corner g.box.lo, for a list range
/// (cutoff + skin, Angstrom): as many cells as fit at least `range` wide, at most max_dims.
MDB_HD inline void fit_replica_cell_grid(ReplicaCellGrid& g, const double len[3], double range) {
  for (int a = 0; a < 3; ++a) {
    const double fit = std::floor(len[a] / range);
    int d = fit < g.max_dims[a] ? static_cast<int>(fit) : g.max_dims[a];
    // Rounding must never leave a cell narrower than the range with reach 1.
    while (d > 1 && len[a] / d < range) --d;
    g.dims[a] = d < 1 ? 1 : d;
    const double width = len[a] / g.dims[a];
    int reach = static_cast<int>(std::ceil(range / width));
    while (reach * width < range) ++reach;
    g.reach[a] = reach < 1 ? 1 : reach;
    g.box.len[a] = len[a];
    g.box.inv_len[a] = 1.0 / len[a];
    g.inv_width[a] = g.dims[a] / len[a];
  }
}

/// Grid for a box [lo, lo + len) and a list range (cutoff + skin, Angstrom). Host only.
inline ReplicaCellGrid make_replica_cell_grid(const double lo[3], const double len[3], double range,
                                              int first_cell) {
  ReplicaCellGrid g{};
  g.first_cell = first_cell;
  for (int a = 0; a < 3; ++a) {
    g.box.lo[a] = lo[a];
    g.max_dims[a] = 1 << 20;  // unbounded here: the first fit sizes the storage
  }
  fit_replica_cell_grid(g, len, range);
  for (int a = 0; a < 3; ++a) g.max_dims[a] = g.dims[a];
  return g;
}

/// Everything the build bodies touch (device pointers on the GPU, host ones in the tests).
struct ImageListBuildView {
  int n = 0;                  ///< atoms over all replicas
  int atoms_per_replica = 0;  ///< > 0
  double* x = nullptr;        ///< positions, wrapped into the box by bin_atom (Angstrom)
  double* y = nullptr;
  double* z = nullptr;
  double* x0 = nullptr;  ///< positions at the last build (set by bin_atom)
  double* y0 = nullptr;
  double* z0 = nullptr;
  ReplicaCellGrid* grids = nullptr;  ///< one per replica
  /// Box lengths, 3 per replica (Angstrom), that refit_grid fits the grids to; null for boxes
  /// that never change (no barostat: no refit).
  const double* box_len = nullptr;
  int n_cells = 0;                  ///< over all replicas
  int* cell_of = nullptr;           ///< n: global cell of each atom
  int* cell_count = nullptr;        ///< n_cells, zeroed before bin_atom
  int* cell_cursor = nullptr;       ///< n_cells, zeroed before place_atom
  int* cell_start = nullptr;        ///< n_cells + 1: exclusive scan of cell_count
  int* cell_atoms = nullptr;        ///< n: atoms in cell order, ascending within a cell
  int* list_count = nullptr;        ///< n: neighbours per atom (count pass)
  std::int64_t* scan = nullptr;     ///< n + 1: exclusive scan of list_count
  std::int64_t* offsets = nullptr;  ///< n + 1: the published list (ImageNeighborView)
  int* neighbors = nullptr;         ///< capacity entries
  ImageCode* images = nullptr;      ///< capacity entries
  std::int64_t capacity = 0;
  double range = 0.0;   ///< cutoff + skin, Angstrom
  double range2 = 0.0;  ///< range^2, Angstrom^2
  EngineControl* ctl = nullptr;
};

/// Per replica, first in a build when box_len is set (a barostat changed the boxes): fits the
/// replica's grid to its current box, the corner lo staying put (the barostat scales about it).
/// A box that is not finite or needs more than kImageShellMax image shells halts the engine and
/// is reported (the run blew up).
MDB_HD inline void refit_grid(const ImageListBuildView& v, int replica) {
  ReplicaCellGrid& g = v.grids[replica];
  const double* len = v.box_len + 3 * replica;
  bool ok = true;
  for (int a = 0; a < 3; ++a) ok = ok && std::isfinite(len[a]) && len[a] > 0.0;
  if (ok) {
    fit_replica_cell_grid(g, len, v.range);
    for (int a = 0; a < 3; ++a) ok = ok && g.image_shells(a) <= kImageShellMax;
  }
  if (!ok) {
    v.ctl->bad_box = 1;
    v.ctl->halted = 1;
  }
}

/// Per atom, first: wraps the position into its replica's box (as the CPU Halo does at every
/// build, so image codes stay small), records it as the reference for the displacement check,
/// and counts the atom into its cell. A non-finite position is put in cell 0 and reported.
MDB_HD inline void bin_atom(const ImageListBuildView& v, int i) {
  const ReplicaCellGrid& g = v.grids[i / v.atoms_per_replica];
  double* pos[3] = {v.x + i, v.y + i, v.z + i};
  int c[3];
  bool finite = true;
  for (int a = 0; a < 3; ++a) {
    double p = *pos[a];
    if (!std::isfinite(p)) {
      finite = false;
      c[a] = 0;
      continue;
    }
    g.box.wrap(p, a);  // the CPU Halo's arithmetic, so both engines wrap alike
    *pos[a] = p;
    int ca = static_cast<int>((p - g.box.lo[a]) * g.inv_width[a]);
    c[a] = ca < 0 ? 0 : (ca >= g.dims[a] ? g.dims[a] - 1 : ca);
  }
  if (!finite) {
    v.ctl->bad_position = 1;
    v.ctl->halted = 1;
  }
  v.x0[i] = v.x[i];
  v.y0[i] = v.y[i];
  v.z0[i] = v.z[i];
  const int cell = g.first_cell + (c[2] * g.dims[1] + c[1]) * g.dims[0] + c[0];
  v.cell_of[i] = cell;
  atomic_fetch_add(v.cell_count + cell, 1);
}

/// Per atom, after cell_start holds the exclusive scan of cell_count: drops the atom into a free
/// slot of its cell (in arbitrary order on the device; sort_cell fixes the order).
MDB_HD inline void place_atom(const ImageListBuildView& v, int i) {
  const int cell = v.cell_of[i];
  const int slot = atomic_fetch_add(v.cell_cursor + cell, 1);
  v.cell_atoms[v.cell_start[cell] + slot] = i;
}

/// Per cell: sorts its atoms by index (insertion sort; a cell holds tens of atoms), so the list,
/// and with it every force sum of a force field that does not scatter with atomics (LJ), comes
/// out in the same order on every run.
MDB_HD inline void sort_cell(const ImageListBuildView& v, int cell) {
  int* a = v.cell_atoms + v.cell_start[cell];
  const int m = v.cell_start[cell + 1] - v.cell_start[cell];
  for (int k = 1; k < m; ++k) {
    const int key = a[k];
    int j = k - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = key;
  }
}

/// floor(a / b) for b > 0.
MDB_HD inline int floor_div(int a, int b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/// Calls visit(j, image_code) for every atom j of i's replica and image within range of atom i
/// (not i's zero image of itself), walking the stencil of extended cells z, y, x, then each cell's
/// atoms in index order.
template <class Visit>
MDB_HD inline void for_each_image_neighbor(const ImageListBuildView& v, int i, Visit&& visit) {
  const ReplicaCellGrid& g = v.grids[i / v.atoms_per_replica];
  const int local = v.cell_of[i] - g.first_cell;
  const int cx = local % g.dims[0];
  const int cy = (local / g.dims[0]) % g.dims[1];
  const int cz = local / (g.dims[0] * g.dims[1]);
  const double xi = v.x[i], yi = v.y[i], zi = v.z[i];
  for (int ez = cz - g.reach[2]; ez <= cz + g.reach[2]; ++ez) {
    const int mz = floor_div(ez, g.dims[2]);
    const int pz = ez - mz * g.dims[2];
    const double sz = mz * g.box.len[2] - zi;
    for (int ey = cy - g.reach[1]; ey <= cy + g.reach[1]; ++ey) {
      const int my = floor_div(ey, g.dims[1]);
      const int py = ey - my * g.dims[1];
      const double sy = my * g.box.len[1] - yi;
      for (int ex = cx - g.reach[0]; ex <= cx + g.reach[0]; ++ex) {
        const int mx = floor_div(ex, g.dims[0]);
        const int px = ex - mx * g.dims[0];
        const double sx = mx * g.box.len[0] - xi;
        const bool zero_image = mx == 0 && my == 0 && mz == 0;
        const int cell = g.first_cell + (pz * g.dims[1] + py) * g.dims[0] + px;
        const ImageCode code = pack_image(mx, my, mz);
        for (int k = v.cell_start[cell]; k < v.cell_start[cell + 1]; ++k) {
          const int j = v.cell_atoms[k];
          if (zero_image && j == i) continue;
          // Same expression as ImageNeighborView::separation up to association.
          const double dx = v.x[j] + sx, dy = v.y[j] + sy, dz = v.z[j] + sz;
          if (dx * dx + dy * dy + dz * dz < v.range2) visit(j, code);
        }
      }
    }
  }
}

/// True while the current step rebuilds the list: every build kernel early-exits otherwise.
MDB_HD inline bool list_build_due(const EngineControl* c) {
  return c->rebuild != 0 && !c->halted;
}

/// Per atom, count pass: how many entries atom i's list needs.
MDB_HD inline void count_neighbors(const ImageListBuildView& v, int i) {
  int count = 0;
  for_each_image_neighbor(v, i, [&count](int, ImageCode) { ++count; });
  v.list_count[i] = count;
}

/// Per atom, after `scan` holds the exclusive scan of list_count (scan[n] = total): when the total
/// fits the capacity, publishes the offsets and writes the list; otherwise leaves the previous
/// list untouched (memory stays consistent), and thread 0 halts the engine and records the size
/// needed, for the host to grow the storage and resume.
MDB_HD inline void fill_neighbors(const ImageListBuildView& v, int i) {
  const std::int64_t total = v.scan[v.n];
  if (total > v.capacity) {
    if (i == 0) {
      v.ctl->needed = total;
      v.ctl->halted = 1;
    }
    return;
  }
  v.offsets[i] = v.scan[i];
  if (i == 0) v.offsets[v.n] = total;
  std::int64_t k = v.scan[i];
  int* nb = v.neighbors;
  ImageCode* im = v.images;
  for_each_image_neighbor(v, i, [&k, nb, im](int j, ImageCode code) {
    nb[k] = j;
    im[k] = code;
    ++k;
  });
}

/// Per atom, every step after the drift: squared displacement since the last build (Angstrom^2),
/// for the max reduction that decide_rebuild reads.
MDB_HD inline double displacement2(const double* x, const double* y, const double* z,
                                   const double* x0, const double* y0, const double* z0, int i) {
  const double dx = x[i] - x0[i], dy = y[i] - y0[i], dz = z[i] - z0[i];
  return dx * dx + dy * dy + dz * dz;
}

}  // namespace mdb
