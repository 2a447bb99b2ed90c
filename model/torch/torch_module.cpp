// The entry point of libmdb_torch.so (torch_module.hpp): TorchModel behind plain function
// pointers, so the program that opens the module needs no symbol of it at link time.
#include "model/torch/torch_module.hpp"

namespace mdb {
namespace {

std::unique_ptr<ForceField> load(const std::string& path) {
  return std::make_unique<TorchModel>(path);
}

void check_species(const ForceField& model, const std::vector<std::string>& names) {
  static_cast<const TorchModel&>(model).check_species(names);
}

const TorchModelInfo& info(const ForceField& model) {
  return static_cast<const TorchModel&>(model).info();
}

}  // namespace
}  // namespace mdb

extern "C" __attribute__((visibility("default"))) const mdb::TorchModuleApi*
mdb_torch_module_api() {
  static const mdb::TorchModuleApi api{mdb::kTorchModuleVersion, mdb::torch_module_layout(),
                                       &mdb::load, &mdb::check_species, &mdb::info};
  return &api;
}
