#pragma once
// A model's own stage clocks: where its force call spends its time, in stages the model names
// (an NN: descriptor, network, backward; a TorchScript or Python model: its own). Read through
// one virtual call on ForceField and DeviceForce, so md_bench reports any model's split without
// knowing its type. Plain values: no allocation to read them.
#include <array>
#include <cstddef>
#include <string_view>

namespace mdb {

/// What a stage does, so that a report can put different models' stages side by side
/// (md_bench's nn_*_frac counters group by role).
enum class StageRole : int {
  Baseline,            ///< a physical baseline's force call under the model
  Descriptor,          ///< atomic environments to network inputs
  NetworkForward,      ///< dense layers, or a whole network's forward pass
  NetworkBackward,     ///< back through the network to dE/d(inputs)
  DescriptorBackward,  ///< dE/d(inputs) to forces
  Other,               ///< the rest: virial, folding ghost forces, copies
  // An Ewald model's split (water: md_bench's pme_* counters).
  RealSpace,   ///< pair terms within the cut-off (LJ and screened Coulomb)
  Bonded,      ///< bonds, angles and the excluded pairs' corrections
  MeshSpread,  ///< charges onto the grid
  MeshFft,     ///< the grid's forward and backward transforms
  MeshSolve,   ///< the influence function in reciprocal space
  MeshGather,  ///< forces back from the grid
};
inline constexpr int kNumStageRoles = 12;

/// One named stage and its time.
struct StageTime {
  std::string_view name;  ///< the model's own name for it, e.g. "descriptor"; a static string
  StageRole role = StageRole::Other;
  double seconds = 0.0;  ///< cumulative since reset (thread-seconds where threads split it)
};

/// A model's stage clocks since its last reset_stage_times(). Empty (count 0) for a model
/// without stages.
struct StageClocks {
  static constexpr int kMaxStages = 8;
  std::array<StageTime, kMaxStages> stages{};
  int count = 0;
  /// Dense-layer floating-point operations (forward and backward, 2 per multiply-add) of one
  /// call on the bound system; 0 when the model does not know.
  double network_flops_per_call = 0.0;
  bool double_network = false;  ///< the dense layers run in double
  double mesh_points = 0.0;     ///< an Ewald model's grid points (0: no mesh)
  long long calls = 0;          ///< force calls clocked since the reset

  bool empty() const { return count == 0; }
  /// Appends a stage (ignored past kMaxStages).
  void add(std::string_view name, StageRole role, double seconds) {
    if (count < kMaxStages) stages[static_cast<std::size_t>(count++)] = {name, role, seconds};
  }
  /// Seconds of every stage of `role`.
  double seconds(StageRole role) const {
    double s = 0.0;
    for (int k = 0; k < count; ++k) {
      if (stages[static_cast<std::size_t>(k)].role == role)
        s += stages[static_cast<std::size_t>(k)].seconds;
    }
    return s;
  }
  /// Seconds of all stages.
  double total_seconds() const {
    double s = 0.0;
    for (int k = 0; k < count; ++k) s += stages[static_cast<std::size_t>(k)].seconds;
    return s;
  }
};

}  // namespace mdb
