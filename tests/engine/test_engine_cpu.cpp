// The Engine conformance suite on the CPU engine.
#include "tests/engine/engine_conformance.hpp"

namespace mdb::test {

INSTANTIATE_TEST_SUITE_P(Cpu, EngineConformance,
                         ::testing::Values(Platform{Backend::Cpu, false, "cpu"}), platform_name);

}  // namespace mdb::test
