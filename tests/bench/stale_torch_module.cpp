// A module that is not this build's (tests/bench/test_torch_module.cpp): the entry point of
// model/torch/torch_module.cpp with its version (MDB_STALE_VERSION) or its layout
// (MDB_STALE_LAYOUT) one off, and no functions.
#include "model/torch/torch_module.hpp"

extern "C" __attribute__((visibility("default"))) const mdb::TorchModuleApi*
mdb_torch_module_api() {
  static const mdb::TorchModuleApi api{
#ifdef MDB_STALE_VERSION
      mdb::kTorchModuleVersion + 1, mdb::torch_module_layout(),
#else
      mdb::kTorchModuleVersion, mdb::torch_module_layout() + 1,
#endif
      nullptr, nullptr, nullptr};
  return &api;
}
