#pragma once
// A dropout uncertainty neural network (DUNN) potential as a ForceField: the OpenKIM DUNN
// driver's energy, forces and virial, computed natively in double precision.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/dunn/dunn_descriptor.hpp"
#include "model/dunn/dunn_network.hpp"
#include "model/dunn/dunn_params.hpp"
#include "model/force_driver.hpp"

namespace mdb {

/// Where a DUNN evaluation's time goes, summed over the threads of the team.
enum class DunnStage : int { Descriptor = 0, Network = 1, DescriptorBackward = 2 };
inline constexpr int kNumDunnStages = 3;

/// E = sum_i NN((G_i - mean) / stdev) over local atoms i, with G_i the symmetry functions of atom
/// i (DunnDescriptor) and NN the network of the active member (DunnNetwork): the ensemble mean
/// (the KIM models' default), the fully connected network, or one member. Forces come from an
/// analytic backward pass (network, then descriptor); the virial is sum x f over the extended
/// atoms before ghost forces are folded onto their owners. Metal units (eV, Angstrom).
///
/// With a thread team, each thread takes a contiguous range of centre atoms (balanced by
/// neighbour-list entries) through all three stages, descriptor, network, descriptor backward,
/// with its own scratch and force buffers, so no stage waits for another thread. A step allocates
/// nothing once the buffers have seen the largest neighbour count and atom range.
class DunnPotential final : public ForceField {
 public:
  /// Validates the parameters (DunnParams::validate, std::invalid_argument) and the member.
  explicit DunnPotential(DunnParams params, int active_member = kDunnEnsembleMean);

  std::string_view name() const override { return "dunn"; }
  /// The largest pair cutoff (Angstrom).
  double cutoff() const override { return cutoff_; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  /// Maps the system's species to the model's by name; throws std::invalid_argument naming a
  /// species the model does not have.
  void bind(const System& system) override;
  bool use_threads(ThreadTeam* team) override;
  bool splits_over_threads() const override { return true; }
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;

  /// kDunnEnsembleMean (-1), kDunnFullyConnected (0) or a member 1..ensemble_size(), as the
  /// driver's `active_member_id`; with ensemble_size() = 0 every value means the fully
  /// connected network. Throws std::invalid_argument out of [-1, ensemble_size()].
  void set_active_member(int active_member);
  int active_member() const { return active_member_; }
  int ensemble_size() const { return network_.ensemble_size(); }
  const DunnParams& params() const { return params_; }
  /// The network input (centred, scaled descriptor) of local atom i from the last compute().
  const double* descriptor_of(int atom) const {
    return inputs_.data() + static_cast<std::size_t>(atom) * descriptor_.size();
  }
  /// Network multiply-adds per atom and call in the active mode (forward and backward).
  double network_multiply_adds_per_atom() const {
    return network_.multiply_adds_per_atom(active_member_);
  }
  /// Cumulative thread-seconds of its three stages (DunnStage, by name) since the last reset;
  /// the network stage is forward and backward through the dense layers at once.
  StageClocks stage_times() const override;
  void reset_stage_times() override;
  /// Dense-layer floating-point operations (2 per multiply-add) of a compute() on the bound
  /// system.
  double network_flops_per_call() const {
    const double atoms = descriptor_.size() > 0 ? static_cast<double>(inputs_.size()) /
                                                      static_cast<double>(descriptor_.size())
                                                : 0.0;
    return 2.0 * network_multiply_adds_per_atom() * atoms;
  }

 private:
  DunnParams params_;
  double cutoff_ = 0.0;
  int active_member_ = kDunnEnsembleMean;
  DunnDescriptor descriptor_;
  DunnNetwork network_;
  int bound_species_ = 0;
  std::vector<double> inputs_, grads_;  // local atoms x descriptor size
  ForceDriver driver_;
  std::vector<DunnDescriptor::Scratch> scratch_;
  std::vector<DunnNetwork::Workspace> workspace_;
  std::vector<std::array<std::uint64_t, kNumDunnStages>> stage_ticks_;  // per thread
  long long calls_ = 0;
};

}  // namespace mdb
