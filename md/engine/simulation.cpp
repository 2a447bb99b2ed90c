#include "md/engine/simulation.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "md/structure/velocities.hpp"

namespace mdb {
namespace {
const ForceField& checked(const std::unique_ptr<ForceField>& ff) {
  if (!ff) throw std::invalid_argument("Simulation: no force field");
  return *ff;
}

int checked_threads(int threads) {
  if (threads < 1) throw std::invalid_argument("Simulation: threads must be >= 1");
  return threads;
}
}  // namespace

Simulation::Simulation(System system, std::unique_ptr<ForceField> force_field,
                       std::unique_ptr<Integrator> integrator, const NeighborPolicy& neighbor,
                       bool phase_timing, int threads)
    : system_(std::move(system)),
      ff_(std::move(force_field)),
      integrator_(std::move(integrator)),
      list_(checked(ff_).cutoff(), ff_->neighbor_kind(), neighbor),
      timer_(phase_timing),
      stage_(*ff_, list_, timer_, threads > 1 ? &team_ : nullptr),
      team_(checked_threads(threads)) {
  if (!integrator_) throw std::invalid_argument("Simulation: no integrator");
  if (system_.size() == 0) throw std::invalid_argument("Simulation: the system has no atoms");
  ff_->bind(system_);
  if (threads > 1) {
    if (!ff_->use_threads(&team_)) {
      std::string what = "Simulation: force field '";
      what.append(ff_->name()).append("' runs on one thread only");
      throw std::invalid_argument(what);
    }
    list_.use_threads(&team_);
  }
  list_.build(system_);
  stage_.recompute(system_, {true, true});
  // A model may give no virial (a TorchScript file without one): NPT would steer on NaN.
  if (integrator_->required_flags().virial) {
    for (double w : stage_.last().virial) {
      if (std::isfinite(w)) continue;
      std::string what(ff_->name());
      what.append(" gives no virial (no pressure), and NPT needs one");
      throw std::invalid_argument(what);
    }
  }
  integrator_->setup(system_);
  timer_.reset();
  timer_.start();
}

void Simulation::step(bool observe) {
  const ComputeFlags flags = integrator_->required_flags() | ComputeFlags{observe, observe};
  integrator_->step(system_, stage_, flags);
  ++steps_;
}

void Simulation::run(long n) {
  for (long k = 0; k < n; ++k) step(k == n - 1);
}

double Simulation::dof() const {
  return 3.0 * static_cast<double>(system_.size()) - integrator_->constrained_dof();
}

Thermo Simulation::thermo() {
  if (!stage_.last_flags().energy || !stage_.last_flags().virial) {
    stage_.recompute(system_, {true, true});
  }
  const ForceResult& r = stage_.last();
  const UnitSystem& u = system_.units();
  Thermo t;
  t.step = steps_;
  t.time = steps_ * integrator_->timestep();
  t.kinetic = kinetic_energy(system_);
  t.potential = r.energy;
  t.total = t.kinetic + t.potential;
  t.conserved = integrator_->conserved(system_, t.kinetic, t.potential);
  t.temperature = temperature_of(t.kinetic, dof(), u);
  t.volume = system_.box().volume();
  t.pressure = pressure_of(t.kinetic, r.virial, t.volume, u);
  t.number_density = static_cast<double>(system_.size()) / t.volume;
  t.mass_density = system_.total_mass() / t.volume * mass_density_unit(u);
  t.momentum = total_momentum(system_);
  t.virial = r.virial;
  return t;
}

}  // namespace mdb
