#pragma once
// How md_bench talks to a deployed model in one convention: what it packs from md's step and
// what it reads back. Private to mdb_torch: it includes libtorch, which torch_model.hpp keeps
// out of its users. Conventions: torch_nequip.cpp (nequip-deploy <= 0.6, nequip-compile >= 0.7),
// torch_mace.cpp (MACE's LAMMPS export); torch_load.cpp tells them apart.
#include <torch/script.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/call_stages.hpp"
#include "model/torch/torch_model.hpp"

namespace mdb {

/// One step, in md's terms, as tensors on the device the model runs on (the CPU for TorchModel,
/// the GPU for its device twin): n local atoms' positions (n x 3 float64, Angstrom) and model type
/// indices (n int64), the edges (2 x E int64) with their cell shifts (E x 3 float64, in cell
/// vectors), and the cell (3 x 3 float64, rows the cell vectors, Angstrom).
struct TorchFrame {
  torch::Tensor pos, types, edge_index, edge_shift, cell;
  bool virial = false;  ///< the step needs the virial
  std::int64_t n_atoms() const { return pos.size(0); }
};

/// What the model gave, on the frame's device: energy (0-dimensional, eV), forces (n x 3,
/// contiguous) and, when it gives one, the virial -dE/d strain (3 x 3, eV; undefined when not),
/// each float64.
struct TorchReturn {
  torch::Tensor energy, forces, virial;
};

/// A torch route's stage clocks, on the CPU or the GPU alike: the edge list and inputs, the model
/// call, the copy back.
inline StageClocks torch_stage_clocks(const CallStages& stages, const TorchModelInfo& info) {
  return stages.clocks("edge list", "model call", "copy back", info.double_precision);
}

/// md's virial W_ab = sum r_a f_b in LAMMPS order xx yy zz xy xz yz from a 3 x 3 -dE/d strain,
/// its two halves averaged (6 float64 values on the virial's device).
torch::Tensor lammps_order_virial(const torch::Tensor& virial);

class TorchConvention {
 public:
  virtual ~TorchConvention() = default;
  virtual std::vector<torch::IValue> inputs(const TorchFrame& frame) const = 0;
  /// Throws std::runtime_error naming the file for an output that is missing or misshapen.
  virtual TorchReturn outputs(const torch::IValue& out, const TorchFrame& frame) const = 0;
};

struct LoadedTorchModel {
  torch::jit::Module module;
  TorchModelInfo info;
  std::unique_ptr<TorchConvention> convention;
};

/// Loads `path` and finds its convention (torch_load.cpp). Throws std::invalid_argument, one line
/// naming the file, for anything md_bench cannot run.
LoadedTorchModel load_torch_model(const std::string& path);

/// The metadata keys any NequIP-family export may carry (torch::jit::load fills those present).
std::unordered_map<std::string, std::string> nequip_metadata_keys();
/// The NequIP-family conventions, from the file's metadata; empty info.convention when the
/// metadata is none of them.
TorchModelInfo nequip_info(const std::string& path,
                           std::unordered_map<std::string, std::string>& meta);
std::unique_ptr<TorchConvention> make_nequip_convention(const std::string& path,
                                                        const TorchModelInfo& info);
/// MACE's LAMMPS export, from the module's attributes; empty info.convention when it lacks them.
TorchModelInfo mace_info(const std::string& path, const torch::jit::Module& module);
std::unique_ptr<TorchConvention> make_mace_convention(const std::string& path,
                                                      const TorchModelInfo& info);

/// Shared by the conventions.
[[noreturn]] void bad_torch_file(const std::string& path, const std::string& what);
/// libtorch's messages run over many lines (a C++ stack, the TorchScript source): the first line
/// says what happened.
std::string first_line(const std::string& what);
/// The output `key` of a dictionary-returning model as a contiguous float64 tensor; throws
/// std::runtime_error naming the file when it is missing or None.
torch::Tensor model_output(const c10::impl::GenericDict& out, const char* key,
                           const std::string& path);
/// The output "forces" as n x 3 float64; throws std::runtime_error naming the file when it is
/// missing or has another size.
torch::Tensor model_forces(const c10::impl::GenericDict& out, std::int64_t n_atoms,
                           const std::string& path);
/// The model's output as a dictionary; throws std::runtime_error naming the file when it is not.
c10::impl::GenericDict output_dict(const torch::IValue& value, const std::string& path);
/// The 3 x 3 virial under `key` (float64) when the dictionary has one (not None), else an
/// undefined tensor. Throws std::runtime_error naming the file for another shape.
torch::Tensor read_virial(const c10::impl::GenericDict& out, const char* key,
                          const std::string& path);
/// module.forward(inputs); throws std::runtime_error naming the file, with the first line of the
/// model's own message, when the forward pass raises.
torch::IValue forward_or_throw(torch::jit::Module& module, std::vector<torch::IValue> inputs,
                               const std::string& path);
/// Whether the dictionary has `key` holding a tensor (not None).
bool has_output(const c10::impl::GenericDict& out, const char* key);

}  // namespace mdb
