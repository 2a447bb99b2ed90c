// MACE's LAMMPS export (mace/cli/create_lammps_model.py), as pair_mace loads it with
// no_domain_decomposition: buffers r_max, num_interactions and atomic_numbers on the module, the
// model's dtype that of model.node_embedding.linear.weight; forward(data, local_or_ghost,
// compute_virials) over the dictionary pair_mace builds, returning total_energy_local, node_energy,
// forces and virials (1 x 3 x 3, -dE/d strain).
#include <cmath>

#include "md/structure/elements.hpp"
#include "model/torch/torch_convention.hpp"

namespace mdb {
namespace {

class MaceConvention final : public TorchConvention {
 public:
  MaceConvention(std::string path, bool double_precision, std::int64_t n_elements)
      : path_(std::move(path)), double_precision_(double_precision), n_elements_(n_elements) {}

  std::vector<torch::IValue> inputs(const TorchFrame& f) const override {
    const auto real = double_precision_ ? torch::kFloat64 : torch::kFloat32;
    const auto on = torch::TensorOptions().device(f.pos.device());
    const auto i64 = on.dtype(torch::kInt64);
    const std::int64_t n = f.n_atoms();
    c10::Dict<std::string, torch::Tensor> input;
    input.insert("batch", torch::zeros({n}, i64));
    input.insert("cell", f.cell.to(real));
    input.insert("edge_index", f.edge_index);
    input.insert("energy", torch::zeros({1}, on.dtype(real)));
    input.insert("forces", torch::zeros({n, 3}, on.dtype(real)));
    input.insert("node_attrs", torch::one_hot(f.types, n_elements_).to(real));
    input.insert("positions", f.pos.to(real));
    input.insert("ptr", torch::tensor({std::int64_t{0}, n}, torch::kInt64).to(f.pos.device()));
    input.insert("shifts", torch::matmul(f.edge_shift, f.cell).to(real));
    input.insert("unit_shifts", f.edge_shift.to(real));
    input.insert("weight", torch::ones({1}, on.dtype(real)));
    // Every node is a local atom: edges reach images through their shifts, not ghost nodes.
    const torch::Tensor local = torch::ones({n}, on.dtype(torch::kBool));
    return {input, local, f.virial};
  }

  TorchReturn outputs(const torch::IValue& value, const TorchFrame& f) const override {
    const c10::impl::GenericDict out = output_dict(value, path_);
    TorchReturn r;
    r.forces = model_forces(out, f.n_atoms(), path_);
    r.energy = model_output(out, "total_energy_local", path_).sum();
    if (f.virial) r.virial = read_virial(out, "virials", path_);
    return r;
  }

 private:
  std::string path_;
  bool double_precision_;
  std::int64_t n_elements_;
};

torch::Tensor tensor_attribute(const torch::jit::Module& m, const char* name) {
  if (!m.hasattr(name)) return {};
  const torch::IValue v = m.attr(name);
  return v.isTensor() ? v.toTensor() : torch::Tensor();
}

}  // namespace

TorchModelInfo mace_info(const std::string& path, const torch::jit::Module& module) {
  TorchModelInfo info;
  const torch::Tensor r_max = tensor_attribute(module, "r_max");
  const torch::Tensor numbers = tensor_attribute(module, "atomic_numbers");
  const torch::Tensor layers = tensor_attribute(module, "num_interactions");
  if (!r_max.defined() || !numbers.defined() || !layers.defined()) return info;
  info.convention = "mace";
  info.cutoff = r_max.numel() == 1 ? r_max.item<double>() : 0.0;
  if (!(info.cutoff > 0.0) || !std::isfinite(info.cutoff)) {
    bad_torch_file(path, "r_max is not one positive number");
  }
  const torch::Tensor z = numbers.to(torch::kInt64).flatten().contiguous();
  if (z.numel() == 0) bad_torch_file(path, "atomic_numbers is empty");
  for (std::int64_t k = 0; k < z.numel(); ++k) {
    const std::int64_t number = z.data_ptr<std::int64_t>()[k];
    const std::string_view symbol = element_symbol(static_cast<int>(number));
    if (symbol.empty()) {
      bad_torch_file(path, "atomic_numbers holds " + std::to_string(number) + ", no element");
    }
    info.atomic_numbers.push_back(static_cast<int>(number));
    info.type_names.emplace_back(symbol);
  }
  // pair_mace reads the dtype here; MACE's default, float64, where the file lacks it.
  info.double_precision = true;
  for (const auto& a : module.named_attributes()) {
    if (a.name == "model.node_embedding.linear.weight" && a.value.isTensor()) {
      info.double_precision = a.value.toTensor().scalar_type() == torch::kFloat64;
    }
  }
  return info;
}

std::unique_ptr<TorchConvention> make_mace_convention(const std::string& path,
                                                      const TorchModelInfo& info) {
  return std::make_unique<MaceConvention>(path, info.double_precision,
                                          static_cast<std::int64_t>(info.atomic_numbers.size()));
}

}  // namespace mdb
