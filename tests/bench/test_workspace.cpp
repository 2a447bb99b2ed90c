// The live workspace is reused only for the very engine a benchmark asked for: a row whose
// choice differs in any field (here the mixed-precision model) gets an engine of its own.
#include "bench/workspace.hpp"

#include <gtest/gtest.h>

#include "bench/cases.hpp"

namespace mdb::bench {
namespace {

TEST(Workspace, ReusedForTheSameChoiceOnly) {
  const StateKey key{find_case("lj-ar"), Ensemble::NVE, 32, 5, 0.002};
  constexpr int kOwner = 1;
  EngineChoice plain;
  plain.warmup_steps = 0;
  Workspace& a = acquire_workspace(kOwner, key, plain);
  Engine* first = a.engine.get();
  EXPECT_EQ(first->model(0).name(), "lj/cut");
  EXPECT_EQ(acquire_workspace(kOwner, key, plain).engine.get(), first) << "same choice: reused";

  EngineChoice mixed = plain;
  mixed.mixed = true;
  Workspace& b = acquire_workspace(kOwner, key, mixed);
  EXPECT_EQ(b.engine->model(0).name(), "lj/cut<float>")
      << "a cpu-mixed row must not time the double engine of the row before it";
  EngineChoice threads = plain;
  threads.threads = 2;
  Workspace& c = acquire_workspace(kOwner, key, threads);
  EXPECT_EQ(c.engine->model(0).name(), "lj/cut");
  EXPECT_EQ(c.engine->figures().threads, 2) << "a cpu-t2 row must not time a one-thread engine";
  EXPECT_EQ(acquire_workspace(kOwner, key, plain).engine->figures().threads, 1)
      << "nor a cpu row the two-thread engine of the row before it";
  discard_workspace();
}

}  // namespace
}  // namespace mdb::bench
