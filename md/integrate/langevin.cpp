#include "md/integrate/langevin.hpp"

#include <cmath>
#include <stdexcept>

#include "md/integrate/integrate_ops.hpp"

namespace mdb {

LangevinIntegrator::LangevinIntegrator(double dt, const ThermostatSettings& s)
    : dt_(dt), settings_(s), rng_(s.seed) {
  check_thermostat(s, dt, "LangevinIntegrator");
  c1_ = std::exp(-s.friction * dt);
}

void LangevinIntegrator::setup(const System& s) {
  const auto m = s.mass();
  const auto& u = s.units();
  half_dt_over_m_.resize(s.size());
  sigma_.resize(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    half_dt_over_m_[i] = 0.5 * dt_ * u.ftm2v / m[i];
    sigma_[i] =
        std::sqrt((1.0 - c1_ * c1_) * u.boltzmann * settings_.temperature / (m[i] * u.mvv2e));
  }
}

void LangevinIntegrator::advance_to_force(System& s, ForceStage& forces) {
  kick_drift(s, half_dt_over_m_, 0.5 * dt_, forces.team());
  heat_ += ornstein_uhlenbeck(s, c1_, sigma_, rng_);  // one random stream: in order, one thread
  drift(s, 0.5 * dt_, forces.team());
  forces.timer().stamp(Phase::Integrate);
}

void LangevinIntegrator::finish(System& s, ForceStage& forces) {
  kick(s, half_dt_over_m_, forces.team());
  forces.timer().stamp(Phase::Integrate);
}

void LangevinIntegrator::step(System& s, ForceStage& forces, ComputeFlags flags) {
  advance_to_force(s, forces);
  forces.refresh(s, flags);
  finish(s, forces);
}

}  // namespace mdb
