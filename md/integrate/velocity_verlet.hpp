#pragma once
// NVE: velocity Verlet.
#include <vector>

#include "md/integrate/integrator.hpp"

namespace mdb {

/// Velocity Verlet (microcanonical). Conserves KE + PE up to O(dt^2) and total momentum.
class VelocityVerlet final : public Integrator {
 public:
  /// dt in ps (or tau). Throws std::invalid_argument unless dt > 0.
  explicit VelocityVerlet(double dt);
  std::string_view name() const override { return "nve"; }
  double timestep() const override { return dt_; }
  void setup(const System& system) override;
  void step(System& system, ForceStage& forces, ComputeFlags flags) override;
  int constrained_dof() const override { return 3; }
  double conserved(const System&, double kinetic, double potential) const override {
    return kinetic + potential;
  }

 private:
  double dt_;
  std::vector<double> half_dt_over_m_;
};

}  // namespace mdb
