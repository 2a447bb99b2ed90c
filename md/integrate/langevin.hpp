#pragma once
// NVT: Langevin dynamics with the BAOAB splitting.
#include <cstdint>
#include <vector>

#include "md/core/random.hpp"
#include "md/integrate/ensemble.hpp"
#include "md/integrate/integrator.hpp"

namespace mdb {

/// BAOAB Langevin integrator (Leimkuhler & Matthews 2013): half kick, half drift, exact
/// Ornstein-Uhlenbeck velocity update, half drift, force, half kick. Samples the canonical
/// ensemble with configurational averages accurate to O(dt^2); does not conserve momentum, so all
/// 3N degrees of freedom count. Seeded, hence reproducible.
class LangevinIntegrator final : public Integrator {
 public:
  /// Time step `dt` (ps, or tau). Throws std::invalid_argument unless dt > 0, T >= 0 and
  /// friction > 0 (check_thermostat).
  LangevinIntegrator(double dt, const ThermostatSettings& thermostat);
  std::string_view name() const override { return "langevin"; }
  double timestep() const override { return dt_; }
  void setup(const System& system) override;
  void step(System& system, ForceStage& forces, ComputeFlags flags) override;
  int constrained_dof() const override { return 0; }
  /// KE + PE minus the heat the bath has put in so far.
  double conserved(const System&, double kinetic, double potential) const override {
    return kinetic + potential - heat_;
  }
  const ThermostatSettings& settings() const { return settings_; }

  /// The first half of BAOAB up to the force call (B A O A); the NPT integrator inserts its
  /// barostat between this and finish().
  void advance_to_force(System& system, ForceStage& forces);
  /// The closing B after forces were refreshed.
  void finish(System& system, ForceStage& forces);

 private:
  double dt_;
  ThermostatSettings settings_;
  Rng rng_;
  double c1_ = 0.0;
  double heat_ = 0.0;
  std::vector<double> half_dt_over_m_, sigma_;
};

}  // namespace mdb
