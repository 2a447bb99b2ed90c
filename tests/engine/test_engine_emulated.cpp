// The Engine conformance suite on the emulated device engine: DeviceSimulation's step bodies run
// on the host, so the device's step logic is checked where there is no GPU.
#include "tests/engine/emulated_device_engine.hpp"
#include "tests/engine/engine_conformance.hpp"

namespace mdb::test {

namespace {
std::unique_ptr<Engine> make_emulated(RunSpec spec) {
  return std::make_unique<EmulatedDeviceEngine>(std::move(spec));
}
}  // namespace

INSTANTIATE_TEST_SUITE_P(Emulated, EngineConformance,
                         ::testing::Values(Platform{Backend::Cuda, false, "emulated",
                                                    make_emulated}),
                         platform_name);

}  // namespace mdb::test
