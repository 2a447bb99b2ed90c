#pragma once
// ANI-style neural-network potential as a ForceField, optionally on top of a physical baseline.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/force_driver.hpp"
#include "model/nnp/aev.hpp"
#include "model/nnp/atomic_network.hpp"
#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// Where an NnPotential's force call spends its time (cumulative, like PhaseTimer).
/// Baseline: the physical baseline's force call; Descriptor: the AEVs; NetworkForward and
/// NetworkBackward: the dense layers (energies, then dE/dAEV); DescriptorBackward: dE/dAEV to
/// forces; Finish: virial, folding ghost forces onto their owners.
enum class NnStage : int {
  Baseline = 0,
  Descriptor,
  NetworkForward,
  NetworkBackward,
  DescriptorBackward,
  Finish
};
inline constexpr int kNumNnStages = 6;

/// E = E_baseline + sum_i (NN_{species(i)}(AEV_i) + shift_{species(i)}). Forces come from an
/// analytic backward pass: through the networks (one matrix product per layer for all atoms of a
/// species) and then through the descriptor. `Real` is the arithmetic of descriptor and networks
/// (float as ANI; double for finite-difference tests); energies, forces and virials are summed
/// in double. The baseline (e.g. Stillinger-Weber) is called once per step through its own
/// ForceField interface; without one the model is the network alone.
template <class Real = float>
class NnPotential final : public ForceField {
 public:
  /// Validates the spec (std::invalid_argument naming `spec.name`).
  explicit NnPotential(NnSpec spec, std::unique_ptr<ForceField> baseline = nullptr);

  std::string_view name() const override { return name_; }
  double cutoff() const override;
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  /// Maps system species to the network's by name; an atom species without a network throws.
  void bind(const System& system) override;
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  /// Cuda in a CUDA build for float arithmetic (the device's), when the baseline (if any) has a
  /// twin too.
  bool supports(Backend backend) const override;
  /// NnForceDevice for the system's species, over the baseline's twin (nullptr where
  /// supports(Cuda) is false).
  std::unique_ptr<DeviceForce> make_device_twin(const System& system) const override;

  const NnSpec& spec() const { return spec_; }
  /// The physical baseline, or nullptr for the network alone.
  const ForceField* baseline() const { return baseline_.get(); }
  /// The AEV of local atom i from the last call (length aev_length()).
  const Real* aev_of(int atom) const;
  int aev_length() const { return aev_.length(); }
  /// Its six stages (NnStage, by name) since the last reset, with the network's FLOPs per call.
  StageClocks stage_times() const override;
  void reset_stage_times() override {
    ticks_.fill(0);
    calls_ = 0;
  }
  /// Floating-point operations of the network stages (forward + backward) per call, for the
  /// bound system: 2 per multiply-add.
  double network_flops_per_call() const;

 private:
  NnSpec spec_;
  std::unique_ptr<ForceField> baseline_;
  std::string name_;
  AevComputer<Real> aev_;
  std::vector<AtomicNetwork<Real>> nets_;
  // Bound system: system species -> network species; atoms grouped by network species, so
  // each species' AEVs are one contiguous block of rows.
  std::vector<int> species_map_;
  std::vector<int> row_of_;
  std::vector<int> group_begin_;  // first row of each species' block (n_species + 1 entries)
  std::vector<Real> aev_rows_, grad_rows_;
  ForceDriver driver_;  // one thread: its forces, virial and fold
  std::array<std::uint64_t, kNumNnStages> ticks_{};
  long long calls_ = 0;
};

extern template class NnPotential<float>;
extern template class NnPotential<double>;

}  // namespace mdb
