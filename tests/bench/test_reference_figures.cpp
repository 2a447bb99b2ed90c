// A student's reference figures kept between runs (bench/reference_figures.hpp): taken from the
// cache only while every model they came from gives its stored energy on the start state, never
// stored for a custom case or an error.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/prepared_state.hpp"
#include "bench/reference_figures.hpp"
#include "bench/state_cache.hpp"
#include "model/lennard_jones.hpp"

namespace mdb::bench {
namespace {

namespace fs = std::filesystem;

class ReferenceFiguresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("mdbench-reference-figures-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    set_state_cache_root(root_.string());
  }
  void TearDown() override {
    set_state_cache_root("off");
    fs::remove_all(root_);
  }
  // A computation that counts its calls and gives {v, 2v}.
  std::function<std::vector<double>()> figures(double v) {
    return [this, v] {
      ++calls_;
      return std::vector<double>{v, 2 * v};
    };
  }
  fs::path root_;
  int calls_ = 0;
};

using Figures = std::vector<double>;

TEST_F(ReferenceFiguresTest, AreTakenOnlyWhileTheirModelsGiveTheSameEnergiesOnTheirStart) {
  const CaseSpec& lj = *find_case("lj-ar");
  const System& start = equilibrated_system(StateKey{&lj, Ensemble::NVE, 32, 7, lj.timestep});
  EXPECT_EQ(cached_reference_figures("k", start, {&lj}, figures(1.5)), (Figures{1.5, 3.0}));
  const long taken = reference_figures_from_cache();
  EXPECT_EQ(cached_reference_figures("k", start, {&lj}, figures(4.0)), (Figures{1.5, 3.0}));
  EXPECT_EQ(calls_, 1);
  EXPECT_EQ(reference_figures_from_cache(), taken + 1);
  EXPECT_EQ(cached_reference_figures("other key", start, {&lj}, figures(4.0)), (Figures{4.0, 8.0}));

  // A model that changed under the same name (argon with a shifted potential) gives another
  // energy on the start: its figures are made again, and replace the stored ones.
  CaseSpec changed = lj;
  changed.recipe.make = [] {
    LjParams p = LjParams::argon();
    p.shift = true;
    return std::unique_ptr<ForceField>(std::make_unique<LennardJones<double>>(p));
  };
  EXPECT_EQ(cached_reference_figures("k", start, {&changed}, figures(5.0)), (Figures{5.0, 10.0}));
  EXPECT_EQ(cached_reference_figures("k", start, {&lj}, figures(6.0)), (Figures{6.0, 12.0}));
  // Another start state (an atom moved): the model's energy on it differs too.
  System moved = start;
  moved.x()[0] += 0.05;
  EXPECT_EQ(cached_reference_figures("k", moved, {&lj}, figures(7.0)), (Figures{7.0, 14.0}));
  // Another set of models.
  EXPECT_EQ(cached_reference_figures("k", moved, {&lj, &lj}, figures(8.0)), (Figures{8.0, 16.0}));
  // The teacher (the second model) changed, the student did not.
  EXPECT_EQ(cached_reference_figures("k", moved, {&lj, &changed}, figures(9.0)),
            (Figures{9.0, 18.0}));
  EXPECT_EQ(cached_reference_figures("k", moved, {&lj, &changed}, figures(1.0)),
            (Figures{9.0, 18.0}));
  EXPECT_EQ(calls_, 7);
}

TEST_F(ReferenceFiguresTest, NeitherACustomCaseNorAnErrorIsStored) {
  const CaseSpec& lj = *find_case("lj-ar");
  const System& start = equilibrated_system(StateKey{&lj, Ensemble::NVE, 32, 7, lj.timestep});
  CaseSpec custom = lj;
  custom.custom = true;
  EXPECT_EQ(cached_reference_figures("c", start, {&lj, &custom}, figures(1.0)),
            (Figures{1.0, 2.0}));
  EXPECT_EQ(cached_reference_figures("c", start, {&lj, &custom}, figures(2.0)),
            (Figures{2.0, 4.0}));
  EXPECT_THROW(cached_reference_figures("e", start, {&lj},
                                        []() -> Figures { throw std::runtime_error("blew up"); }),
               std::runtime_error);
  EXPECT_EQ(cached_reference_figures("e", start, {&lj}, figures(3.0)), (Figures{3.0, 6.0}));
  set_state_cache_root("off");
  EXPECT_EQ(cached_reference_figures("e", start, {&lj}, figures(4.0)), (Figures{4.0, 8.0}));
  EXPECT_EQ(calls_, 4);
}

}  // namespace
}  // namespace mdb::bench
