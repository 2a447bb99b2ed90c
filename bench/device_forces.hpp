#pragma once
// The GPU version of a case's force field, for the cuda rows. Built only with the CUDA backend.
#include <memory>

#include "kernels/cuda/device_force_cuda.hpp"
#include "md/system.hpp"
#include "model/force_field.hpp"

namespace mdb::bench {

/// A force field bound to `system` (its species) turned into the device engine's equivalent
/// with the same parameters: LennardJones<double> -> LjForceDevice, StillingerWeber ->
/// SwForceDevice, NnPotential<float> -> NnForceDevice (over the device version of its baseline).
/// Throws std::invalid_argument naming a force field that has no GPU version.
std::unique_ptr<DeviceForce> make_device_force(const ForceField& bound, const System& system);

}  // namespace mdb::bench
