#include "md/integrate/npt_langevin.hpp"

namespace mdb {

NptLangevinIntegrator::NptLangevinIntegrator(double dt, const ThermostatSettings& thermostat,
                                             const BarostatSettings& barostat)
    : langevin_(dt, thermostat), barostat_(barostat) {}

void NptLangevinIntegrator::step(System& s, ForceStage& forces, ComputeFlags flags) {
  // The virial in forces.last() is from the previous force call (required_flags asks for it).
  const std::array<double, 6> w = forces.last().virial;
  langevin_.advance_to_force(s, forces);
  const CellRescalingWork move =
      barostat_.apply(s, w, langevin_.settings().temperature, timestep());
  forces.timer().stamp(Phase::Integrate);
  forces.refresh(s, flags | required_flags());
  // W before the move is the previous call's, at positions before B A O A: an O(dt) offset that
  // is uncorrelated with the move's noise, so it leaves no drift of order one.
  barostat_work_ +=
      move.kinetic_and_pv + cell_rescaling_potential_change(w, forces.last().virial, move.deps);
  langevin_.finish(s, forces);
}

double NptLangevinIntegrator::conserved(const System& s, double kinetic, double potential) const {
  const double p0 = barostat_.settings().pressure / s.units().nktv2p;
  return langevin_.conserved(s, kinetic, potential) + p0 * s.box().volume() - barostat_work_;
}

}  // namespace mdb
