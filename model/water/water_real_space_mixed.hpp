#pragma once
// The water model's real-space pairs in mixed precision: LJ(O-O) + erfc Coulomb in float, eight
// pairs per instruction over a 2 x 4 cluster list or sixteen over a 4 x 4 one
// (kernels/cpu/lj_coul_long_term.hpp), sums in double. What `cpu-mixed` rows run, as OpenMM's CPU
// platform and GROMACS compute their non-bonded pairs; the excluded pairs' corrections, bonded
// terms and PME stay in double.
#include <cstdint>
#include <vector>

#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/lj_coul_long_term.hpp"
#include "md/core/aligned_vector.hpp"
#include "md/core/system.hpp"
#include "md/force/force_field.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "model/force_driver.hpp"
#include "model/packed_cluster_pass.hpp"

namespace mdb {

class WaterMixedRealSpace {
 public:
  /// Each species' factors (ChargedLjFactors), beta (1/Angstrom) and the cut-off (Angstrom).
  void bind(std::vector<ChargedLjFactors> by_species, double beta, double cutoff);
  /// system.f = the forces of the pairs of `list` (a 2 x 4 cluster list, or a 4 x 4 one where the
  /// build has AVX-512) on the driver's threads; energy and virial as `flags` ask.
  ForceResult compute(System& system, const NeighborList& list, ForceDriver& driver,
                      ComputeFlags flags);

 private:
  std::vector<ChargedLjFactors> by_species_;
  LjCoulLongTerm term_;
  PackedClusterPass<float> pass_;
  AlignedVector<float> factors_;  ///< q, c12, c6: 2 x max_slots floats each
  std::uint64_t packed_for_ = 0;  ///< the list build the factors were packed for
};

}  // namespace mdb
