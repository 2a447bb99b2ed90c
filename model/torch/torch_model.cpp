#include "model/torch/torch_model.hpp"

#include <ATen/Parallel.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <utility>

#include "md/core/phase_timer.hpp"
#include "model/torch/torch_convention.hpp"

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
  TorchFrame frame;
  frame.n_atoms = n;
  frame.pos = pos_.data();
  frame.types = types_.data();
  frame.edges = &edges_;
  frame.cell[0] = box[0];
  frame.cell[4] = box[1];
  frame.cell[8] = box[2];
  frame.virial = flags.virial;
  const TorchConvention& convention = *impl_->model.convention;
  const std::vector<torch::IValue> inputs = convention.inputs(frame);
  const std::uint64_t t1 = PhaseTimer::now();

  torch::IValue out;
  try {
    out = impl_->model.module.forward(inputs);
  } catch (const std::exception& e) {
    throw std::runtime_error(path_ + ": the model raised: " + first_line(e.what()));
  }
  const std::uint64_t t2 = PhaseTimer::now();

  const TorchReturn got = convention.outputs(out, frame);
  const double* f = got.forces.data_ptr<double>();
  auto fx = system.fx(), fy = system.fy(), fz = system.fz();
  for (std::int64_t i = 0; i < n; ++i) {
    fx[i] = f[3 * i];
    fy[i] = f[3 * i + 1];
    fz[i] = f[3 * i + 2];
  }
  ForceResult r;
  if (flags.energy) r.energy = got.energy;
  if (flags.virial) {
    gives_virial_ = got.has_virial;
    if (gives_virial_) {
      const auto& a = got.virial;
      // LAMMPS order xx yy zz xy xz yz; a symmetric virial, averaged over its two halves.
      r.virial = {a[0], a[4], a[8], 0.5 * (a[1] + a[3]), 0.5 * (a[2] + a[6]), 0.5 * (a[5] + a[7])};
    } else {
      r.virial.fill(std::numeric_limits<double>::quiet_NaN());
    }
  }
  const std::uint64_t t3 = PhaseTimer::now();
  stages_.add(t0, t1, t2, t3);
  return r;
}

StageClocks TorchModel::stage_times() const {
  return stages_.clocks("edge list", "model call", "copy back", info_.double_precision);
}

void TorchModel::reset_stage_times() {
  stages_.reset();
}

}  // namespace mdb
