#pragma once
// The device step's constants from an ensemble: one definition for the CUDA engine and its
// emulated twin (tests/kernels/emulated_engine.cpp).
#include <cmath>

#include "kernels/common/device_step_plan.hpp"
#include "md/core/units.hpp"
#include "md/integrate/ensemble.hpp"

namespace mdb {

/// dt (ps, or tau), the Langevin c1 = exp(-gamma dt) (1 for NVE), the seeds, and the barostat's
/// coupling and k_B T in the internal units of `units`.
inline step_plan::StepConstants step_constants(const EnsembleSpec& e, double dt,
                                               const UnitSystem& units) {
  step_plan::StepConstants c;
  c.dt = dt;
  c.c1 = e.kind != Ensemble::NVE ? std::exp(-e.thermostat.friction * dt) : 1.0;
  c.thermostat_seed = e.thermostat.seed;
  c.coupling = {e.barostat.pressure / units.nktv2p, e.barostat.compressibility * units.nktv2p,
                e.barostat.tau};
  c.kt = units.boltzmann * e.thermostat.temperature;
  c.barostat_seed = e.barostat.seed;
  return c;
}

}  // namespace mdb
