// Each model declares where it runs (ForceField::supports, splits_over_threads) and makes its own
// GPU twin; benchmark cases derive their rows from these, so the declarations must match what the
// model then does.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "md/core/thread_team.hpp"
#include "model/lennard_jones.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/stillinger_weber.hpp"

namespace mdb {
namespace {

#ifdef MDB_HAVE_CUDA
constexpr bool kCudaBuilt = true;
#else
constexpr bool kCudaBuilt = false;
#endif

struct Declared {
  const char* what;
  std::unique_ptr<ForceField> model;
  bool cuda;  // whether a CUDA build has a twin for it
};

std::vector<Declared> models() {
  std::vector<Declared> out;
  out.push_back({"lj double", std::make_unique<LennardJones<double>>(LjParams::argon()), true});
  out.push_back({"lj float", std::make_unique<LennardJones<float>>(LjParams::argon()), false});
  out.push_back({"sw", std::make_unique<StillingerWeber>(SwParams::silicon()), true});
  out.push_back(
      {"nn float over sw",
       std::make_unique<NnPotential<float>>(make_nn_preset("nn-student"),
                                            std::make_unique<StillingerWeber>(SwParams::silicon())),
       true});
  out.push_back(
      {"nn double", std::make_unique<NnPotential<double>>(make_nn_preset("nn-student")), false});
  out.push_back(
      {"nn float alone", std::make_unique<NnPotential<float>>(make_nn_preset("nn-student")), true});
  return out;
}

TEST(ModelBackends, EveryModelRunsOnTheCpuAndOnCudaWhereItHasATwin) {
  for (const auto& m : models()) {
    SCOPED_TRACE(m.what);
    EXPECT_TRUE(m.model->supports(Backend::Cpu));
    EXPECT_EQ(m.model->supports(Backend::Cuda), kCudaBuilt && m.cuda);
  }
}

TEST(ModelBackends, NoTwinWhereCudaIsNotSupported) {
  // Where supports(Cuda) is false the factory must say so without touching a device.
  const System empty(Box::cube(10.0), kMetalUnits);
  for (const auto& m : models()) {
    SCOPED_TRACE(m.what);
    if (m.model->supports(Backend::Cuda)) continue;
    EXPECT_EQ(m.model->make_device_twin(empty), nullptr);
  }
}

TEST(ModelBackends, SplitsOverThreadsIsWhatUseThreadsAccepts) {
  ThreadTeam team(2);
  for (const auto& m : models()) {
    SCOPED_TRACE(m.what);
    EXPECT_EQ(m.model->splits_over_threads(), m.model->use_threads(&team));
    m.model->use_threads(nullptr);
  }
}

}  // namespace
}  // namespace mdb
