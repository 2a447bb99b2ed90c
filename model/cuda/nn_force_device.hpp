#pragma once
// The ANI-style NN potential (model/nnp/) as a DeviceForce for the device MD engine. Plain C++:
// no CUDA headers, so engine and tests include it with g++.
#include <memory>
#include <string>
#include <vector>

#include "md/force/device_force.hpp"

namespace mdb {

struct NnSpec;

/// Cumulative device time of NnForceDevice's stages (seconds, CUDA events) over `calls` timed
/// compute() calls: the baseline's force call, the descriptor, the dense layers (forward,
/// output and backward to dE/dAEV), and the descriptor's backward pass (forces and virial).
struct NnDeviceStageTimes {
  double baseline = 0, descriptor = 0, network = 0, descriptor_backward = 0;
  long long calls = 0;
};

/// E = E_baseline + sum_i (NN_{s(i)}(AEV_i) + shift_{s(i)}) on the GPU, in the arithmetic of
/// NnPotential<float>: float descriptors and networks, double forces and sums. Per step: the
/// baseline's compute() (when there is one: it overwrites the forces, the network adds), one
/// descriptor kernel (a thread per atom), one kernel per dense layer forward (a thread per neuron
/// of 8 atoms), the output layer, one kernel per hidden layer backward, one descriptor-backward
/// kernel (forces by double atomics, virial per term). A network whose levels are all at most
/// kNnFusedMaxWidth (128) wide (the student) runs its dense layers, output and backward as one
/// fused launch instead (a block per 8 atoms, phases between barriers), the same arithmetic.
/// Weights live on the device from construction; scratch is sized by reserve(), so compute()
/// allocates nothing, synchronises nothing (unless stage timing is on) and can be captured into a
/// CUDA graph.
///
/// Not thread-safe; uses the current CUDA device.
class NnForceDevice final : public DeviceForce {
 public:
  /// Packs `spec` for a system whose species are named `system_species` (index = the list's
  /// species value) and copies it to the device. Throws std::invalid_argument for a species
  /// without a network or a spec the bodies cannot run (model/nnp/nn_device_pack.hpp), and
  /// std::runtime_error when a CUDA call fails (e.g. no device).
  NnForceDevice(const NnSpec& spec, const std::vector<std::string>& system_species,
                std::unique_ptr<DeviceForce> baseline = nullptr);
  ~NnForceDevice() override;
  NnForceDevice(const NnForceDevice&) = delete;
  NnForceDevice& operator=(const NnForceDevice&) = delete;

  double cutoff() const override;
  void reserve(int n, int atoms_per_replica) override;
  /// Throws std::logic_error when list.n exceeds the reserved count or the replica size differs
  /// from reserve()'s (no allocation happens here).
  void compute(const ImageNeighborView& list, const DeviceForceOutput& out, bool energy_virial,
               CUstream_st* stream) override;

  /// Waits for the last call and throws std::runtime_error naming the problem when a kernel met
  /// more neighbours inside the angular cutoff than it holds (kNnMaxAngularNeighbors) or an atom
  /// species outside the bound table since the last check (then clears it). Outside the step
  /// loop: it synchronises.
  void check_errors() override;

  /// Whether the dense layers run as one fused launch (on by default where the network allows).
  bool fused_network() const;
  /// Forces the layered launches (off) or the fused one (on; throws std::invalid_argument for a
  /// network too wide or deep to fuse). Both give the same forces; the energy sums differ in
  /// rounding (atomics in another order).
  void set_fused_network(bool on);

  /// Stage timing with CUDA events, off by default. While on, each compute() waits for the
  /// previous one's events (a host synchronisation per step), so leave it off for the
  /// throughput numbers and under graph capture. Returns true.
  bool set_stage_timing(bool on) override;
  /// The timed calls' four stages (NnDeviceStageTimes, by name); waits for the last call. The
  /// network's FLOPs are the host model's to say (NnPotential::stage_times).
  StageClocks stage_times() override;
  void reset_stage_times() override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
