#include "model/torch/torch_model.hpp"

#include <ATen/Parallel.h>
#include <torch/script.h>
#include <torch/version.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "md/core/phase_timer.hpp"

namespace mdb {
namespace {

// libtorch's messages run over many lines (a C++ stack, the TorchScript source): the first line
// says what happened.
std::string first_line(const std::string& what) {
  return what.substr(0, what.find('\n'));
}

[[noreturn]] void bad_file(const std::string& path, const std::string& what) {
  throw std::invalid_argument(path + ": " + what);
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out.append(out.empty() ? "" : ", ").append(n);
  return out;
}

// The metadata keys nequip-deploy writes next to the model.
const char* const kNequipKeys[] = {"nequip_version", "r_max", "n_species", "type_names",
                                   "model_dtype"};

TorchModelInfo nequip_info(const std::string& path,
                           std::unordered_map<std::string, std::string>& meta) {
  TorchModelInfo info;
  info.convention = "nequip";
  info.version = meta["nequip_version"];
  const std::string& r_max = meta["r_max"];
  const auto r = std::from_chars(r_max.data(), r_max.data() + r_max.size(), info.cutoff);
  if (r.ec != std::errc() || !(info.cutoff > 0.0) || !std::isfinite(info.cutoff)) {
    bad_file(path, "r_max '" + r_max + "' is not a positive number");
  }
  info.type_names = words(meta["type_names"]);
  if (info.type_names.empty()) bad_file(path, "type_names is empty");
  if (!meta["n_species"].empty() && meta["n_species"] != std::to_string(info.type_names.size())) {
    bad_file(path, "n_species " + meta["n_species"] + " does not match the " +
                       std::to_string(info.type_names.size()) + " type_names");
  }
  const std::string& dtype = meta["model_dtype"];
  if (dtype == "float64") {
    info.double_precision = true;
  } else if (!dtype.empty() && dtype != "float32") {
    bad_file(path, "model_dtype '" + dtype + "' is neither float32 nor float64");
  }
  return info;
}

}  // namespace

struct TorchModel::Impl {
  torch::jit::Module module;
};

TorchModel::TorchModel(std::string path) : impl_(std::make_unique<Impl>()), path_(std::move(path)) {
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) bad_file(path_, "cannot open (no such file)");
  if (std::filesystem::is_directory(path_, ec)) bad_file(path_, "is a directory, not a model");
  std::unordered_map<std::string, std::string> meta;
  for (const char* key : kNequipKeys) meta[key] = "";
  try {
    impl_->module = torch::jit::load(path_, torch::kCPU, meta);
  } catch (const std::exception& e) {
    bad_file(path_, "not a TorchScript file this libtorch (" + std::string(TORCH_VERSION) +
                        ") can load (a newer PyTorch's export may need a newer libtorch): " +
                        first_line(e.what()));
  }
  if (meta["nequip_version"].empty()) {
    bad_file(path_,
             "in no convention md_bench reads: no nequip_version metadata (a model deployed "
             "with nequip-deploy or Allegro's, as pair_nequip and pair_allegro load them)");
  }
  info_ = nequip_info(path_, meta);
  impl_->module.eval();
  // md_bench's cpu rows run one thread; libtorch would take every core.
  at::set_num_threads(1);
  name_ = "torch:" + std::filesystem::path(path_).filename().string();
}

TorchModel::~TorchModel() = default;

void TorchModel::check_species(const std::vector<std::string>& names) const {
  for (const std::string& name : names) {
    if (std::find(info_.type_names.begin(), info_.type_names.end(), name) ==
        info_.type_names.end()) {
      throw std::invalid_argument(path_ + ": the model has no species '" + name + "' (it covers " +
                                  joined(info_.type_names) + ")");
    }
  }
}

void TorchModel::bind(const System& system) {
  const auto& species = system.species_table();
  std::vector<std::string> names;
  for (const Species& s : species) names.push_back(s.name);
  check_species(names);
  std::vector<std::int64_t> map(species.size());
  for (std::size_t s = 0; s < species.size(); ++s) {
    map[s] = std::find(info_.type_names.begin(), info_.type_names.end(), names[s]) -
             info_.type_names.begin();
  }
  const std::size_t n = system.size();
  types_.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    types_[i] = map[static_cast<std::size_t>(system.species()[i])];
  pos_.resize(3 * n);
}

