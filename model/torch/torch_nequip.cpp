// The NequIP family (NequIP and Allegro), in both deployed conventions:
//  - "nequip-0.6": nequip-deploy <= 0.6, as pair_nequip loads it. Metadata nequip_version, r_max,
//    n_species, type_names, model_dtype; inputs in the model's dtype, cell 3 x 3; the energy is
//    the total_energy output.
//  - "nequip": nequip-compile (NequIP >= 0.7), as pair_nequip_allegro loads it. Metadata r_max,
//    type_names, num_types, per_edge_type_cutoff; inputs in float64 whatever the model computes
//    in, cell 1 x 3 x 3; the energy is the sum of atomic_energy.
// Both: a dictionary of pos, edge_index, edge_cell_shift, cell, atom_types in, forces and virial
// (-dE/d strain, 1 x 3 x 3) out.
#include <charconv>
#include <cmath>
#include <sstream>

#include "model/torch/torch_convention.hpp"

namespace mdb {
namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

double positive_number(const std::string& path, const char* key, const std::string& text) {
  double x = 0.0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), x);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !(x > 0.0) ||
      !std::isfinite(x)) {
    bad_torch_file(path, std::string(key) + " '" + text + "' is not a positive number");
  }
  return x;
}

class NequipConvention final : public TorchConvention {
 public:
  NequipConvention(std::string path, bool legacy, bool double_precision)
      : path_(std::move(path)), legacy_(legacy), double_precision_(double_precision) {}

  std::vector<torch::IValue> inputs(const TorchFrame& f) const override {
    // nequip-compile's models take float64 and cast inside; nequip-deploy's take their own dtype.
    const auto real = !legacy_ || double_precision_ ? torch::kFloat64 : torch::kFloat32;
    c10::Dict<std::string, torch::Tensor> input;
    input.insert("pos", f.pos.to(real));
    input.insert("edge_index", f.edge_index);
    input.insert("edge_cell_shift", f.edge_shift.to(real));
    const torch::Tensor cell = f.cell.to(real);
    input.insert("cell", legacy_ ? cell : cell.unsqueeze(0));
    input.insert("atom_types", f.types);
    return {input};
  }

  TorchReturn outputs(const torch::IValue& value, const TorchFrame& f) const override {
    const c10::impl::GenericDict out = output_dict(value, path_);
    TorchReturn r;
    r.forces = model_forces(out, f.n_atoms(), path_);
    // pair_nequip_allegro sums atomic_energy over local atoms; nequip-deploy's pair_nequip reads
    // total_energy.
    r.energy = model_output(out, legacy_ ? "total_energy" : "atomic_energy", path_).sum();
    r.virial = read_virial(out, "virial", path_);
    return r;
  }

 private:
  std::string path_;
  bool legacy_, double_precision_;
};

}  // namespace

std::unordered_map<std::string, std::string> nequip_metadata_keys() {
  std::unordered_map<std::string, std::string> meta;
  for (const char* key : {"nequip_version", "r_max", "n_species", "type_names", "model_dtype",
                          "num_types", "per_edge_type_cutoff"}) {
    meta[key] = "";
  }
  return meta;
}

TorchModelInfo nequip_info(const std::string& path,
                           std::unordered_map<std::string, std::string>& meta) {
  TorchModelInfo info;
  // nequip-compile writes num_types; nequip-deploy wrote n_species and a nequip_version.
  if (!meta["num_types"].empty()) {
    info.convention = "nequip";
  } else if (!meta["nequip_version"].empty()) {
    info.convention = "nequip-0.6";
  } else {
    return info;
  }
  info.version = meta["nequip_version"];
  info.cutoff = positive_number(path, "r_max", meta["r_max"]);
  info.type_names = words(meta["type_names"]);
  if (info.type_names.empty()) bad_torch_file(path, "type_names is empty");
  const std::string& count = info.convention == "nequip" ? meta["num_types"] : meta["n_species"];
  const char* count_key = info.convention == "nequip" ? "num_types" : "n_species";
  if (!count.empty() && count != std::to_string(info.type_names.size())) {
    bad_torch_file(path, std::string(count_key) + " " + count + " does not match the " +
                             std::to_string(info.type_names.size()) + " type_names");
  }
  const std::string& dtype = meta["model_dtype"];
  if (dtype == "float64") {
    info.double_precision = true;
  } else if (!dtype.empty() && dtype != "float32") {
    bad_torch_file(path, "model_dtype '" + dtype + "' is neither float32 nor float64");
  }
  const std::vector<std::string> cuts = words(meta["per_edge_type_cutoff"]);
  if (!cuts.empty()) {
    const std::size_t n = info.type_names.size();
    if (cuts.size() != n * n) {
      bad_torch_file(path, "per_edge_type_cutoff has " + std::to_string(cuts.size()) +
                               " values for " + std::to_string(n) + " types (needs " +
                               std::to_string(n * n) + ")");
    }
    for (const std::string& c : cuts) {
      const double r = positive_number(path, "per_edge_type_cutoff", c);
      if (r > info.cutoff) {
        bad_torch_file(path, "per_edge_type_cutoff " + c + " exceeds r_max " + meta["r_max"]);
      }
      info.edge_cutoffs.push_back(r);
    }
  }
  return info;
}

std::unique_ptr<TorchConvention> make_nequip_convention(const std::string& path,
                                                        const TorchModelInfo& info) {
  return std::make_unique<NequipConvention>(path, info.convention == "nequip-0.6",
                                            info.double_precision);
}

}  // namespace mdb
