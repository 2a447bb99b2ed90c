// The native DunnPotential against the KIM DUNN driver (DUNN__MD_292677547454_000) through
// KimModel, on the same coordinates, with the parameters read from the installed KIM model: the
// ensemble mean, which is what KIM computes by default (active_member_id = -1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "model/dunn/dunn_potential.hpp"
#include "model/kim/kim_dunn_params.hpp"
#include "model/kim/kim_model.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"
#include "tests/model/kim/kim_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

const std::string kDunnV1 = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";
const std::string kDunnV2 = "DUNN_WenTadmor_2019v2_C__MO_956135237832_000";
const std::string kDunnV3 = "DUNN_WenTadmor_2019v3_C__MO_714772088128_000";

/// Largest |a - b| over the three force components, and the largest |b| (the scale).
struct ForceGap {
  double gap = 0.0, scale = 0.0;
};
ForceGap force_gap(const test::Evaluation& a, const test::Evaluation& b) {
  ForceGap g;
  for (std::size_t i = 0; i < a.fx.size(); ++i) {
    g.gap = std::max({g.gap, std::abs(a.fx[i] - b.fx[i]), std::abs(a.fy[i] - b.fy[i]),
                      std::abs(a.fz[i] - b.fz[i])});
    g.scale = std::max({g.scale, std::abs(b.fx[i]), std::abs(b.fy[i]), std::abs(b.fz[i])});
  }
  return g;
}

// What the driver reads, as the model card describes it: one species, a 5 A cosine cutoff, 8 G2
// and 43 G4 functions, centred and scaled; 51 -> 128 -> 128 -> 128 -> 1 with tanh; keep
// probabilities 1, 0.9, 0.9, 0.9; an ensemble of 100, the size KIM publishes.
TEST(KimDunn, ParameterFilesOfTheInstalledModel) {
  MDB_REQUIRE_KIM_MODEL(kDunnV1);
  const DunnParamFiles files = kim_dunn_param_files(kDunnV1);
  EXPECT_EQ(files.descriptor.name, "kim:" + kDunnV1 + "/descriptor.params");
  EXPECT_EQ(files.network.name, "kim:" + kDunnV1 + "/NN.params");
  EXPECT_EQ(files.dropout.name, "kim:" + kDunnV1 + "/dropout_binary.params");
  const DunnParams p = parse_dunn_params(files);
  EXPECT_EQ(p.descriptor.species, std::vector<std::string>{"C"});
  EXPECT_EQ(p.descriptor.cutoff(0, 0), 5.0);
  ASSERT_EQ(p.descriptor.size(), 51);
  EXPECT_EQ(std::count_if(p.descriptor.functions.begin(), p.descriptor.functions.end(),
                          [](const DunnSymmetryFunction& f) { return f.three_body(); }),
            43);
  EXPECT_TRUE(p.descriptor.normalize);
  ASSERT_EQ(p.network.layers.size(), 4u);
  for (int l = 0; l < 3; ++l) EXPECT_EQ(p.network.layers[l].out, 128);
  EXPECT_EQ(p.network.activation, DunnActivation::Tanh);
  EXPECT_EQ(p.network.keep_prob, (std::vector<double>{1.0, 0.9, 0.9, 0.9}));

  KimModel kim(kDunnV1);
  const auto published = kim.parameters();
  const KimParameter* size = find_kim_parameter(published, "ensemble_size");
  const KimParameter* member = find_kim_parameter(published, "active_member_id");
  ASSERT_NE(size, nullptr);
  ASSERT_NE(member, nullptr);
  EXPECT_EQ(p.network.ensemble_size(), static_cast<int>(size->values.at(0)));
  EXPECT_EQ(p.network.ensemble_size(), 100);
  EXPECT_EQ(member->values.at(0), kDunnEnsembleMean);
  EXPECT_EQ(kim.cutoff(), 5.0);
}

TEST(KimDunn, OtherModelsAreRefused) {
  MDB_REQUIRE_KIM_MODEL(test::kKimSw);
  try {
    kim_dunn_param_files(test::kKimSw);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("not the DUNN driver"), std::string::npos) << e.what();
  }
  EXPECT_THROW(kim_dunn_param_files("No_Such_Model__MO_000000000000_000"), std::runtime_error);
}

