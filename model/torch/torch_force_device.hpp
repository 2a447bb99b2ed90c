#pragma once
// A TorchScript model as the device engine's DeviceForce (TorchModel's GPU twin): the same file
// and convention on a torch device, its inputs made there from the engine's image list and
// positions (torch_image_frame.hpp) and its forces, energy and virial written into the engine's
// arrays with tensor operations, so nothing passes through the host but two counts a call.
// On the CPU device (the engine's arrays in host memory) it is the same code, which the tests
// compare with TorchModel without a GPU. Private to mdb_torch (it includes libtorch).
#include <memory>
#include <string>
#include <vector>

#include "md/force/device_force.hpp"
#include "model/call_stages.hpp"
#include "model/torch/torch_convention.hpp"
#include "model/torch/torch_stream_order.hpp"

namespace mdb {

class TorchForceDevice final : public DeviceForce {
 public:
  /// Loads `path` again onto `device`. `species_to_type` maps the engine's species indices to the
  /// model's types (TorchModel::bind's map). Throws what load_torch_model throws, and
  /// std::runtime_error when the device is a GPU this build cannot order work on.
  TorchForceDevice(const std::string& path, const std::vector<std::int64_t>& species_to_type,
                   torch::Device device);
  ~TorchForceDevice() override;

  double cutoff() const override { return model_.info.cutoff; }
  /// Nothing to size: libtorch's caching allocator keeps the blocks of earlier calls.
  void reserve(int n, int atoms_per_replica) override;
  /// One model call per replica. Throws std::runtime_error with the model's message when its
  /// forward pass raises. A model without a virial adds NaN to the virial sums (no pressure).
  void compute(const ImageNeighborView& list, const DeviceForceOutput& out, bool energy_virial,
               CUstream_st* stream) override;
  bool set_stage_timing(bool on) override;
  StageClocks stage_times() override;
  void reset_stage_times() override { stages_.reset(); }

 private:
  std::string path_;
  LoadedTorchModel model_;
  torch::Device device_;
  torch::Tensor species_to_type_, pair_cutoffs_;
  std::unique_ptr<TorchStreamOrder> order_;  ///< on a GPU only
  bool timing_ = false;
  CallStages stages_;
};

}  // namespace mdb
