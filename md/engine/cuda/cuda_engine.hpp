#pragma once
// The Engine on the GPU: DeviceSimulation (the whole step on the device, R replicas per launch)
// behind the interface the CPU engine implements. Plain C++; built only with the CUDA toolkit.
#include <cstdint>
#include <memory>
#include <vector>

#include "md/engine/cuda/device_simulation.hpp"
#include "md/engine/engine.hpp"

namespace mdb {

/// Binds one model to replica 0 (all replicas share species and parameters), takes its
/// make_device_twin() and runs DeviceSimulation with it. Steps are enqueued; timing spans are
/// CUDA events on the engine's stream.
class CudaEngine final : public Engine {
 public:
  /// Throws std::invalid_argument for a model without a GPU twin or a bad spec, and
  /// std::runtime_error when a CUDA call fails.
  explicit CudaEngine(RunSpec spec);

  Backend backend() const override { return Backend::Cuda; }
  int replicas() const override { return sim_->replicas(); }
  int atoms_per_replica() const override { return sim_->atoms_per_replica(); }
  void step(bool observe = false) override { sim_->step(observe); }
  void synchronize() override { sim_->synchronize(); }
  void thermo(std::vector<Thermo>& out) override { sim_->thermo(out); }
  void copy_state(int replica, System& into) override { sim_->download(replica, into); }
  bool host_timed_steps() const override { return false; }
  double last_step_seconds() const override;
  void begin_timing() override;
  double end_timing() override;
  void reset_phase_times() override {}
  long long list_builds() override { return sim_->builds(); }
  EngineFigures figures() override;
  double device_memory_bytes() const override;
  std::optional<std::string> check_health(double max_temperature) override;
  ForceField& model(int replica) override;
  DeviceForce* device_model() override { return &sim_->force(); }
  std::string graph_fallback_reason() const override;

  DeviceSimulation& simulation() { return *sim_; }

 private:
  std::unique_ptr<ForceField> model_;  // bound to replica 0: what the twin mirrors
  std::unique_ptr<DeviceSimulation> sim_;
  bool graph_ = false;
  std::vector<Thermo> health_thermo_;
};

}  // namespace mdb
