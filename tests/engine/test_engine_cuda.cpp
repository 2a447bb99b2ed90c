// The Engine conformance suite on the CUDA engine, with steps launched one by one and replayed
// from CUDA graphs; every test skips without a usable device.
#include "md/engine/make_engine.hpp"
#include "tests/engine/engine_conformance.hpp"

namespace mdb::test {

INSTANTIATE_TEST_SUITE_P(Cuda, EngineConformance,
                         ::testing::Values(Platform{Backend::Cuda, false, "cuda"},
                                           Platform{Backend::Cuda, true, "cuda_graph"}),
                         platform_name);

// A model without a GPU twin is refused by name.
TEST(CudaEngine, ModelWithoutATwinIsRefused) {
  RunSpec spec;
  spec.replicas.push_back(make_argon_fcc(3, 3, 3, 40.0));
  spec.model = [] { return std::make_unique<LennardJones<float>>(LjParams::argon()); };
  spec.neighbor.skin = 1.0;
  spec.dt = 0.002;
  try {
    make_engine(Backend::Cuda, std::move(spec));
    FAIL() << "LennardJones<float> has no GPU twin";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has no GPU version"), std::string::npos) << e.what();
  }
}

}  // namespace mdb::test
