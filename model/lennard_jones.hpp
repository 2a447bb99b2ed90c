#pragma once
// Lennard-Jones 12-6 with a cutoff, LAMMPS `pair_style lj/cut` semantics.
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/common/pair_lj.hpp"
#include "kernels/common/pair_sums.hpp"
#include "kernels/cpu/double_row_choice.hpp"
#include "kernels/cpu/simd_avx512.hpp"
#include "md/force/force_field.hpp"
#include "model/extended_forces.hpp"
#include "model/force_driver.hpp"
#include "model/packed_cluster_pass.hpp"

namespace mdb {

/// Per-species LJ parameters (epsilon in eV, sigma in Angstrom; reduced in LJ units).
struct LjSpecies {
  std::string name;
  double epsilon;
  double sigma;
};

/// An explicit pair that overrides mixing (LAMMPS `pair_coeff a b eps sigma`).
struct LjPairCoeff {
  std::string a, b;
  double epsilon;
  double sigma;
};

/// How unlike pairs are mixed: geometric (LAMMPS default: eps and sigma both geometric means) or
/// Lorentz-Berthelot (arithmetic sigma, geometric eps).
enum class LjMixing { Geometric, LorentzBerthelot };

/// Full parameter set. `cutoff` is global (Angstrom); `shift` subtracts phi(rc) so the energy is
/// continuous at the cutoff (LAMMPS `pair_modify shift yes`; default off, as in LAMMPS).
struct LjParams {
  std::vector<LjSpecies> species;
  std::vector<LjPairCoeff> pairs;
  double cutoff = 0.0;
  bool shift = false;
  LjMixing mixing = LjMixing::Geometric;

  /// Argon, metal units: sigma 3.405 A, eps 0.0104 eV, rc = 2.5 sigma = 8.5125 A.
  static LjParams argon();
  /// LAMMPS bench/in.lj, reduced units: species "LJ", eps = sigma = 1, rc = 2.5.
  static LjParams lj_melt();
};

/// Which CPU force loop a LennardJones asks for (neighbor_kind()): the SIMD kernel over a
/// cluster pair list (the default: in float on 4 x 4 rows where the build has AVX-512, else on
/// 2 x 4 rows; in double on 2 x 4 rows where the CPU gains from them,
/// kernels/cpu/double_row_choice.hpp, else on 1 x 4 rows), the 2 x 4 rows whatever the CPU
/// (Simd2x4; in double only where the build has AVX-512, else 1 x 4), the double kernel's 1 x 4
/// rows whatever the CPU (Simd1x4; in float the same as Simd2x4), or the scalar loop over a half
/// Verlet list (the reference). The tests hold every kernel to the scalar loop. compute() follows
/// the kind of the list it is given.
enum class PairKernel { Simd, Simd2x4, Simd1x4, Scalar };

/// Lennard-Jones force field on a half or a cluster neighbour list. `Real` is the arithmetic type
/// of the pair math (double by default, as LAMMPS and KIM; float for a mixed-precision path, whose
/// SIMD kernel also rounds positions to float relative to the box centre); the system's
/// positions, the force totals, energy and virial sums stay double.
template <class Real = double>
class LennardJones final : public ForceField {
 public:
  /// Throws std::invalid_argument on non-positive sigma/epsilon/cutoff or duplicate species.
  explicit LennardJones(LjParams params, PairKernel kernel = PairKernel::Simd);

  std::string_view name() const override { return name_; }
  double cutoff() const override { return params_.cutoff; }
  /// The SIMD kernels' rows (PairKernel): in double one i-atom per row (four lanes) or two
  /// (eight 512-bit lanes); in float two (eight), or the whole i-cluster (sixteen) where the build
  /// has AVX-512.
  NeighborKind neighbor_kind() const override {
    if (kernel_ == PairKernel::Scalar) return NeighborKind::Half;
    if constexpr (std::is_same_v<Real, float>) {
      return simd::kHas512 && kernel_ == PairKernel::Simd ? NeighborKind::Cluster4x4
                                                          : NeighborKind::Cluster2x4;
    }
    const bool two =
        simd::kHas512 && (kernel_ == PairKernel::Simd2x4 ||
                          (kernel_ == PairKernel::Simd && simd::double_rows_two_i_atoms()));
    return two ? NeighborKind::Cluster2x4 : NeighborKind::Cluster;
  }
  void bind(const System& system) override;
  /// Splits the pair loop over the team's threads by neighbour-list work, each thread with its
  /// own force arrays, summed before folding.
  bool use_threads(ThreadTeam* team) override;
  bool splits_over_threads() const override { return true; }
  /// On a Half list, the scalar loop; on a Cluster list, the SIMD kernel.
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  /// Cuda in a CUDA build for double arithmetic (the device kernel computes in double).
  bool supports(Backend backend) const override;
  /// LennardJones<float> with the same parameters and kernel (nullptr for float itself).
  std::unique_ptr<ForceField> mixed_precision() const override;
  /// LjForceDevice over the bound table (double only; nullptr for float).
  std::unique_ptr<DeviceForce> make_device_twin(const System& system) const override;

  const LjParams& params() const { return params_; }
  /// The evaluator for two bound species indices (tests and GPU kernels use the same table).
  const LjPair<Real>& pair(int a, int b) const { return table_[a * n_species_ + b]; }
  const std::vector<LjPair<Real>>& table() const { return table_; }

 private:
  /// The SIMD kernel over the list's clusters, folded onto the atoms.
  ForceResult compute_clusters(System& system, const NeighborList& list, ComputeFlags flags);

  LjParams params_;
  PairKernel kernel_;
  std::string name_;
  int n_species_ = 0;
  std::vector<LjPair<Real>> table_;
  ForceDriver driver_;  // forces per extended atom (Half list) or per packed slot (Cluster list)
  PackedClusterPass<Real> packed_;  // float, and double on 2 x 4 rows: the packed arrays
};

extern template class LennardJones<double>;
extern template class LennardJones<float>;

}  // namespace mdb