std::string frame_name(const ::testing::TestParamInfo<int>& p) {
  return test::carbon_frames()[static_cast<std::size_t>(p.param)].name;
}

// One KIM model and one native potential for all frames (creating them takes ~0.1 s each).
class KimDunnFrame : public ::testing::TestWithParam<int> {
 protected:
  static void SetUpTestSuite() {
    if (!test::kim_installed(kDunnV1)) return;
    kim_ = std::make_unique<KimModel>(kDunnV1);
    native_ = std::make_unique<DunnPotential>(dunn_params_from_kim(kDunnV1));
  }
  static void TearDownTestSuite() {
    kim_.reset();
    native_.reset();
  }
  static std::unique_ptr<KimModel> kim_;
  static std::unique_ptr<DunnPotential> native_;
};
std::unique_ptr<KimModel> KimDunnFrame::kim_;
std::unique_ptr<DunnPotential> KimDunnFrame::native_;

// Energy to 1e-8 relative, forces to 1e-7 of the largest component, virial (the driver's
// partialVirial) to 1e-7 of its largest component: the two codes evaluate the same sums in a
// different order, so only rounding (~1e-14) may separate them.
TEST_P(KimDunnFrame, EnsembleMeanMatchesTheKimDriver) {
  MDB_REQUIRE_KIM_MODEL(kDunnV1);
  static const std::vector<test::CarbonFrame> frames = test::carbon_frames();
  const test::CarbonFrame& f = frames.at(static_cast<std::size_t>(GetParam()));
  ASSERT_EQ(native_->active_member(), kDunnEnsembleMean);
  const auto k = test::evaluate(*kim_, f.system);
  const auto n = test::evaluate(*native_, f.system);
  const double de = std::abs(n.result.energy - k.result.energy) / std::abs(k.result.energy);
  const ForceGap g = force_gap(n, k);
  double wgap = 0.0, wscale = 0.0;
  for (std::size_t c = 0; c < 6; ++c) {
    wgap = std::max(wgap, std::abs(n.result.virial[c] - k.result.virial[c]));
    wscale = std::max(wscale, std::abs(k.result.virial[c]));
  }
  ASSERT_GT(g.scale, 1e-3) << "the frame should have forces";
  // The bounds are 1e-8 and 1e-7; measured agreement is ~1e-15 and ~1e-13 (the same
  // double arithmetic in another order), so these catch a float or fast-math slip too.
  EXPECT_LT(de, 1e-12);
  EXPECT_LT(g.gap, 1e-11 * g.scale);
  EXPECT_LT(wgap, 1e-11 * wscale);
  std::printf(
      "%-15s %3zu atoms  E/atom %.8f eV  |dE|/|E| %.1e  max|dF|/max|F| %.1e  "
      "max|dW|/max|W| %.1e\n",
      f.name.c_str(), f.system.size(), k.result.energy / f.system.size(), de, g.gap / g.scale,
      wgap / wscale);
}

INSTANTIATE_TEST_SUITE_P(Frames, KimDunnFrame, ::testing::Range(0, 9), frame_name);

// The v2 and v3 models (other trainings, other masks) on two small frames.
TEST(KimDunn, OtherVersionsMatchTheKimDriver) {
  const auto frames = test::carbon_frames();
  int compared = 0;
  for (const std::string& name : {kDunnV2, kDunnV3}) {
    if (!test::kim_installed(name)) continue;
    ++compared;
    KimModel kim(name);
    DunnPotential native(dunn_params_from_kim(name));
    for (const char* frame : {"hot_diamond_64", "graphite_64"}) {
      const auto it = std::find_if(frames.begin(), frames.end(),
                                   [&](const test::CarbonFrame& f) { return f.name == frame; });
      ASSERT_NE(it, frames.end()) << frame;
      const auto k = test::evaluate(kim, it->system);
      const auto n = test::evaluate(native, it->system);
      EXPECT_NEAR(n.result.energy, k.result.energy, 1e-8 * std::abs(k.result.energy)) << name;
      const ForceGap g = force_gap(n, k);
      EXPECT_LT(g.gap, 1e-7 * g.scale) << name << " " << frame;
    }
  }
  if (compared == 0) GTEST_SKIP() << "neither the v2 nor the v3 DUNN model is installed";
}

}  // namespace
}  // namespace mdb
