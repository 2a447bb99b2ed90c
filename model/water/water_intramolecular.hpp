#pragma once
// The bonded terms and excluded-pair corrections of whole water molecules, a molecule per
// iteration of one loop that GCC vectorises (four molecules per AVX2 instruction, glibc's vector
// acos under -ffast-math), then a scalar scatter of each molecule's three forces.
#include <array>
#include <vector>

#include "kernels/common/pair_lj_coul_long.hpp"
#include "md/core/system.hpp"
#include "md/force/force_field.hpp"

namespace mdb {

/// A molecule (H1, O, H2) carries two O-H bonds, the H-O-H angle and three excluded pairs
/// (O-H1, O-H2, H1-H2). Its separations are measured from O by minimum image, and H1-H2 as
/// their difference: the images of one molecule (a pair's own nearest image differs only in a box
/// narrower than twice the molecule). Its forces sum to zero, so its virial is
/// d1 (x) F_H1 + d2 (x) F_H2 with d the H - O separations.
class WaterIntramolecular {
 public:
  struct Terms {
    double bond_k = 0.0;   ///< eV/Angstrom^2, E = k/2 (r - r0)^2
    double bond_r0 = 0.0;  ///< Angstrom
    double angle_k = 0.0;  ///< eV/rad^2, E = k/2 (theta - theta0)^2
    double theta0 = 0.0;   ///< rad
    LjCoulLongPair oh{};   ///< the O-H pairs' evaluator (excluded())
    LjCoulLongPair hh{};   ///< the H-H pair's
  };

  /// `angles` (H1, O, H2): one per molecule, as water_molecules checks. Sizes the scratch.
  void bind(const std::vector<std::array<int, 3>>& angles, const Terms& terms);
  /// Adds the forces to system.f and, as `flags` ask, the energy and virial to `out`.
  void add(System& system, ComputeFlags flags, ForceResult& out);

 private:
  /// Exclusions of molecule m whose pair lies beyond the cut-off (a torn molecule, never in a
  /// healthy run): the loop took the pair as within it; adds the difference.
  void fix_far_pairs(int m, const OrthoBoxView& box, const System& system, double& energy,
                     std::array<double, 6>& w);

  Terms terms_;
  std::vector<int> h1_, o_, h2_;
  // Per molecule: the coordinates of O, H1 and H2 (x, y, z each), and the forces on H1 and H2.
  std::array<std::vector<double>, 9> columns_;
  std::array<std::vector<double>, 6> forces_;
};

}  // namespace mdb
