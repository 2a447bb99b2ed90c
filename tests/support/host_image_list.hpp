#pragma once
// Replicas of Systems packed back to back as the device engine stores them, with the brute-force
// image list over them, all in host memory: what a device force's tests hand a DeviceForceHarness
// (or, for a twin that runs on the host, the twin itself).
#include <vector>

#include "kernels/common/image_neighbors.hpp"
#include "md/core/system.hpp"
#include "tests/support/image_list_reference.hpp"

namespace mdb::test {

/// Replicas of equal size and species table, as the device engine stores them: positions,
/// species and boxes back to back, with the brute-force image list over them.
struct HostImageList {
  std::vector<double> x, y, z, box_len;
  std::vector<int> species;
  ImageListStorage list;
  ImageNeighborView view;

  HostImageList(const std::vector<System>& replicas, double range) {
    for (const System& s : replicas) {
      x.insert(x.end(), s.x().begin(), s.x().end());
      y.insert(y.end(), s.y().begin(), s.y().end());
      z.insert(z.end(), s.z().begin(), s.z().end());
      species.insert(species.end(), s.species().begin(), s.species().end());
      box_len.insert(box_len.end(), s.box().lengths().begin(), s.box().lengths().end());
    }
    view.n = static_cast<int>(x.size());
    view.atoms_per_replica = static_cast<int>(replicas.front().size());
    view.x = x.data();
    view.y = y.data();
    view.z = z.data();
    view.species = species.data();
    view.box_len = box_len.data();
    build_image_list_reference(view, range, list);
    view.offsets = list.offsets.data();
    view.neighbors = list.neighbors.data();
    view.images = list.images.data();
  }
};

}  // namespace mdb::test
