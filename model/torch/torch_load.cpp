// Loading a deployed file and telling its convention from what it carries: NequIP's metadata
// files (torch_nequip.cpp) or MACE's module attributes (torch_mace.cpp).
#include <torch/version.h>

#include <algorithm>
#include <filesystem>

#include "model/torch/torch_convention.hpp"

namespace mdb {

void bad_torch_file(const std::string& path, const std::string& what) {
  throw std::invalid_argument(path + ": " + what);
}

std::string first_line(const std::string& what) {
  return what.substr(0, what.find('\n'));
}

torch::IValue forward_or_throw(torch::jit::Module& module, std::vector<torch::IValue> inputs,
                               const std::string& path) {
  try {
    return module.forward(std::move(inputs));
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": the model raised: " + first_line(e.what()));
  }
}

bool has_output(const c10::impl::GenericDict& out, const char* key) {
  return out.contains(key) && out.at(key).isTensor();
}

torch::Tensor model_output(const c10::impl::GenericDict& out, const char* key,
                           const std::string& path) {
  if (!has_output(out, key)) {
    throw std::runtime_error(path + ": the model gives no '" + key + "' output");
  }
  // Read, never differentiated again: detached, so writing it into md's arrays records nothing.
  return out.at(key).toTensor().detach().to(torch::kFloat64).contiguous();
}

torch::Tensor model_forces(const c10::impl::GenericDict& out, std::int64_t n_atoms,
                           const std::string& path) {
  torch::Tensor forces = model_output(out, "forces", path);
  if (forces.numel() != 3 * n_atoms) {
    throw std::runtime_error(path + ": 'forces' has " + std::to_string(forces.numel()) +
                             " values for " + std::to_string(n_atoms) + " atoms");
  }
  return forces;
}

c10::impl::GenericDict output_dict(const torch::IValue& value, const std::string& path) {
  if (!value.isGenericDict()) throw std::runtime_error(path + ": the model returned no dictionary");
  return value.toGenericDict();
}

torch::Tensor read_virial(const c10::impl::GenericDict& out, const char* key,
                          const std::string& path) {
  if (!has_output(out, key)) return {};
  const torch::Tensor w = model_output(out, key, path);
  if (w.numel() != 9) {
    throw std::runtime_error(path + ": '" + std::string(key) + "' is not 3 x 3");
  }
  return w.reshape({3, 3});
}

torch::Tensor lammps_order_virial(const torch::Tensor& v) {
  return torch::stack({v[0][0], v[1][1], v[2][2], 0.5 * (v[0][1] + v[1][0]),
                       0.5 * (v[0][2] + v[2][0]), 0.5 * (v[1][2] + v[2][1])});
}

LoadedTorchModel load_torch_model(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) bad_torch_file(path, "cannot open (no such file)");
  if (std::filesystem::is_directory(path, ec)) bad_torch_file(path, "is a directory, not a model");
  if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".pt2") == 0) {
    bad_torch_file(
        path,
        "is an AOTInductor package (nequip-compile --mode aotinductor), which needs "
        "libtorch >= 2.6 and is not read; compile with --mode torchscript (.nequip.pth)");
  }
  LoadedTorchModel m;
  std::unordered_map<std::string, std::string> meta = nequip_metadata_keys();
  try {
    m.module = torch::jit::load(path, torch::kCPU, meta);
  } catch (const std::exception& e) {
    bad_torch_file(path, "not a TorchScript file this libtorch (" + std::string(TORCH_VERSION) +
                             ") can load (a newer PyTorch's export may need a newer libtorch): " +
                             first_line(e.what()));
  }
  m.info = nequip_info(path, meta);
  if (!m.info.convention.empty()) {
    m.convention = make_nequip_convention(path, m.info);
  } else {
    m.info = mace_info(path, m.module);
    if (m.info.convention.empty()) {
      bad_torch_file(path,
                     "in no convention md_bench reads: neither NequIP's metadata (nequip-deploy, "
                     "nequip-compile, Allegro alike) nor MACE's LAMMPS export (r_max, "
                     "num_interactions, atomic_numbers)");
    }
    m.convention = make_mace_convention(path, m.info);
  }
  m.module.eval();
  return m;
}

}  // namespace mdb
