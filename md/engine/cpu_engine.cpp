#include "md/engine/cpu_engine.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "md/core/phase_timer.hpp"
#include "md/integrate/make_integrator.hpp"

namespace mdb {
namespace {

EnsembleSpec for_replica(EnsembleSpec e, int replica) {
  const std::uint64_t shift = kReplicaSeedStride * static_cast<std::uint64_t>(replica);
  e.thermostat.seed += shift;
  e.barostat.seed += shift;
  return e;
}

}  // namespace

CpuEngine::CpuEngine(RunSpec spec) : threads_per_replica_(spec.threads) {
  if (spec.replicas.empty()) throw std::invalid_argument("CpuEngine: no replicas");
  if (!spec.model) throw std::invalid_argument("CpuEngine: no model");
  if (spec.replica_threads < 1) throw std::invalid_argument("CpuEngine: replica_threads < 1");
  check_ensemble(spec.ensemble, spec.dt, "CpuEngine");
  const std::size_t n = spec.replicas.front().size();
  for (std::size_t r = 0; r < spec.replicas.size(); ++r) {
    System& s = spec.replicas[r];
    if (s.size() != n) throw std::invalid_argument("CpuEngine: replicas differ in atom count");
    const int ri = static_cast<int>(r);
    sims_.push_back(std::make_unique<Simulation>(
        std::move(s), spec.model(), make_integrator(for_replica(spec.ensemble, ri), spec.dt),
        spec.neighbor, spec.phase_timing, spec.threads));
  }
  team_ = std::make_unique<ThreadTeam>(spec.replica_threads);
}

int CpuEngine::atoms_per_replica() const {
  return static_cast<int>(sims_.front()->system().size());
}

void CpuEngine::step_replica(void* self, int replica) {
  auto& e = *static_cast<CpuEngine*>(self);
  Simulation& sim = *e.sims_[static_cast<std::size_t>(replica)];
  sim.timer().start_at(PhaseTimer::now());
  sim.step(e.observe_);
}

void CpuEngine::step(bool observe) {
  const std::uint64_t t0 = PhaseTimer::now();
  if (sims_.size() == 1) {
    // One replica: the step's own time stamp starts its phases, so they add up to the step.
    Simulation& sim = *sims_.front();
    sim.timer().start_at(t0);
    sim.step(observe);
  } else {
    observe_ = observe;
    // One part per replica: a thread that finds its team-mate not running takes its replicas.
    if (!team_->run_parts(replicas(), step_replica, this)) throw std::runtime_error(team_->error());
  }
  last_step_ticks_ = PhaseTimer::now() - t0;
}

double CpuEngine::last_step_seconds() const {
  return static_cast<double>(last_step_ticks_) * PhaseTimer::seconds_per_tick();
}

void CpuEngine::begin_timing() {
  span_start_ = PhaseTimer::now();
}

double CpuEngine::end_timing() {
  return static_cast<double>(PhaseTimer::now() - span_start_) * PhaseTimer::seconds_per_tick();
}

void CpuEngine::thermo(std::vector<Thermo>& out) {
  out.resize(sims_.size());
  for (std::size_t r = 0; r < sims_.size(); ++r) out[r] = sims_[r]->thermo();
}

void CpuEngine::copy_state(int replica, System& into) {
  if (replica < 0 || replica >= replicas()) {
    throw std::invalid_argument("CpuEngine: replica index out of range");
  }
  const System& s = sims_[static_cast<std::size_t>(replica)]->system();
  if (into.size() != s.size()) {
    throw std::invalid_argument("CpuEngine: copy into a system of another size");
  }
  into = s;
}

void CpuEngine::reset_phase_times() {
  for (auto& sim : sims_) sim->timer().reset();
}

long long CpuEngine::list_builds() {
  long long fewest = sims_.front()->neighbor_list().builds();
  for (auto& sim : sims_) fewest = std::min<long long>(fewest, sim->neighbor_list().builds());
  return fewest;
}

EngineFigures CpuEngine::figures() {
  EngineFigures f;
  const Simulation& first = *sims_.front();
  const double n = static_cast<double>(first.system().size());
  f.neighbors_per_atom = static_cast<double>(first.neighbor_list().num_pairs()) / n;
  f.in_cutoff_per_atom = static_cast<double>(first.neighbor_list().count_pairs_within(
                             sims_.front()->force_field().cutoff())) /
                         n;
  f.threads = team_->size() * threads_per_replica_;
  f.phase_clocks = team_->size();
  f.phases = true;
  for (auto& sim : sims_) {
    f.neighbor_s += sim->timer().seconds(Phase::Neighbor);
    f.force_s += sim->timer().seconds(Phase::Force);
    f.integrate_s += sim->timer().seconds(Phase::Integrate);
  }
  return f;
}

std::optional<std::string> CpuEngine::check_health(double max_temperature) {
  char line[200];
  for (std::size_t r = 0; r < sims_.size(); ++r) {
    Simulation& sim = *sims_[r];
    const System& s = sim.system();
    const auto& lo = s.box().lo();
    const auto& len = s.box().lengths();
    const auto x = s.x(), y = s.y(), z = s.z();
    const auto vx = s.vx(), vy = s.vy(), vz = s.vz();
    const double* pos[3] = {x.data(), y.data(), z.data()};
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (!std::isfinite(vx[i] + vy[i] + vz[i])) {
        std::snprintf(line, sizeof line, "atom %zu has a non-finite velocity", i);
        return std::string(line);
      }
      for (int d = 0; d < 3; ++d) {
        const double q = pos[d][i];
        if (!std::isfinite(q)) {
          std::snprintf(line, sizeof line, "atom %zu has a non-finite position", i);
          return std::string(line);
        }
        if (q < lo[d] - len[d] || q > lo[d] + 2.0 * len[d]) {
          std::snprintf(line, sizeof line,
                        "atom %zu lost: %c = %.4g is a box length outside the box", i, "xyz"[d], q);
          return std::string(line);
        }
      }
    }
    const double t = temperature_of(kinetic_energy(s), sim.dof(), s.units());
    if (max_temperature > 0.0 && t > max_temperature) {
      std::snprintf(line, sizeof line, "temperature exploded to %.4g (the limit is %.4g)", t,
                    max_temperature);
      return std::string(line);
    }
  }
  return std::nullopt;
}

ForceField& CpuEngine::model(int replica) {
  return simulation(replica).force_field();
}

}  // namespace mdb
