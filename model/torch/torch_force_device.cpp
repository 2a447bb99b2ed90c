#include "model/torch/torch_force_device.hpp"

#include <limits>
#include <stdexcept>

#include "md/core/phase_timer.hpp"
#include "model/torch/torch_image_frame.hpp"

namespace mdb {

TorchForceDevice::TorchForceDevice(const std::string& path,
                                   const std::vector<std::int64_t>& species_to_type,
                                   torch::Device device)
    : path_(path), model_(load_torch_model(path)), device_(device) {
  if (device_.is_cuda()) order_ = std::make_unique<TorchStreamOrder>();
  model_.module.to(device_);
  const auto i64 = torch::TensorOptions().dtype(torch::kInt64);
  species_to_type_ = torch::tensor(torch::ArrayRef<std::int64_t>(species_to_type), i64).to(device_);
  const std::vector<double>& cuts = model_.info.edge_cutoffs;
  if (!cuts.empty()) {
    const auto n_types = static_cast<std::int64_t>(model_.info.type_names.size());
    pair_cutoffs_ = torch::tensor(torch::ArrayRef<double>(cuts), torch::kFloat64)
                        .reshape({n_types, n_types})
                        .to(device_);
  }
}

TorchForceDevice::~TorchForceDevice() = default;

void TorchForceDevice::reserve(int n, int atoms_per_replica) {
  if (atoms_per_replica <= 0 || n % atoms_per_replica != 0) {
    throw std::invalid_argument(path_ + ": " + std::to_string(n) +
                                " atoms are not whole replicas of " +
                                std::to_string(atoms_per_replica));
  }
}

bool TorchForceDevice::set_stage_timing(bool on) {
  timing_ = on;
  return true;
}

StageClocks TorchForceDevice::stage_times() {
  return torch_stage_clocks(stages_, model_.info);
}

void TorchForceDevice::compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                               bool energy_virial, CUstream_st* stream) {
  if (order_) order_->torch_after(stream);
  // A stage's clock reads the host's time, so with stage timing on a GPU waits for each stage.
  auto now = [&] {
    if (timing_ && order_) order_->wait_for_torch();
    return PhaseTimer::now();
  };
  const int a = list.atoms_per_replica;
  for (int r = 0; r < list.n / a; ++r) {
    const std::uint64_t t0 = now();
    TorchFrame frame = torch_frame_from_image_list(list, r, model_.info.cutoff, species_to_type_,
                                                   pair_cutoffs_, device_);
    frame.virial = energy_virial;
    std::vector<torch::IValue> inputs = model_.convention->inputs(frame);
    const std::uint64_t t1 = now();

    const torch::IValue value = forward_or_throw(model_.module, std::move(inputs), path_);
    const std::uint64_t t2 = now();

    const TorchReturn got = model_.convention->outputs(value, frame);
    const std::int64_t first = static_cast<std::int64_t>(r) * a;
    double* const axes[3] = {out.fx, out.fy, out.fz};
    for (int k = 0; k < 3; ++k) {
      wrap_engine_memory(axes[k] + first, {a}, torch::kFloat64, device_)
          .copy_(got.forces.select(1, k));
    }
    if (energy_virial) {
      torch::Tensor sums = wrap_engine_memory(out.sums + kEnergyVirialSums * r, {kEnergyVirialSums},
                                              torch::kFloat64, device_);
      sums[0].add_(got.energy);
      if (got.virial.defined()) {
        sums.slice(0, 1).add_(lammps_order_virial(got.virial));
      } else {
        sums.slice(0, 1).fill_(std::numeric_limits<double>::quiet_NaN());
      }
    }
    stages_.add(t0, t1, t2, now());
  }
  if (order_) order_->engine_after_torch(stream);
}

}  // namespace mdb
