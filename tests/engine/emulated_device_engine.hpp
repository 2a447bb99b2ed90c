#pragma once
// The emulated device engine (tests/kernels/emulated_engine: DeviceSimulation's step bodies run
// on the host, each launch a loop) behind the Engine interface, so the conformance suite checks
// the device engine's step logic on machines without a GPU. Test-only.
#include <memory>
#include <vector>

#include "md/engine/engine.hpp"
#include "tests/kernels/emulated_engine.hpp"

namespace mdb::test {

/// Built from a RunSpec like CudaEngine: one model bound to replica 0, its device arithmetic run
/// by emulated launches (LennardJones<double> and StillingerWeber, the models whose kernels the
/// emulation has); the same checks and errors as the device engine.
class EmulatedDeviceEngine final : public Engine {
 public:
  explicit EmulatedDeviceEngine(RunSpec spec);

  Backend backend() const override { return Backend::Cuda; }
  int replicas() const override { return engine_->replicas; }
  int atoms_per_replica() const override { return engine_->atoms_per_replica; }
  void step(bool observe = false) override;
  void synchronize() override;
  void thermo(std::vector<Thermo>& out) override;
  void copy_state(int replica, System& into) override;
  bool host_timed_steps() const override { return false; }
  double last_step_seconds() const override;
  void begin_timing() override;
  double end_timing() override;
  void reset_phase_times() override {}
  long long list_builds() override { return engine_->ctl.builds; }
  EngineFigures figures() override;
  std::optional<std::string> check_health(double max_temperature) override;
  ForceField& model(int replica) override;

 private:
  std::unique_ptr<ForceField> model_;
  std::unique_ptr<EmulatedEngine> engine_;
  double dt_ = 0.0;
  bool thermostat_ = false, npt_ = false;
  const UnitSystem* units_ = nullptr;
  bool observed_ = true;  // the last force call summed energy and virial
  std::vector<double> replica_mass_;
  std::uint64_t span_start_ = 0;
};

}  // namespace mdb::test
