#include "model/torch/torch_model.hpp"

#include <ATen/Parallel.h>
#include <torch/cuda.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <utility>

#include "md/core/phase_timer.hpp"
#include "model/torch/torch_convention.hpp"
#include "model/torch/torch_force_device.hpp"

namespace mdb {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out.append(out.empty() ? "" : ", ").append(n);
  return out;
}

}  // namespace

struct TorchModel::Impl {
  LoadedTorchModel model;
};

TorchModel::TorchModel(std::string path) : impl_(std::make_unique<Impl>()), path_(std::move(path)) {
  impl_->model = load_torch_model(path_);
  info_ = impl_->model.info;
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
  species_to_type_.resize(species.size());
  for (std::size_t s = 0; s < species.size(); ++s) {
    species_to_type_[s] = std::find(info_.type_names.begin(), info_.type_names.end(), names[s]) -
                          info_.type_names.begin();
  }
  const std::size_t n = system.size();
  types_.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    types_[i] = species_to_type_[static_cast<std::size_t>(system.species()[i])];
  pos_.resize(3 * n);
  if (!info_.edge_cutoffs.empty()) {
    pair_cutoffs_ = {types_.data(), info_.edge_cutoffs.data(),
                     static_cast<int>(info_.type_names.size())};
  }
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
  torch_edges_from_full_list(v, box, info_.cutoff, edges_, pair_cutoffs_);
  const std::int64_t n = v.n_local;
  for (std::int64_t i = 0; i < n; ++i) {
    pos_[3 * i] = v.x[i];
    pos_[3 * i + 1] = v.y[i];
    pos_[3 * i + 2] = v.z[i];
  }
  cell_[0] = box[0];
  cell_[4] = box[1];
  cell_[8] = box[2];
  const auto f64 = torch::TensorOptions().dtype(torch::kFloat64);
  const auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  const std::int64_t e = edges_.count;
  TorchFrame frame;
  frame.pos = torch::from_blob(pos_.data(), {n, 3}, f64);
  frame.types = torch::from_blob(types_.data(), {n}, i64);
  frame.edge_index = torch::from_blob(edges_.index.data(), {2, e}, i64);
  frame.edge_shift = torch::from_blob(edges_.shift.data(), {e, 3}, f64);
  frame.cell = torch::from_blob(cell_.data(), {3, 3}, f64);
  frame.virial = flags.virial;
  LoadedTorchModel& model = impl_->model;
  std::vector<torch::IValue> inputs = model.convention->inputs(frame);
  const std::uint64_t t1 = PhaseTimer::now();

  const torch::IValue out = forward_or_throw(model.module, std::move(inputs), path_);
  const std::uint64_t t2 = PhaseTimer::now();

  const TorchReturn got = model.convention->outputs(out, frame);
  const double* f = got.forces.data_ptr<double>();
  auto fx = system.fx(), fy = system.fy(), fz = system.fz();
  for (std::int64_t i = 0; i < n; ++i) {
    fx[i] = f[3 * i];
    fy[i] = f[3 * i + 1];
    fz[i] = f[3 * i + 2];
  }
  ForceResult r;
  if (flags.energy) r.energy = got.energy.item<double>();
  if (flags.virial) {
    gives_virial_ = got.virial.defined();
    if (gives_virial_) {
      const torch::Tensor w = lammps_order_virial(got.virial);
      std::copy_n(w.data_ptr<double>(), 6, r.virial.begin());
    } else {
      r.virial.fill(std::numeric_limits<double>::quiet_NaN());
    }
  }
  const std::uint64_t t3 = PhaseTimer::now();
  stages_.add(t0, t1, t2, t3);
  return r;
}

bool TorchModel::supports(Backend backend) const {
#ifdef MDB_HAVE_CUDA
  if (backend == Backend::Cuda) return torch::cuda::is_available();
#endif
  return backend == Backend::Cpu;
}

std::unique_ptr<DeviceForce> TorchModel::make_device_twin(const System& system) const {
  static_cast<void>(system);  // bind() kept its species map
  if (!supports(Backend::Cuda)) return nullptr;
  return std::make_unique<TorchForceDevice>(path_, bound_species("make_device_twin"),
                                            torch::Device(torch::kCUDA));
}

std::unique_ptr<DeviceForce> TorchModel::make_host_memory_twin() const {
  return std::make_unique<TorchForceDevice>(path_, bound_species("make_host_memory_twin"),
                                            torch::Device(torch::kCPU));
}

const std::vector<std::int64_t>& TorchModel::bound_species(const char* caller) const {
  if (species_to_type_.empty()) {
    throw std::logic_error(name_ + ": " + caller + "() before bind()");
  }
  return species_to_type_;
}

StageClocks TorchModel::stage_times() const {
  return torch_stage_clocks(stages_, info_);
}

void TorchModel::reset_stage_times() {
  stages_.reset();
}

}  // namespace mdb
