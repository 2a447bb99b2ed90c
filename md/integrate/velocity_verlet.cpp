#include "md/integrate/velocity_verlet.hpp"

#include <cmath>
#include <stdexcept>

#include "md/integrate/integrate_ops.hpp"

namespace mdb {

VelocityVerlet::VelocityVerlet(double dt) : dt_(dt) {
  if (!(dt > 0.0) || !std::isfinite(dt)) {
    throw std::invalid_argument("VelocityVerlet: time step must be > 0");
  }
}

void VelocityVerlet::setup(const System& s) {
  half_dt_over_m_.resize(s.size());
  const auto m = s.mass();
  for (std::size_t i = 0; i < s.size(); ++i) {
    half_dt_over_m_[i] = 0.5 * dt_ * s.units().ftm2v / m[i];
  }
}

void VelocityVerlet::step(System& s, ForceStage& forces, ComputeFlags flags) {
  kick_drift(s, half_dt_over_m_, dt_, forces.team());
  forces.timer().stamp(Phase::Integrate);
  forces.refresh(s, flags);
  kick(s, half_dt_over_m_, forces.team());
  forces.timer().stamp(Phase::Integrate);
}

}  // namespace mdb
