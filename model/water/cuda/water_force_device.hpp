#pragma once
// Flexible water on the device engine: the real-space and intramolecular bodies
// (kernels/common/water_image_list.hpp) as two kernels, then PME's reciprocal space per replica
// (DevicePme). Plain C++ header; built into mdb_water with the CUDA backend.
#include <memory>

#include "md/core/box.hpp"
#include "md/force/device_force.hpp"
#include "model/pme/pme_params.hpp"
#include "model/water/water_device_data.hpp"

namespace mdb {

/// WaterModel's device twin. It keeps the box it was made for (the PME's influence function is
/// made for it once, outside any graph capture), so every replica must have that box and no
/// device barostat may move it (WaterModel::device_twin_follows_box is false; CudaEngine refuses
/// NPT and replicas of other boxes).
class WaterForceDevice final : public DeviceForce {
 public:
  /// Uploads one replica's topology and the pair table; plans the PME for `box`. Throws
  /// std::runtime_error when a CUDA call fails.
  WaterForceDevice(const WaterDeviceData& data, const PmeParams& pme, const Box& box,
                   double cutoff);
  ~WaterForceDevice() override;
  double cutoff() const override { return cutoff_; }
  /// Throws std::invalid_argument unless replicas have the topology's atom count.
  void reserve(int n, int atoms_per_replica) override;
  void compute(const ImageNeighborView& list, const DeviceForceOutput& out, bool energy_virial,
               CUstream_st* stream) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double cutoff_;
};

}  // namespace mdb
