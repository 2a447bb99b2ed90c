// A two-species student of water's shape: O and H each with their own network, frames whose
// composition never changes (so the per-species energy shifts are not determined by the
// energies alone), the loss gradient against finite differences, and the fitted student through
// the weights file and back.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "md/structure/water_box.hpp"
#include "model/distill/labelled_frame.hpp"
#include "model/distill/student_trainer.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/nnp/nn_weights_json.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

// 8 molecules of SPC/Fw's geometry (24 atoms, a 6.2 A box: atoms see several image shells at
// the AEV's cut-offs), turned at random and jittered by 0.05 A.
System water_frame(std::uint64_t seed) {
  WaterBoxSpec spec;
  spec.molecules = 8;
  spec.geometry = {1.012, 113.24, -0.82, 0.41};
  spec.seed = seed;
  System s = build_water_box(spec);
  test::jitter(s, 0.05, seed + 1);
  return s;
}

// A smooth teacher over H and O (generated weights: its physics does not matter here).
NnPotential<double> teacher() {
  return NnPotential<double>(make_nn_preset("nn-student", {"H", "O"}, 7, 0.5));
}

std::vector<LabelledFrame> frames(ForceField& t, int count, std::uint64_t seed) {
  std::vector<LabelledFrame> out;
  for (int k = 0; k < count; ++k) out.push_back(label_frame(water_frame(seed + 10 * k), t, "w"));
  return out;
}

NnSpec water_architecture() {
  NnSpec s;
  s.name = "water-test-student";
  s.species = {"H", "O"};
  s.celu_alpha = 1.0;
  s.aev = AevParams::ani_like(6, 2, 2, 5.0, 3.5);
  return s;
}

TrainingSettings settings() {
  TrainingSettings t;
  t.hidden = {6, 5};
  t.batch_frames = 2;
  t.seed = 5;
  return t;
}

TEST(TwoSpeciesStudent, LossGradientOfBothNetworksMatchesFiniteDifferences) {
  auto t = teacher();
  const auto train = frames(t, 2, 100);
  StudentTrainer trainer(water_architecture(), train, settings());
  trainer.run_epoch();
  std::vector<double> grad, scratch;
  const std::vector<int> batch{0, 1};
  trainer.loss_and_gradient(batch, grad);
  auto params = trainer.parameter_pointers();
  ASSERT_EQ(params.size(), grad.size());
  // H's parameters come first, then O's: check both halves.
  const std::size_t h_count = params.size() / 2;
  double worst = 0.0, largest_h = 0.0, largest_o = 0.0;
  for (std::size_t q = 0; q < params.size(); q += 2) {
    const double keep = *params[q], h = 1e-5;
    *params[q] = keep + h;
    const double up = trainer.loss_and_gradient(batch, scratch);
    *params[q] = keep - h;
    const double down = trainer.loss_and_gradient(batch, scratch);
    *params[q] = keep;
    worst = std::max(worst, std::abs((up - down) / (2 * h) - grad[q]));
    (q < h_count ? largest_h : largest_o) =
        std::max(q < h_count ? largest_h : largest_o, std::abs(grad[q]));
  }
  EXPECT_GT(largest_h, 1e-4);
  EXPECT_GT(largest_o, 1e-4);
  EXPECT_LT(worst, 1e-6 * std::max(largest_h, largest_o));
}

TEST(TwoSpeciesStudent, FixedCompositionGivesFiniteShiftsThatFitTheMeanEnergy) {
  auto t = teacher();
  const auto train = frames(t, 4, 300);
  StudentTrainer trainer(water_architecture(), train, settings());
  const NnSpec s = trainer.student();
  ASSERT_EQ(s.energy_shifts.size(), 2u);
  // Every frame holds 16 H and 8 O: only 16 e_H + 8 e_O is determined, and least squares makes
  // it the frames' mean energy (the minimum-norm solution picks the split).
  double mean = 0.0;
  for (const auto& f : train) mean += f.energy / static_cast<double>(train.size());
  EXPECT_TRUE(std::isfinite(s.energy_shifts[0]) && std::isfinite(s.energy_shifts[1]));
  EXPECT_NEAR(16.0 * s.energy_shifts[0] + 8.0 * s.energy_shifts[1], mean, 1e-9 * std::abs(mean));
}

TEST(TwoSpeciesStudent, FittedStudentSurvivesTheWeightsFile) {
  auto t = teacher();
  const auto train = frames(t, 4, 500);
  const auto held_out = frames(t, 2, 900);
  StudentTrainer trainer(water_architecture(), train, settings());
  for (int e = 0; e < 3; ++e) trainer.run_epoch();
  const NnSpec fitted = trainer.student();
  const NnSpec back = parse_nn_weights(nn_weights_to_json(fitted), "water-test-student.json");
  EXPECT_EQ(back.species, (std::vector<std::string>{"H", "O"}));
  ASSERT_EQ(back.networks.size(), 2u);
  // The two networks differ (each species learnt its own), and the file keeps both exactly.
  EXPECT_NE(back.networks[0].front().weights, back.networks[1].front().weights);
  for (std::size_t s = 0; s < 2; ++s) {
    ASSERT_EQ(back.networks[s].size(), fitted.networks[s].size());
    for (std::size_t l = 0; l < back.networks[s].size(); ++l) {
      EXPECT_EQ(back.networks[s][l].weights, fitted.networks[s][l].weights);
      EXPECT_EQ(back.networks[s][l].bias, fitted.networks[s][l].bias);
    }
  }
  const FrameAccuracy own = trainer.evaluate(held_out);
  NnPotential<double> reloaded(back);
  const FrameAccuracy file = accuracy_against(reloaded, held_out);
  EXPECT_GT(own.force_rmse, 1e-3);
  EXPECT_NEAR(file.force_rmse, own.force_rmse, 1e-9 * own.force_rmse);
  EXPECT_NEAR(file.energy_mae, own.energy_mae, 1e-9 + 1e-9 * own.energy_mae);
}

}  // namespace
}  // namespace mdb
