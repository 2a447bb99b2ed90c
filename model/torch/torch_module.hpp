#pragma once
// The TorchScript adapter (torch_model.hpp) as a program reaches it: a shared module,
// libmdb_torch.so, opened on first use. A process that runs no TorchScript model then never
// loads libtorch, which costs ~0.8 s at start-up (285 shared libraries and libtorch's operator
// registry): every md_bench run and every test process paid it before. Plain C++: no libtorch.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "md/core/system.hpp"
#include "md/force/device_force.hpp"
#include "md/force/force_field.hpp"
#include "md/neighbor/neighbor_list.hpp"
#include "model/torch/torch_model.hpp"

namespace mdb {

/// Bumped whenever TorchModuleApi or what its models do through the md/ interfaces changes, so a
/// stale module is refused rather than misread. 2: models make GPU twins (DeviceForce).
inline constexpr int kTorchModuleVersion = 2;

/// What the program and the module must agree on besides the API, as each was compiled: the C++
/// library's string ABI and the sizes and alignments of the types that cross (a module from a
/// build whose md/ types differ is refused; one whose layouts happen to match is not caught). Not
/// the compiler's version: libstdc++ keeps its ABI across GCC releases, and a module built on
/// another machine against its own libtorch (ci/gpu_session.sh's, against a CUDA libtorch) is
/// compiled by that machine's GCC.
constexpr std::uint64_t torch_module_layout() {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the figures below
  const std::uint64_t figures[] = {
      sizeof(std::string),
      alignof(std::string),
      sizeof(std::vector<std::string>),
      sizeof(System),
      alignof(System),
      sizeof(NeighborList),
      alignof(NeighborList),
      sizeof(NeighborView),
      sizeof(TorchModelInfo),
      sizeof(ForceResult),
      sizeof(ComputeFlags),
      sizeof(StageClocks),
      sizeof(ForceField),
      sizeof(DeviceForce),
      sizeof(DeviceForceOutput),
      sizeof(ImageNeighborView),
#ifdef _GLIBCXX_USE_CXX11_ABI
      _GLIBCXX_USE_CXX11_ABI,
#endif
  };
  for (std::uint64_t f : figures) {
    for (int byte = 0; byte < 8; ++byte) {
      h ^= (f >> (8 * byte)) & 0xffu;
      h *= 1099511628211ull;
    }
  }
  return h;
}

/// What the module exports (mdb_torch_module_api). The model functions take only what `load`
/// returned.
struct TorchModuleApi {
  int version = 0;
  std::uint64_t layout = 0;  ///< torch_module_layout() as the module was compiled
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
/// Throws std::runtime_error, one line: each file tried and why it did not load or was refused (a
/// module of another version or layout), then `remedy`.
const TorchModuleApi& open_torch_module(const std::vector<std::string>& candidates,
                                        const std::string& remedy = "rebuild md_bench");

/// open_torch_module, once per process, over where a build puts the module: the path it was
/// built at, then lib/ beside the program's folder (a build tree moved elsewhere:
/// build/bench/md_bench and build/tests/* find build/lib/). The environment variable
/// MDB_TORCH_MODULE, when set, names the one module tried instead: one built against another
/// libtorch, as ci/gpu_session.sh builds one against the GPU machine's CUDA libtorch.
const TorchModuleApi& torch_module();

}  // namespace mdb
