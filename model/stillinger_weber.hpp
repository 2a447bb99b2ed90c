#pragma once
// Stillinger-Weber three-body potential, LAMMPS `pair_style sw` semantics.
#include <string_view>
#include <vector>

#include "kernels/common/sw_terms.hpp"
#include "md/force/force_field.hpp"
#include "model/force_driver.hpp"
#include "model/sw_params.hpp"

namespace mdb {

/// Stillinger-Weber on a full neighbour list. Per local atom the neighbours inside their pair
/// range are gathered once into a short list with their distances and radial factors; the
/// two-body term is evaluated once per physical pair (from the side a half list keeps, Newton's
/// third law applied), the three-body term for every j < k of the short list. Forces go to
/// extended (local + ghost) arrays, the virial is sum x f over them before ghost forces are
/// folded onto their owners (LAMMPS virial_fdotr). A step allocates nothing once sized.
///
/// Same energy as LAMMPS for parameter files whose (i, j, k) and (i, k, j) angular entries agree
/// (all of LAMMPS's own); otherwise LAMMPS's result depends on neighbour order, and this class
/// averages the two (SwTripletCoeffs), which keeps the energy a function of positions alone.
class StillingerWeber final : public ForceField {
 public:
  /// Validates the parameters (SwParams::validate); throws std::invalid_argument.
  explicit StillingerWeber(SwParams params);

  std::string_view name() const override { return "sw"; }
  /// params().max_cutoff()
  double cutoff() const override { return cutoff_; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  /// Maps the system's species names to elements. Throws std::invalid_argument naming the
  /// triplet when some (i, j, k) of bound species has no entry, or when the two-body parameters
  /// of (i, j, j) and (j, i, i) differ (the pair term would then depend on atom order; LAMMPS
  /// picks a side by tag parity).
  void bind(const System& system) override;
  /// Splits the centre-atom loop over the team's threads by neighbour-list work, each thread
  /// with its own force arrays and short list, summed before folding.
  bool use_threads(ThreadTeam* team) override;
  bool splits_over_threads() const override { return true; }
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  /// Cuda in a CUDA build.
  bool supports(Backend backend) const override;
  /// SwForceDevice over the bound pair and triplet tables.
  std::unique_ptr<DeviceForce> make_device_twin(const System& system) const override;

  const SwParams& params() const { return params_; }
  /// Bound tables (tests and GPU kernels use the same): pair (a, b) from entry (a, b, b),
  /// triplet (a, b, c) from entries (a, b, c) and (a, c, b), over bound species indices.
  const SwPairCoeffs& pair(int a, int b) const { return pairs_[a * n_species_ + b]; }
  const SwTripletCoeffs& triplet(int a, int b, int c) const {
    return triplets_[(a * n_species_ + b) * n_species_ + c];
  }
  int n_species() const { return n_species_; }

 private:
  SwParams params_;
  double cutoff_ = 0.0;
  int n_species_ = 0;
  std::vector<SwPairCoeffs> pairs_;
  std::vector<SwTripletCoeffs> triplets_;
  /// The short list of one centre atom, sized to the largest neighbour count; one per thread.
  struct ShortListStorage {
    std::vector<int> j, type;
    std::vector<double> dx, dy, dz, r2, fx, fy, fz;
    std::vector<SwBond> bond;
  };
  ForceDriver driver_;
  std::vector<ShortListStorage> short_;  // one per thread
};

}  // namespace mdb
