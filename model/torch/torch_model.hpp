#pragma once
// A user's TorchScript potential as a ForceField: the file a NequIP or Allegro training deploys
// (nequip-deploy), run through libtorch on the CPU with md's full neighbour list as edges with
// cell shifts. No Python at benchmark time. Plain C++: libtorch stays in torch_model.cpp.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/torch/torch_edges.hpp"

namespace mdb {

/// What a deployed file says about itself (its metadata), read at load.
struct TorchModelInfo {
  std::string convention;               ///< "nequip" (nequip-deploy <= 0.6, Allegro alike)
  std::string version;                  ///< e.g. nequip_version
  double cutoff = 0.0;                  ///< r_max (Angstrom)
  std::vector<std::string> type_names;  ///< the model's species, in its type order
  bool double_precision = false;        ///< model_dtype float64 (else float32)
};

/// E, forces and (when the model outputs it) the virial of a deployed model. Inputs per call,
/// as pair_nequip gives them: pos (n x 3, local atoms), edge_index (2 x E), edge_cell_shift
/// (E x 3), cell (3 x 3, rows the cell vectors), atom_types (n); outputs total_energy, forces and
/// virial (-dE/d strain, eV; NequIP's sign, which is md's W = sum r f). Runs libtorch on one
/// thread (md_bench's cpu rows are one thread).
class TorchModel final : public ForceField {
 public:
  /// Loads `path`. Throws std::invalid_argument with one line naming the file: missing or
  /// unreadable, not TorchScript this libtorch can load (a newer PyTorch's export may not load
  /// in an older libtorch), or in no known convention.
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

  const TorchModelInfo& info() const { return info_; }
  /// Whether the model outputs a virial (without one the virial is NaN: no pressure, no NPT).
  bool gives_virial() const { return gives_virial_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string path_, name_;
  TorchModelInfo info_;
  bool gives_virial_ = true;
  std::vector<std::int64_t> types_;  ///< per local atom: the model's type index
  std::vector<double> pos_;          ///< n x 3
  TorchEdges edges_;
  std::array<std::uint64_t, 3> ticks_{};
  long long calls_ = 0;
};

}  // namespace mdb
