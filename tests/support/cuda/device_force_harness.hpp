#pragma once
// Runs a DeviceForce on a configuration described on the host: for tests and force checks, which
// have their lists on the host (tests/support/image_list_reference.hpp) and want the result back.
// Plain C++ (no CUDA headers).
#include <cstddef>
#include <memory>
#include <vector>

#include "md/force/device_force.hpp"

namespace mdb {

/// Forces (eV/Angstrom, n each) and per-replica sums (7 per replica) of one device force call.
struct DeviceForceResult {
  std::vector<double> fx, fy, fz, sums;
};

/// Owns device copies of a host ImageNeighborView (positions, species, boxes, list) and the
/// output arrays of a DeviceForce call. Not for the step loop: run() synchronises and copies.
class DeviceForceHarness {
 public:
  /// Uploads every array of `host_list` (host memory). Throws std::runtime_error when a CUDA
  /// call fails.
  explicit DeviceForceHarness(const ImageNeighborView& host_list);
  ~DeviceForceHarness();
  DeviceForceHarness(const DeviceForceHarness&) = delete;
  DeviceForceHarness& operator=(const DeviceForceHarness&) = delete;

  /// The list with device pointers.
  const ImageNeighborView& device_view() const;
  /// Zeroes the sums, calls force.compute on the legacy default stream and waits for it.
  void compute(DeviceForce& force, bool energy_virial = true);
  /// compute(), then the results copied to the host.
  DeviceForceResult run(DeviceForce& force, bool energy_virial = true);
  /// run(), but as the device engine calls a force: on a non-blocking stream of its own, whose
  /// first work, a kernel that spins for ~`delay_ms` before it writes the positions, precedes
  /// the call, and whose copy of the results back follows it (forces first set to NaN). A force
  /// that reads before the stream reaches its call sees atoms all at the origin; one whose work
  /// the stream does not wait for returns NaN or stale forces.
  DeviceForceResult run_on_a_late_stream(DeviceForce& force, double delay_ms = 50.0,
                                         bool energy_virial = true);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Free memory of the current device (bytes), as cudaMemGetInfo reports it.
std::size_t cuda_free_device_memory();

}  // namespace mdb
