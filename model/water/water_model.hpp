#pragma once
// A flexible three-site water model (SPC/Fw by default) with smooth PME electrostatics.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/cpu/simd_avx512.hpp"
#include "md/force/force_field.hpp"
#include "model/force_driver.hpp"
#include "model/water/water_device_data.hpp"
#include "model/water/water_intramolecular.hpp"
#include "model/water/water_molecules.hpp"
#include "model/water/water_params.hpp"
#include "model/water/water_real_space.hpp"
#include "model/water/water_real_space_mixed.hpp"

namespace mdb {

class Pme;

/// The force is, in the order compute() runs them (each a stage clock):
///   real space  LJ(O-O) + ke qi qj erfc(beta r)/r over the half list (ForceDriver, threads)
///   bonded      harmonic bonds and angles, and the excluded pairs' corrections (one thread)
///   PME         reciprocal space (model/pme/: spread, FFT, solve, FFT back, gather)
/// plus the constant self energy. Forces, energy and virial; the virial follows a barostat's
/// box (PME takes the box each call; its grid stays the one chosen at bind).
/// Real-space arithmetic: Double over a half list (water_real_space), or Mixed, float pairs over
/// a cluster list (water_real_space_mixed; mixed_precision() makes one): 4 x 4 rows where the
/// build has AVX-512, else 2 x 4 rows; Mixed2x4 takes the 2 x 4 rows whatever the build (the
/// tests hold both kernels to the double model).
enum class WaterPrecision { Double, Mixed, Mixed2x4 };

class WaterModel final : public ForceField {
 public:
  /// Throws std::invalid_argument for bad parameters (check_water_params).
  explicit WaterModel(WaterParams params = WaterParams::spc_fw(),
                      WaterPrecision precision = WaterPrecision::Double);
  ~WaterModel() override;

  std::string_view name() const override { return mixed() ? "spc/fw<mixed>" : "spc/fw"; }
  double cutoff() const override { return params_.cutoff; }
  NeighborKind neighbor_kind() const override {
    if (!mixed()) return NeighborKind::Half;
    return simd::kHas512 && precision_ == WaterPrecision::Mixed ? NeighborKind::Cluster4x4
                                                                : NeighborKind::Cluster2x4;
  }
  /// The same model with its real-space pairs in float (nullptr for a mixed one).
  std::unique_ptr<ForceField> mixed_precision() const override;
  bool splits_over_threads() const override { return true; }
  /// Backend::Cuda in a CUDA build (the double model: WaterForceDevice), never the mixed one.
  bool supports(Backend backend) const override;
  /// WaterForceDevice for the bound system (nullptr without CUDA or for the mixed model).
  std::unique_ptr<DeviceForce> make_device_twin(const System& system) const override;
  /// False: the twin's PME keeps the box it was made for.
  bool device_twin_follows_box() const override { return false; }
  /// Checks the molecules (water_molecules), makes the pair table and the PME for this box.
  /// Throws std::invalid_argument in the user's terms (a species, an incomplete molecule,
  /// charges, a grid that cannot reach the tolerance).
  void bind(const System& system) override;
  bool use_threads(ThreadTeam* team) override;
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  StageClocks stage_times() const override;
  void reset_stage_times() override;

  const WaterParams& params() const { return params_; }
  /// What the device engine's water bodies read for the bound system (water_device_data.hpp).
  /// Throws std::logic_error before bind().
  WaterDeviceData device_data() const;
  /// beta (1/Angstrom) and the PME grid chosen at bind().
  double beta() const { return beta_; }
  std::array<int, 3> grid() const;

 private:
  bool mixed() const { return precision_ != WaterPrecision::Double; }
  /// The real-space pairs in double over a half list (water_real_space), folded into system.f.
  ForceResult real_space_double(System& system, const NeighborList& list, ComputeFlags flags);

  WaterParams params_;
  WaterPrecision precision_;
  WaterMolecules molecules_;
  std::vector<LjCoulLongPair> table_;  ///< [species_i * n_species + species_j]
  std::vector<int> species_;           ///< the system's species, to find a pair's evaluator
  int n_species_ = 0;
  double beta_ = 0.0;
  double self_energy_ = 0.0;  ///< eV, constant for the bound system
  std::unique_ptr<Pme> pme_;
  ForceDriver driver_;
  std::vector<CoulLongRowBuffers> rows_;  ///< per thread (Double)
  WaterMixedRealSpace mixed_;             ///< Mixed
  WaterIntramolecular intramolecular_;    ///< bonds, angles, exclusion corrections
  std::uint64_t rows_sized_for_ = 0;      ///< the list build the buffers were checked against
  enum Stage { kRealSpace, kBonded, kNumOwnStages };
  std::array<std::uint64_t, kNumOwnStages> ticks_{};
  long long calls_ = 0;
};

}  // namespace mdb
