#pragma once
// The contract between the device MD engine and a force field that runs on the GPU. Plain C++
// (no CUDA headers): a stream is passed as the runtime's opaque handle type.
#include "kernels/common/image_neighbors.hpp"
#include "md/force/stage_clocks.hpp"

struct CUstream_st;  // what cudaStream_t points to

namespace mdb {

/// Where a device force call writes. Every pointer is device memory.
struct DeviceForceOutput {
  double* fx = nullptr;  ///< n entries, eV/Angstrom, overwritten
  double* fy = nullptr;
  double* fz = nullptr;
  /// Per replica 7 doubles: energy (eV), then the virial W_ab = sum r_a f_b in LAMMPS order xx yy
  /// zz xy xz yz (eV). Accumulated into (the engine zeroes them) and only when `energy_virial`.
  double* sums = nullptr;
};

/// A force field on the device: one virtual call per step, the work in kernels on `stream`.
/// Many-body terms give their virial per term from separations, W += sum_j d_ij (x) F_j over the
/// atoms j a term centred on i pushes (the forces of a term sum to zero), since the device list
/// has no ghost atoms for LAMMPS's sum x.f.
class DeviceForce {
 public:
  virtual ~DeviceForce() = default;
  /// Interaction range (Angstrom); the engine's list adds its skin.
  virtual double cutoff() const = 0;
  /// Sizes device scratch for `n` atoms in replicas of `atoms_per_replica` (outside the step
  /// loop: compute() then allocates nothing).
  virtual void reserve(int n, int atoms_per_replica) = 0;
  /// Forces for the current positions of every atom of `list` (device pointers, the list
  /// current); energy and virial into out.sums when asked. Asynchronous on `stream`.
  virtual void compute(const ImageNeighborView& list, const DeviceForceOutput& out,
                       bool energy_virial, CUstream_st* stream) = 0;
  /// Throws std::runtime_error naming a problem the kernels flagged since the last check (e.g. a
  /// capacity they could not hold), then clears it. May synchronise: outside the step loop.
  virtual void check_errors() {}
  /// Turns the model's stage clocks on or off (off by default: timing a stage may synchronise
  /// every call, so it stays off for throughput and under graph capture). Returns false, and
  /// times nothing, when the model has no stages.
  virtual bool set_stage_timing(bool on) {
    static_cast<void>(on);
    return false;
  }
  /// The stage clocks of the calls timed since reset_stage_times() (may synchronise).
  virtual StageClocks stage_times() { return {}; }
  virtual void reset_stage_times() {}
};

}  // namespace mdb
