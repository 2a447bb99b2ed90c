#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "model/torch/torch_module.hpp"

namespace mdb {
namespace {

// dlerror()'s text after a failed call, on one line.
std::string last_dl_error() {
  const char* e = ::dlerror();
  std::string s = e != nullptr ? e : "unknown error";
  for (char& c : s) {
    if (c == '\n') c = ' ';
  }
  return s;
}

}  // namespace

const TorchModuleApi& open_torch_module(const std::vector<std::string>& candidates,
                                        const std::string& remedy) {
  std::string tried;
  auto refuse = [&](const std::string& why) {
    tried.append(tried.empty() ? "" : "; ").append(why);
  };
  std::vector<std::string> seen;  // a file named twice (a link, a relative path) is tried once
  for (const std::string& file : candidates) {
    if (file.empty()) continue;
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(file, ec);
    const std::string key = ec ? file : canonical.string();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    // Never closed: models the module made may live until the process exits.
    void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      // dlerror() names the file when it is the one missing, not when a library it needs is.
      const std::string why = last_dl_error();
      refuse(why.starts_with(file) ? why : file + ": " + why);
      continue;
    }
    using Entry = const TorchModuleApi* (*)();
    auto entry = reinterpret_cast<Entry>(::dlsym(handle, kTorchModuleEntry));
    const TorchModuleApi* api = entry != nullptr ? entry() : nullptr;
    if (api == nullptr) {
      refuse(file + " is not md_bench's TorchScript module (no " + kTorchModuleEntry + ")");
    } else if (api->version != kTorchModuleVersion || api->layout != torch_module_layout()) {
      refuse(file + " is another build's TorchScript module (" +
             (api->version != kTorchModuleVersion
                  ? "version " + std::to_string(api->version) + ", expected " +
                        std::to_string(kTorchModuleVersion)
                  : std::string("other type layouts")) +
             ")");
    } else {
      return *api;
    }
  }
  throw std::runtime_error(
      "TorchScript models need md_bench's libtorch module, which did not load (" +
      (tried.empty() ? std::string("no file to try") : tried) + "): " + remedy);
}

namespace {

std::string beside_program() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return (exe.parent_path().parent_path() / "lib" / kTorchModuleFile).string();
}

}  // namespace

const TorchModuleApi& torch_module() {
  // A failed first call (a static's initialiser that throws) is tried again by the next one.
  static const TorchModuleApi& api = []() -> const TorchModuleApi& {
    const char* chosen = std::getenv("MDB_TORCH_MODULE");
    if (chosen != nullptr && *chosen != '\0') {
      return open_torch_module(
          {chosen},
          "unset MDB_TORCH_MODULE, or build the module it names again (ci/torch_module_build.sh)");
    }
    return open_torch_module({MDB_TORCH_MODULE_PATH, beside_program()});
  }();
  return api;
}

}  // namespace mdb
