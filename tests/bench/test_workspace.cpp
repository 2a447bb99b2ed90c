// The live workspace is reused only for the very engine a benchmark asked for: a row whose
// choice differs in any field (here the mixed-precision model) gets an engine of its own; and it
// keeps its warm-up's pace.
#include "bench/workspace.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

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

// run_sizing sizes a row's run by its warm-up's pace: the steps after the first, cold ones. It
// must be the pace of the steps the row then times, not that of the first step (which builds the
// list and touches every buffer, several times slower) nor off by a unit.
TEST(Workspace, TheWarmUpsPaceIsThePaceOfTheStepsAfterIt) {
  const StateKey key{find_case("lj-ar"), Ensemble::NVE, 256, 5, 0.002};
  Workspace& ws = acquire_workspace(2, key, EngineChoice{});
  ASSERT_TRUE(ws.engine->host_timed_steps());
  ASSERT_GT(ws.warm_step_s, 0.0);
  std::vector<double> steps;
  for (int i = 0; i < 400; ++i) {
    ws.engine->step();
    steps.push_back(ws.engine->last_step_seconds());
  }
  std::nth_element(steps.begin(), steps.begin() + 200, steps.end());
  const double median = steps[200];
  // A shared machine moves either by tens of percent; a cold step or a unit error moves it more.
  EXPECT_GT(ws.warm_step_s, median / 3) << "median step " << median;
  EXPECT_LT(ws.warm_step_s, median * 3) << "median step " << median;
  discard_workspace();
}

}  // namespace
}  // namespace mdb::bench