ForceResult TorchModel::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (types_.size() != system.size()) {
    throw std::logic_error(name_ + ": compute() before bind() or after the system changed size");
  }
  if (list.kind() != NeighborKind::Full) {
    throw std::invalid_argument(name_ + ": needs a full neighbour list");
  }
  const std::uint64_t t0 = PhaseTimer::now();
  const NeighborView v = list.view();
  const auto& len = system.box().lengths();
  const double box[3] = {len[0], len[1], len[2]};
  torch_edges_from_full_list(v, box, info_.cutoff, edges_);
  const std::int64_t n = v.n_local;
  for (std::int64_t i = 0; i < n; ++i) {
    pos_[3 * i] = v.x[i];
    pos_[3 * i + 1] = v.y[i];
    pos_[3 * i + 2] = v.z[i];
  }
  const std::uint64_t t1 = PhaseTimer::now();

  const auto real = info_.double_precision ? torch::kFloat64 : torch::kFloat32;
  const auto f64 = torch::TensorOptions().dtype(torch::kFloat64);
  const auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  const double cell[9] = {box[0], 0, 0, 0, box[1], 0, 0, 0, box[2]};
  c10::Dict<std::string, torch::Tensor> input;
  input.insert("pos", torch::from_blob(pos_.data(), {n, 3}, f64).to(real));
  input.insert("edge_index", torch::from_blob(edges_.index.data(), {2, edges_.count}, i64));
  input.insert("edge_cell_shift",
               torch::from_blob(edges_.shift.data(), {edges_.count, 3}, f64).to(real));
  input.insert("cell", torch::from_blob(const_cast<double*>(cell), {3, 3}, f64).to(real));
  input.insert("atom_types", torch::from_blob(types_.data(), {n}, i64));
  c10::impl::GenericDict out(c10::StringType::get(), c10::TensorType::get());
  try {
    out = impl_->module.forward({input}).toGenericDict();
  } catch (const std::exception& e) {
    throw std::runtime_error(path_ + ": the model raised: " + first_line(e.what()));
  }
  const std::uint64_t t2 = PhaseTimer::now();

  auto output = [&](const char* key) -> torch::Tensor {
    if (!out.contains(key)) {
      throw std::runtime_error(path_ + ": the model gives no '" + key + "' output");
    }
    return out.at(key).toTensor().to(torch::kFloat64).contiguous();
  };
  const torch::Tensor forces = output("forces");
  if (forces.numel() != 3 * n) {
    throw std::runtime_error(path_ + ": 'forces' has " + std::to_string(forces.numel()) +
                             " values for " + std::to_string(n) + " atoms");
  }
  const double* f = forces.data_ptr<double>();
  auto fx = system.fx(), fy = system.fy(), fz = system.fz();
  for (std::int64_t i = 0; i < n; ++i) {
    fx[i] = f[3 * i];
    fy[i] = f[3 * i + 1];
    fz[i] = f[3 * i + 2];
  }
  ForceResult r;
  if (flags.energy) r.energy = output("total_energy").sum().item<double>();
  if (flags.virial) {
    gives_virial_ = out.contains("virial");
    if (gives_virial_) {
      const torch::Tensor w = output("virial").reshape({3, 3});
      const double* a = w.data_ptr<double>();
      // LAMMPS order xx yy zz xy xz yz; a symmetric virial, averaged over its two halves.
      r.virial = {a[0], a[4], a[8], 0.5 * (a[1] + a[3]), 0.5 * (a[2] + a[6]), 0.5 * (a[5] + a[7])};
    } else {
      r.virial.fill(std::numeric_limits<double>::quiet_NaN());
    }
  }
  const std::uint64_t t3 = PhaseTimer::now();
  ticks_[0] += t1 - t0;
  ticks_[1] += t2 - t1;
  ticks_[2] += t3 - t2;
  ++calls_;
  return r;
}

StageClocks TorchModel::stage_times() const {
  const double spt = PhaseTimer::seconds_per_tick();
  StageClocks c;
  c.add("edge list", StageRole::Other, static_cast<double>(ticks_[0]) * spt);
  c.add("model call", StageRole::NetworkForward, static_cast<double>(ticks_[1]) * spt);
  c.add("copy back", StageRole::Other, static_cast<double>(ticks_[2]) * spt);
  c.double_network = info_.double_precision;
  c.calls = calls_;
  return c;
}

void TorchModel::reset_stage_times() {
  ticks_.fill(0);
  calls_ = 0;
}

}  // namespace mdb
