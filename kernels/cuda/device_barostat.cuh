#pragma once
// The device engine's barostat: per-replica box corners and scale factors, and the kernels of one
// stochastic cell rescaling step over the bodies of kernels/common/barostat_bodies.hpp. Internal
// to kernels/cuda (DeviceSimulation owns one under NPT).
#include <cuda_runtime.h>

#include <vector>

#include "kernels/common/barostat_bodies.hpp"
#include "kernels/cuda/device_buffer.cuh"

namespace mdb {

/// Owns box_lo and lambda (per replica); everything else in its view is the engine's. enqueue()
/// runs the move (one thread per replica, its ghost-shift change max-reduced into the control
/// block) and then the scaling of every atom (its displacement since the last build
/// max-reduced), both after the engine has summed each replica's kinetic energy.
class DeviceBarostat {
 public:
  /// `view`: every pointer but box_lo and lambda set (device memory), and the scalars;
  /// `box_lo`: 3 per replica (Angstrom).
  DeviceBarostat(const BarostatView& view, int replicas, const std::vector<double>& box_lo);

  void enqueue(cudaStream_t stream);

 private:
  BarostatView view_;
  int replicas_ = 0;
  DeviceBuffer<double> box_lo_, lambda_;
};

}  // namespace mdb
