#pragma once
// Stillinger-Weber as a DeviceForce for the device engine (DeviceSimulation). Plain C++ header.
#include <memory>

#include "kernels/common/sw_terms.hpp"
#include "md/force/device_force.hpp"

namespace mdb {

/// SW on the engine's image list: one thread per centre atom; two-body forces from both sides,
/// three-body forces on the outer atoms by atomic adds (so forces vary in the last bits from run
/// to run). Double precision. Energy and virial (per term, from separations) when asked.
class SwForceDevice final : public DeviceForce {
 public:
  /// Copies the bound tables (StillingerWeber::pair(a, b) for a, b < n_species, row-major, and
  /// triplet(a, b, c), n_species^3) to the device. `cutoff` is StillingerWeber::cutoff()
  /// (Angstrom). Throws std::invalid_argument on null tables or n_species < 1.
  SwForceDevice(const SwPairCoeffs* pairs, const SwTripletCoeffs* triplets, int n_species,
                double cutoff);
  ~SwForceDevice() override;
  SwForceDevice(const SwForceDevice&) = delete;
  SwForceDevice& operator=(const SwForceDevice&) = delete;

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
