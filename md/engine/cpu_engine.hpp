#pragma once
// The Engine on the host: one Simulation per replica, stepped in turn or over a thread team.
#include <cstdint>
#include <memory>
#include <vector>

#include "md/core/thread_team.hpp"
#include "md/engine/engine.hpp"
#include "md/engine/simulation.hpp"

namespace mdb {

/// Owns R Simulations (each with its own model, integrator, list and phase timer) and, for
/// R > 1, the team that steps them. step() times itself with the time-stamp counter: two
/// counter reads per step, the harness cost measured by bench/harness_overhead.
class CpuEngine final : public Engine {
 public:
  /// Throws std::invalid_argument on an empty or mismatched replica set, a bad policy or
  /// ensemble, or threads the model cannot use.
  explicit CpuEngine(RunSpec spec);

  Backend backend() const override { return Backend::Cpu; }
  int replicas() const override { return static_cast<int>(sims_.size()); }
  int atoms_per_replica() const override;
  void step(bool observe = false) override;
  void synchronize() override {}
  void thermo(std::vector<Thermo>& out) override;
  void copy_state(int replica, System& into) override;
  bool host_timed_steps() const override { return true; }
  double last_step_seconds() const override;
  void begin_timing() override;
  double end_timing() override;
  void reset_phase_times() override;
  long long list_builds() override;
  EngineFigures figures() override;
  std::optional<std::string> check_health(double max_temperature) override;
  ForceField& model(int replica) override;

  Simulation& simulation(int replica) { return *sims_.at(static_cast<std::size_t>(replica)); }

 private:
  static void step_replica(void* self, int replica);

  std::vector<std::unique_ptr<Simulation>> sims_;
  std::unique_ptr<ThreadTeam> team_;  // steps the replicas (size 1: the caller alone)
  int threads_per_replica_ = 1;
  bool observe_ = false;  // the flag of the step in progress, for the team's job
  std::uint64_t last_step_ticks_ = 0, span_start_ = 0;
};

}  // namespace mdb
