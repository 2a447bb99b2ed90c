#pragma once
// Ghost atoms: the periodic images of the atoms that lie within reach of the box.
#include <array>
#include <span>
#include <vector>

#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"

namespace mdb {

/// The extended atom array that force loops read: the N local atoms first, then every periodic
/// image ("ghost") that lies within `range` of the box, across as many image shells as the range
/// needs (so a cutoff longer than half the box stays exact, as with LAMMPS ghost atoms).
/// Ghosts remember their owner and integer image, so their positions follow the owners each step
/// (refresh) and forces on them fold back onto the owners (fold_forces).
class Halo {
 public:
  /// Wraps local atoms into the box (changes system positions by whole box lengths) and makes
  /// the ghost set, split over `team` for large systems (the same ghosts in the same order).
  /// Without `ghosts`, only the wrapped local atoms and the image shells (what a cluster list,
  /// which makes its ghosts as images of whole clusters, reads). Throws std::invalid_argument
  /// on a non-finite position or when the range needs more than max_shells image shells along
  /// an axis.
  void build(System& system, double range, int max_shells, ThreadTeam* team = nullptr,
             bool ghosts = true);
  /// Copies the current local positions and moves every ghost with its owner (and the box),
  /// split over `team` when given one.
  void refresh(const System& system, ThreadTeam* team = nullptr);
  /// system.f = ext_f on local atoms + ext_f of each ghost added to its owner.
  void fold_forces(const double* efx, const double* efy, const double* efz, System& system) const;

  int n_local() const { return n_local_; }
  int n_ghost() const { return static_cast<int>(owner_.size()) - n_local_; }
  int n_extended() const { return static_cast<int>(owner_.size()); }
  /// Image shells used along x, y, z at the last build.
  const std::array<int, 3>& shells() const { return shells_; }

  std::span<const double> x() const { return x_; }
  std::span<const double> y() const { return y_; }
  std::span<const double> z() const { return z_; }
  std::span<const int> species() const { return species_; }
  std::span<const int> owner() const { return owner_; }
  /// Integer image of each extended atom along x, y, z (0 for local atoms): a ghost sits at its
  /// owner + image * box length.
  std::span<const int> image_x() const { return ix_; }
  std::span<const int> image_y() const { return iy_; }
  std::span<const int> image_z() const { return iz_; }
  /// 0 for local atoms; for a ghost the sign of its image vector's first non-zero component.
  std::span<const signed char> image_sign() const { return image_sign_; }

 private:
  /// Appends the images along `axis` of every atom made so far that lie within `range` of the box.
  void add_images(int axis, double lo, double len, int shells, double range, ThreadTeam* team);

  int n_local_ = 0;
  std::array<int, 3> shells_{0, 0, 0};
  std::vector<double> x_, y_, z_;
  std::vector<int> species_, owner_;
  std::vector<int> ix_, iy_, iz_;  // integer image of each extended atom
  std::vector<signed char> image_sign_;
  std::vector<int> image_start_;  // add_images: where each atom's images go
};

}  // namespace mdb
