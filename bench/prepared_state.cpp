#include "bench/prepared_state.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <variant>

#include "bench/force_check.hpp"
#include "md/langevin.hpp"
#include "md/thermo.hpp"
#include "md/velocities.hpp"

namespace mdb::bench {
namespace {

std::unique_ptr<Simulation> simulate(const CaseSpec& c, System system,
                                     std::unique_ptr<Integrator> integrator, int threads = 1) {
  return std::make_unique<Simulation>(std::move(system), c.make_force_field(),
                                      std::move(integrator), c.neighbor, true, threads);
}

// Runs n steps in chunks, checking health between chunks; throws on a blow-up.
void run_checked(Simulation& sim, const CaseSpec& c, long n, const char* what) {
  constexpr long kChunk = 50;
  for (long done = 0; done < n;) {
    const long k = std::min(kChunk, n - done);
    try {
      sim.run(k);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(what) + " failed near step " + std::to_string(done + k) +
                               ": " + e.what());
    }
    done += k;
    if (auto err = check_health(sim, c)) {
      throw std::runtime_error(std::string(what) + " blew up after " + std::to_string(done) +
                               " steps: " + *err);
    }
  }
}

System equilibrate(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  System system = build_case_system(c, key.atoms, key.seed);
  std::unique_ptr<Integrator> integrator;
  if (key.ensemble == Ensemble::NVE && c.thermostatted_equilibration) {
    integrator = std::make_unique<LangevinIntegrator>(
        key.timestep, ThermostatSettings{c.temperature, c.friction, key.seed + 1});
  } else {
    integrator = make_integrator(c, key.ensemble, key.timestep, key.seed + 1);
  }
  auto sim = simulate(c, std::move(system), std::move(integrator));
  run_checked(*sim, c, c.equilibration_steps, "equilibration");
  auto ff = c.make_force_field();
  if (auto err = check_forces_fd(*ff, sim->system(), c.force_tolerance)) {
    throw std::runtime_error(*err);
  }
  return sim->system();
}

}  // namespace

std::string StateKey::str() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s/%s/%d/seed:%llu/dt:%.17g", spec ? spec->name.c_str() : "?",
                std::string(ensemble_name(ensemble)).c_str(), atoms,
                static_cast<unsigned long long>(seed), timestep);
  return buf;
}

const System& equilibrated_system(const StateKey& key) {
  static std::mutex mutex;
  static std::map<std::string, std::variant<System, std::string>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  const std::string k = key.str();
  auto it = cache.find(k);
  if (it == cache.end()) {
    try {
      it = cache.emplace(k, equilibrate(key)).first;
    } catch (const std::exception& e) {
      it = cache.emplace(k, std::string(e.what())).first;
    }
  }
  if (const auto* err = std::get_if<std::string>(&it->second)) throw std::runtime_error(*err);
  return std::get<System>(it->second);
}

std::uint64_t replica_seed(const StateKey& key, int replica) {
  return key.seed + 1000 * static_cast<std::uint64_t>(replica);
}

System replica_state(const StateKey& key, int replica) {
  System system = equilibrated_system(key);
  if (replica > 0) {
    // At the state point the equilibrated system actually reached (an NVE melt settles far
    // below its initial temperature), so every replica samples the same ensemble.
    const double dof = 3.0 * static_cast<double>(system.size()) - 3.0;
    const double t_now = temperature_of(kinetic_energy(system), dof, system.units());
    assign_maxwell_boltzmann(system, t_now, replica_seed(key, replica));
  }
  return system;
}

std::unique_ptr<Simulation> make_timed_simulation(const StateKey& key, int replica,
                                                  int warmup_steps, int threads) {
  const CaseSpec& c = *key.spec;
  const std::uint64_t seed = replica_seed(key, replica);
  auto sim = simulate(c, replica_state(key, replica),
                      make_integrator(c, key.ensemble, key.timestep, seed + 2), threads);
  run_checked(*sim, c, warmup_steps, "warm-up");
  // Warm up through two neighbour-list rebuilds too: the first rebuilds after the start size the
  // list's and the halo's buffers for a moving system, and must not land in the timed steps.
  const long builds = sim->neighbor_list().builds();
  constexpr long kMaxWarmup = 2000;
  for (long k = 0; k < kMaxWarmup && sim->neighbor_list().builds() < builds + 2; k += 10) {
    run_checked(*sim, c, 10, "warm-up");
  }
  return sim;
}

std::optional<std::string> check_health(Simulation& sim, const CaseSpec& spec) {
  const System& s = sim.system();
  const auto& lo = s.box().lo();
  const auto& len = s.box().lengths();
  const auto x = s.x(), y = s.y(), z = s.z();
  const auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const double* pos[3] = {x.data(), y.data(), z.data()};
  char line[200];
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
        std::snprintf(line, sizeof line, "atom %zu lost: %c = %.4g is a box length outside the box",
                      i, "xyz"[d], q);
        return std::string(line);
      }
    }
  }
  const double t = temperature_of(kinetic_energy(s), sim.dof(), s.units());
  constexpr double kMaxHeating = 20.0;
  if (spec.temperature > 0.0 && t > kMaxHeating * spec.temperature) {
    std::snprintf(line, sizeof line, "temperature exploded to %.4g (the case runs at %.4g)", t,
                  spec.temperature);
    return std::string(line);
  }
  return std::nullopt;
}

}  // namespace mdb::bench
