#pragma once
// A user's TorchScript potential as a ForceField: the file a NequIP, Allegro or MACE training
// deploys for LAMMPS, run through libtorch on the CPU with md's full neighbour list as edges with
// cell shifts. No Python at benchmark time. Plain C++: libtorch stays in the .cpp files.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/call_stages.hpp"
#include "model/torch/torch_edges.hpp"

namespace mdb {

/// What a deployed file says about itself (its metadata or attributes), read at load.
struct TorchModelInfo {
  /// "nequip-0.6" (nequip-deploy <= 0.6, Allegro alike), "nequip" (nequip-compile, NequIP >=
  /// 0.7, Allegro alike) or "mace" (MACE's LAMMPS export).
  std::string convention;
  std::string version;  ///< nequip_version where the file has it
  double cutoff = 0.0;  ///< r_max (Angstrom)
  /// The model's species in its type order: NequIP's type_names, or for MACE the element
  /// symbols of its atomic_numbers (species map to them by name either way).
  std::vector<std::string> type_names;
  std::vector<int> atomic_numbers;   ///< MACE's, else empty
  std::vector<double> edge_cutoffs;  ///< per_edge_type_cutoff (types x types, A), or empty
  bool double_precision = false;     ///< computes in float64 (else float32)
};

/// E, forces and (when the model outputs it) the virial of a deployed model, called as the
/// LAMMPS plugin of its convention calls it (pair_nequip, pair_nequip_allegro, pair_mace
/// no_domain_decomposition; see torch_nequip.cpp, torch_mace.cpp): local atoms only, edges to
/// their periodic images as whole-cell shifts, the virial -dE/d strain (eV; md's W = sum r f).
/// Runs libtorch on one thread (md_bench's cpu rows are one thread).
class TorchModel final : public ForceField {
 public:
  /// Loads `path`. Throws std::invalid_argument with one line naming the file: missing or
  /// unreadable, not TorchScript this libtorch can load (a newer PyTorch's export may not load
  /// in an older libtorch), in no known convention, or metadata that contradicts itself.
  explicit TorchModel(std::string path);
  ~TorchModel() override;

  std::string_view name() const override { return name_; }
  double cutoff() const override { return info_.cutoff; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  /// Maps the system's species to the model's type_names by name (check_species first).
  void bind(const System& system) override;
  /// Throws std::invalid_argument, one line naming the file, a species of `names` the model
  /// lacks and the ones it has.
  void check_species(const std::vector<std::string>& names) const;
  /// Throws std::runtime_error with the model's own message when its forward pass raises.
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;
  /// edge list, model call, copy back.
  StageClocks stage_times() const override;
  void reset_stage_times() override;

  /// Backend::Cuda where md was built with CUDA and libtorch has CUDA and sees a GPU (a user's
  /// CUDA libtorch, CMAKE_PREFIX_PATH; Debian's is CPU-only).
  bool supports(Backend backend) const override;
  /// The model on the GPU over the engine's own arrays (TorchForceDevice), after bind(system);
  /// nullptr where supports(Backend::Cuda) is false.
  std::unique_ptr<DeviceForce> make_device_twin(const System& system) const override;
  /// libtorch waits for the device inside a call (it reads edge counts back): no CUDA graph.
  bool device_twin_capturable() const override { return false; }
  /// The device twin's code on libtorch's CPU device, over device-engine arrays in host memory,
  /// after bind(): what the tests compare with compute() where no GPU is.
  std::unique_ptr<DeviceForce> make_host_memory_twin() const;

  const TorchModelInfo& info() const { return info_; }
  /// Whether the model outputs a virial (without one the virial is NaN: no pressure, no NPT).
  bool gives_virial() const { return gives_virial_; }

 private:
  /// The bound system's species map; throws std::logic_error naming `caller` before bind().
  const std::vector<std::int64_t>& bound_species(const char* caller) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string path_, name_;
  TorchModelInfo info_;
  bool gives_virial_ = true;
  std::vector<std::int64_t> types_;            ///< per local atom: the model's type index
  std::vector<std::int64_t> species_to_type_;  ///< the bound system's species: model types
  std::vector<double> pos_;                    ///< n x 3
  std::array<double, 9> cell_{};               ///< rows the cell vectors (Angstrom)
  TorchEdges edges_;
  TypePairCutoffs pair_cutoffs_;
  CallStages stages_;
};

}  // namespace mdb
