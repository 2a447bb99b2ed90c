#pragma once
// When a Verlet neighbour list is rebuilt: the one policy type and the one rule, read by the CPU
// NeighborList and by the device engine's decide_rebuild body alike.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// LAMMPS's `neighbor skin` and `neigh_modify every N check yes|no`; the cutoff and the half/full
/// kind come from the force field. Lengths in Angstrom (or sigma in LJ units).
struct NeighborPolicy {
  double skin = 0.0;  ///< extra shell so the list stays valid while atoms move
  int every = 1;      ///< consider a rebuild only every `every` steps
  bool check = true;  ///< rebuild only when a pair may have come within range; with check off,
                      ///< rebuild every `every` steps unconditionally
  /// Refuse boxes that would need more periodic image shells (the CPU list's ghosts; the device
  /// engine's fixed limit is kImageShellMax).
  int max_image_shells = 10;
};

/// What the rule decided for one step.
struct RebuildVerdict {
  bool rebuild = false;
  /// A rebuild with check off after some pair may already have come within range, so pairs may
  /// have been missed (LAMMPS's "dangerous builds").
  bool dangerous = false;
};

/// The rule. `steps_since_build` counts this step; `max_disp2` is the largest squared displacement
/// of an atom since the last build and `ghost_shift` the change of the largest ghost shift
/// (|image x (L - L0)|, 0 for a fixed box), so no pair separation changed by more than
/// 2 sqrt(max_disp2) + ghost_shift. A NaN displacement counts as moved: the build then meets the
/// bad position and reports it.
MDB_HD inline RebuildVerdict rebuild_verdict(const NeighborPolicy& p, long long steps_since_build,
                                             double max_disp2, double ghost_shift) {
  const bool moved = !(2.0 * std::sqrt(max_disp2) + ghost_shift <= p.skin);
  const bool due = steps_since_build >= p.every && (!p.check || moved);
  return {due, due && !p.check && moved};
}

}  // namespace mdb
