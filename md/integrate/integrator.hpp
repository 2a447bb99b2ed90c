#pragma once
// The interface of time integrators (NVE, NVT, NPT).
#include <string_view>

#include "md/core/system.hpp"
#include "md/force/force_stage.hpp"

namespace mdb {

/// Advances a System by one time step, calling ForceStage::refresh for the new forces.
/// Implementations allocate only in setup(); step() allocates nothing.
class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual std::string_view name() const = 0;
  /// Time step (ps, or tau in LJ units).
  virtual double timestep() const = 0;
  /// Called once, after forces at the initial positions are known.
  virtual void setup(const System& system) = 0;
  /// One step. `flags` says what ForceStage::last() must hold afterwards.
  virtual void step(System& system, ForceStage& forces, ComputeFlags flags) = 0;
  /// Flags this integrator needs on every force call (e.g. the virial for a barostat).
  virtual ComputeFlags required_flags() const { return {false, false}; }
  /// Degrees of freedom it removes: 3 when total momentum is conserved (and was zeroed), else 0.
  virtual int constrained_dof() const = 0;
  /// The quantity this integrator conserves (energy units), given current KE and PE: KE + PE
  /// for NVE; minus the heat exchanged with the bath (and barostat work) for NVT / NPT.
  virtual double conserved(const System& system, double kinetic, double potential) const = 0;
};

}  // namespace mdb
