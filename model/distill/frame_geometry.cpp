#include "model/distill/frame_geometry.hpp"

#include "md/neighbor/neighbor_list.hpp"

namespace mdb {

FrameGeometry::FrameGeometry(const System& system, double cutoff) {
  System copy = system;  // the build wraps atoms into the box
  NeighborList list(cutoff, NeighborKind::Full, NeighborPolicy{0.0, 1, true, 10});
  list.build(copy);
  const NeighborView v = list.view();
  n_local_ = v.n_local;
  const std::size_t n_ext = static_cast<std::size_t>(v.n_local + v.n_ghost);
  offsets_.assign(v.offsets, v.offsets + v.n_local + 1);
  neighbors_.assign(v.neighbors, v.neighbors + offsets_.back());
  x_.assign(v.x, v.x + n_ext);
  y_.assign(v.y, v.y + n_ext);
  z_.assign(v.z, v.z + n_ext);
  species_.assign(v.species, v.species + n_ext);
  owner_.assign(v.owner, v.owner + n_ext);
  image_sign_.assign(v.image_sign, v.image_sign + n_ext);
}

NeighborView FrameGeometry::view() const {
  NeighborView v;
  v.n_local = n_local_;
  v.n_ghost = n_extended() - n_local_;
  v.offsets = offsets_.data();
  v.neighbors = neighbors_.data();
  v.x = x_.data();
  v.y = y_.data();
  v.z = z_.data();
  v.species = species_.data();
  v.owner = owner_.data();
  v.image_sign = image_sign_.data();
  return v;
}

}  // namespace mdb
