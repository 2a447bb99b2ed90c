#include "tests/engine/emulated_device_engine.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "kernels/common/integrate_bodies.hpp"  // kinetic_atom
#include "kernels/common/lj_image_list.hpp"     // kEnergyVirialSums
#include "md/core/phase_timer.hpp"
#include "md/neighbor/neighbor_list.hpp"  // check_neighbor_policy
#include "model/lennard_jones.hpp"
#include "model/stillinger_weber.hpp"

namespace mdb::test {
namespace {

// The emulated twin of a bound model: what CudaEngine gets from make_device_twin().
EmulatedForce emulated_twin(const ForceField& model, int n_species) {
  if (const auto* lj = dynamic_cast<const LennardJones<double>*>(&model)) {
    return emulated_lj(lj->table(), n_species);
  }
  if (const auto* sw = dynamic_cast<const StillingerWeber*>(&model)) {
    std::vector<SwPairCoeffs> pairs;
    std::vector<SwTripletCoeffs> triplets;
    for (int a = 0; a < n_species; ++a) {
      for (int b = 0; b < n_species; ++b) {
        pairs.push_back(sw->pair(a, b));
        for (int c = 0; c < n_species; ++c) triplets.push_back(sw->triplet(a, b, c));
      }
    }
    return emulated_sw(std::move(pairs), std::move(triplets), n_species);
  }
  throw std::invalid_argument("force field '" + std::string(model.name()) + "' has no GPU version");
}

}  // namespace

EmulatedDeviceEngine::EmulatedDeviceEngine(RunSpec spec) : dt_(spec.dt) {
  if (spec.replicas.empty()) throw std::invalid_argument("EmulatedDeviceEngine: no replicas");
  if (!spec.model) throw std::invalid_argument("EmulatedDeviceEngine: no model");
  check_neighbor_policy(spec.neighbor, "EmulatedDeviceEngine");
  check_ensemble(spec.ensemble, spec.dt, "EmulatedDeviceEngine");
  for (const System& s : spec.replicas) {
    if (s.size() != spec.replicas.front().size()) {
      throw std::invalid_argument("EmulatedDeviceEngine: replicas differ in atom count");
    }
    replica_mass_.push_back(s.total_mass());
  }
  model_ = spec.model();
  model_->bind(spec.replicas.front());
  const int n_species = static_cast<int>(spec.replicas.front().species_table().size());
  EmulatedSettings settings;
  settings.cutoff = model_->cutoff();
  settings.policy = spec.neighbor;
  settings.dt = spec.dt;
  settings.ensemble = spec.ensemble;
  thermostat_ = spec.ensemble.kind != Ensemble::NVE;
  npt_ = spec.ensemble.kind == Ensemble::NPT;
  units_ = &spec.replicas.front().units();
  engine_ =
      std::make_unique<EmulatedEngine>(spec.replicas, emulated_twin(*model_, n_species), settings);
}

void EmulatedDeviceEngine::step(bool observe) {
  engine_->step(observe);
  observed_ = observe || npt_;  // the barostat needs the virial of every force call
}

void EmulatedDeviceEngine::synchronize() {
  const EngineControl& c = engine_->ctl;
  if (c.bad_position) {
    throw std::runtime_error("EmulatedDeviceEngine: a position became non-finite by step " +
                             std::to_string(c.step + 1) + " (the run blew up)");
  }
  if (c.bad_box) {
    throw std::runtime_error(
        "EmulatedDeviceEngine: the barostat made a box non-finite or too "
        "small for the cutoff (the run blew up)");
  }
}

void EmulatedDeviceEngine::thermo(std::vector<Thermo>& out) {
  synchronize();
  if (!observed_) {
    engine_->compute_forces(true);
    observed_ = true;
  }
  const EmulatedEngine& e = *engine_;
  out.resize(static_cast<std::size_t>(e.replicas));
  for (int r = 0; r < e.replicas; ++r) {
    double ke = 0.0;
    for (int i = r * e.atoms_per_replica; i < (r + 1) * e.atoms_per_replica; ++i) {
      ke += kinetic_atom(e.vx.data(), e.vy.data(), e.vz.data(), e.mass.data(), units_->mvv2e, i);
    }
    const double* len = e.box_len.data() + 3 * r;
    out[static_cast<std::size_t>(r)] = thermo_from_sums(
        static_cast<long>(e.ctl.step), dt_, ke, e.sums.data() + kEnergyVirialSums * r,
        {len[0], len[1], len[2]}, e.atoms_per_replica, replica_mass_[static_cast<std::size_t>(r)],
        thermostat_, *units_);
  }
}

void EmulatedDeviceEngine::copy_state(int replica, System& into) {
  const EmulatedEngine& e = *engine_;
  if (replica < 0 || replica >= e.replicas) {
    throw std::invalid_argument("EmulatedDeviceEngine: replica index out of range");
  }
  if (static_cast<int>(into.size()) != e.atoms_per_replica) {
    throw std::invalid_argument("EmulatedDeviceEngine: copy into a system of another size");
  }
  const auto first = static_cast<std::size_t>(replica) * e.atoms_per_replica;
  auto copy = [&](const std::vector<double>& from, std::span<double> to) {
    std::copy(from.begin() + static_cast<std::ptrdiff_t>(first),
              from.begin() + static_cast<std::ptrdiff_t>(first + to.size()), to.begin());
  };
  copy(e.x, into.x());
  copy(e.y, into.y());
  copy(e.z, into.z());
  copy(e.vx, into.vx());
  copy(e.vy, into.vy());
  copy(e.vz, into.vz());
  copy(e.fx, into.fx());
  copy(e.fy, into.fy());
  copy(e.fz, into.fz());
  const double* len = e.box_len.data() + 3 * replica;
  into.box() = Box(into.box().lo(), {len[0], len[1], len[2]});
}

double EmulatedDeviceEngine::last_step_seconds() const {
  return std::numeric_limits<double>::quiet_NaN();
}

void EmulatedDeviceEngine::begin_timing() {
  span_start_ = PhaseTimer::now();
}

double EmulatedDeviceEngine::end_timing() {
  synchronize();
  return static_cast<double>(PhaseTimer::now() - span_start_) * PhaseTimer::seconds_per_tick();
}

EngineFigures EmulatedDeviceEngine::figures() {
  EngineFigures f;
  const ImageNeighborView l = engine_->list();
  f.neighbors_per_atom = static_cast<double>(l.offsets[engine_->n]) / engine_->n;
  return f;
}

std::optional<std::string> EmulatedDeviceEngine::check_health(double max_temperature) {
  std::vector<Thermo> th;
  thermo(th);
  return thermo_health(th, max_temperature);
}

ForceField& EmulatedDeviceEngine::model(int replica) {
  static_cast<void>(replica);
  return *model_;
}

}  // namespace mdb::test
