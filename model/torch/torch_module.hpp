#pragma once
// The TorchScript adapter (torch_model.hpp) as a program reaches it: a shared module,
// libmdb_torch.so, opened on first use. A process that runs no TorchScript model then never
// loads libtorch, which costs ~0.8 s at start-up (285 shared libraries and libtorch's operator
// registry): every md_bench run and every test process paid it before. Plain C++: no libtorch.
#include <memory>
#include <string>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/torch/torch_model.hpp"

namespace mdb {

/// Bumped whenever TorchModuleApi changes, so a stale module is refused rather than misread.
inline constexpr int kTorchModuleVersion = 1;

/// What the module exports (mdb_torch_module_api). The model functions take only what `load`
/// returned.
struct TorchModuleApi {
  int version = 0;
  /// A TorchModel of `path`; throws what its constructor throws (std::invalid_argument, one line
  /// naming the file).
  std::unique_ptr<ForceField> (*load)(const std::string& path) = nullptr;
  /// TorchModel::check_species.
  void (*check_species)(const ForceField& model, const std::vector<std::string>& names) = nullptr;
  /// TorchModel::info.
  const TorchModelInfo& (*info)(const ForceField& model) = nullptr;
};

/// The module's file name, and the module's entry point's (extern "C") name.
inline constexpr const char* kTorchModuleFile = "libmdb_torch.so";
inline constexpr const char* kTorchModuleEntry = "mdb_torch_module_api";

/// The API of the first of `candidates` that loads (kept open for the life of the process).
/// Throws std::runtime_error, one line: each file tried and why it did not load, or a module of
/// another version.
const TorchModuleApi& open_torch_module(const std::vector<std::string>& candidates);

/// open_torch_module, once per process, over where a build puts the module: the path it was
/// built at, then lib/ beside the program's folder (a build tree moved elsewhere:
/// build/bench/md_bench and build/tests/* find build/lib/).
const TorchModuleApi& torch_module();

}  // namespace mdb
