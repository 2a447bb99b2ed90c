#pragma once
// A brute-force builder of the device engine's image neighbour list (kernels/common/
// image_neighbors.hpp): every atom against every atom of its replica through every image within
// range. O(n^2 * images): the reference the fast builders and the device kernels are tested
// against, not a production path.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kernels/common/image_neighbors.hpp"

namespace mdb {

/// The storage behind an ImageNeighborView built by build_image_list_reference.
struct ImageListStorage {
  std::vector<std::int64_t> offsets;
  std::vector<int> neighbors;
  std::vector<ImageCode> images;
};

/// Fills `out` with every (i, j, image) of the same replica at separation < range (Angstrom),
/// excluding an atom's zero image of itself, in order of i, then image (z, y, x from -shell up),
/// then j. `v` supplies n, atoms_per_replica, positions and box_len; its list pointers are
/// ignored. Throws std::invalid_argument when a box would need more than kImageShellMax shells.
inline void build_image_list_reference(const ImageNeighborView& v, double range,
                                       ImageListStorage& out) {
  if (v.atoms_per_replica <= 0 || v.n % v.atoms_per_replica != 0) {
    throw std::invalid_argument("build_image_list_reference: n is not a multiple of replicas");
  }
  out.offsets.assign(1, 0);
  out.neighbors.clear();
  out.images.clear();
  const double range2 = range * range;
  for (int i = 0; i < v.n; ++i) {
    const int r = i / v.atoms_per_replica;
    const double* len = v.box_len + 3 * r;
    int shell[3];
    for (int a = 0; a < 3; ++a) {
      shell[a] = static_cast<int>(std::ceil(range / len[a]));
      if (shell[a] > kImageShellMax) {
        throw std::invalid_argument("build_image_list_reference: box too small for the range");
      }
    }
    const int first = r * v.atoms_per_replica, last = first + v.atoms_per_replica;
    for (int iz = -shell[2]; iz <= shell[2]; ++iz) {
      for (int iy = -shell[1]; iy <= shell[1]; ++iy) {
        for (int ix = -shell[0]; ix <= shell[0]; ++ix) {
          for (int j = first; j < last; ++j) {
            if (j == i && ix == 0 && iy == 0 && iz == 0) continue;
            const double dx = v.x[j] + ix * len[0] - v.x[i];
            const double dy = v.y[j] + iy * len[1] - v.y[i];
            const double dz = v.z[j] + iz * len[2] - v.z[i];
            if (dx * dx + dy * dy + dz * dz < range2) {
              out.neighbors.push_back(j);
              out.images.push_back(pack_image(ix, iy, iz));
            }
          }
        }
      }
    }
    out.offsets.push_back(static_cast<std::int64_t>(out.neighbors.size()));
  }
}

}  // namespace mdb
