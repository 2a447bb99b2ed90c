#pragma once
// A frame's extended atoms and full neighbour list, built once and kept for every epoch.
#include <cstdint>
#include <vector>

#include "kernels/common/neighbor_view.hpp"
#include "md/core/system.hpp"

namespace mdb {

/// The periodic images and the full list (no skin) of a fixed configuration within `cutoff`,
/// owned (a NeighborList's view lives only until its next build). Training reads a frame's
/// geometry hundreds of times and never moves it.
class FrameGeometry {
 public:
  FrameGeometry(const System& system, double cutoff);

  NeighborView view() const;
  int n_local() const { return n_local_; }
  int n_extended() const { return static_cast<int>(x_.size()); }
  const std::vector<int>& owner() const { return owner_; }

 private:
  int n_local_ = 0;
  std::vector<std::int64_t> offsets_;
  std::vector<int> neighbors_, species_, owner_;
  std::vector<double> x_, y_, z_;
  std::vector<signed char> image_sign_;
};

}  // namespace mdb
