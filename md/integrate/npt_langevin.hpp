#pragma once
// NPT: Langevin BAOAB thermostat + stochastic cell rescaling barostat.
#include "md/integrate/cell_rescaling.hpp"
#include "md/integrate/langevin.hpp"

namespace mdb {

/// Isothermal-isobaric dynamics: each step runs BAOAB's B A O A, rescales the cell with the
/// pressure from the previous force call (as GROMACS's C-rescale does), then computes forces at
/// the rescaled positions and closes with B, so forces, energy and virial always belong to the
/// current positions and box.
class NptLangevinIntegrator final : public Integrator {
 public:
  NptLangevinIntegrator(double dt, const ThermostatSettings& thermostat,
                        const BarostatSettings& barostat);
  std::string_view name() const override { return "npt-langevin-scr"; }
  double timestep() const override { return langevin_.timestep(); }
  void setup(const System& system) override { langevin_.setup(system); }
  void step(System& system, ForceStage& forces, ComputeFlags flags) override;
  ComputeFlags required_flags() const override { return {false, true}; }
  int constrained_dof() const override { return 0; }
  /// KE + PE + P0 V minus the heat and barostat work put in so far.
  double conserved(const System& system, double kinetic, double potential) const override;

 private:
  LangevinIntegrator langevin_;
  StochasticCellRescaling barostat_;
  double barostat_work_ = 0.0;
};

}  // namespace mdb
