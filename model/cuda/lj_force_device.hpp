#pragma once
// Lennard-Jones as a DeviceForce for the device engine (DeviceSimulation). Plain C++ header.
#include <memory>

#include "kernels/common/pair_lj.hpp"
#include "md/force/device_force.hpp"

namespace mdb {

/// LJ on the engine's image list: one thread per atom, each writing only its own force (no
/// atomics, so forces are bitwise reproducible), double precision throughout. Energy and virial
/// per replica (block sums, then one atomic per block and sum) only when asked.
class LjForceDevice final : public DeviceForce {
 public:
  /// Copies the n_species x n_species table (row-major, LennardJones<double>::table(), species
  /// indices as the System's) to the device. `cutoff` is the largest rc (Angstrom). Throws
  /// std::invalid_argument on a null table or n_species < 1, std::runtime_error on CUDA errors.
  LjForceDevice(const LjPair<double>* table, int n_species, double cutoff);
  ~LjForceDevice() override;
  LjForceDevice(const LjForceDevice&) = delete;
  LjForceDevice& operator=(const LjForceDevice&) = delete;

  double cutoff() const override { return cutoff_; }
  void reserve(int n, int atoms_per_replica) override;
  void compute(const ImageNeighborView& list, const DeviceForceOutput& out, bool energy_virial,
               CUstream_st* stream) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double cutoff_;
};

}  // namespace mdb
