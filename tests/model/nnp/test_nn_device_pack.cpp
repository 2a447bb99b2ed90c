// The flat layout the NN device bodies read: weights and their transposes where the offsets say,
// the descriptor converted as AevComputer<float> converts it, and clear refusals.
#include "model/nnp/nn_device_pack.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "model/nnp/nn_presets.hpp"

namespace mdb {
namespace {

void expect_throws_with(const NnSpec& spec, const std::vector<std::string>& species,
                        const std::string& text) {
  try {
    pack_nn_for_device(spec, species);
    FAIL() << "expected an exception containing '" << text << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

TEST(NnDevicePack, WeightsAndTransposesSitAtTheirOffsets) {
  NnSpec spec = make_nn_preset("nn-student", {"Si", "Ge"});
  spec.networks[1][1].out = 24;  // Ge: a narrower second hidden layer than Si's 32
  spec.networks[1][1].weights.resize(24 * 64);
  spec.networks[1][1].bias.resize(24);
  spec.networks[1][2].in = 24;
  spec.networks[1][2].weights.resize(24);
  const NnDevicePack p = pack_nn_for_device(spec, {"Ge", "Si"});
  EXPECT_EQ(p.species_map, (std::vector<int>{1, 0}));
  ASSERT_EQ(p.n_layers, 3);
  // Two species: 2 x 8 radial and 3 pairs x 8 angular AEV entries.
  EXPECT_EQ(p.stride, (std::vector<int>{40, 64, 32, 1}));
  EXPECT_EQ(p.width, (std::vector<int>{40, 64, 32, 1, 40, 64, 24, 1}));
  const NnNetView v = p.net_view();
  for (int s = 0; s < 2; ++s) {
    for (int l = 0; l < 3; ++l) {
      const DenseLayerSpec& layer = spec.networks[s][l];
      const auto w = v.w_at(s, l), b = v.b_at(s, l);
      for (int o = 0; o < layer.out; ++o) {
        EXPECT_EQ(p.b[b + o], static_cast<float>(layer.bias[o]));
        for (int k = 0; k < layer.in; ++k) {
          const float expect = static_cast<float>(layer.weights[o * layer.in + k]);
          ASSERT_EQ(p.w[w + o * layer.in + k], expect) << s << " " << l;
          ASSERT_EQ(p.wt[w + k * layer.out + o], expect) << s << " " << l;
        }
      }
    }
  }
  EXPECT_EQ(p.w.size(), p.wt.size());
}

TEST(NnDevicePack, DescriptorIsConvertedAsTheCpuConvertsIt) {
  const NnSpec spec = make_nn_preset("nn-teacher");
  const NnDevicePack p = pack_nn_for_device(spec, {"Si"});
  const NnDescriptorView d = p.descriptor_view();
  EXPECT_EQ(d.aev_len, 1280);
  EXPECT_EQ(d.radial_len, 8 * 16);
  EXPECT_EQ(d.n_terms, 32);
  EXPECT_EQ(d.n_types, 1);
  EXPECT_EQ(d.species_map[0], 7);  // Si is the teacher's eighth species
  EXPECT_TRUE(d.radial.uniform);
  EXPECT_EQ(d.radial.n, 16);
  EXPECT_DOUBLE_EQ(d.two_eta_step, 2 * 16.0 * (5.2 - 0.9) / 16);
  // The recurrence's ratios: exp(-eta (d_{k+1}^2 - d_k^2)), d_k = shift_k - shift_0.
  const double step = d.radial.step;
  EXPECT_NEAR(d.radial.ratio[3], std::exp(-16.0 * step * step * 7), 1e-15);
  EXPECT_EQ(d.angular.zeta_int, 32);
  EXPECT_EQ(d.angular.n_angle, 8);
  EXPECT_EQ(d.angular.cos_angle_shift[0], static_cast<float>(std::cos(std::numbers::pi / 16)));
  EXPECT_FLOAT_EQ(d.rc_r, 5.2f);
  EXPECT_DOUBLE_EQ(p.cutoff, 5.2);
}

TEST(NnDevicePack, RefusesWhatTheBodiesCannotRun) {
  const NnSpec student = make_nn_preset("nn-student");
  expect_throws_with(student, {"Si", "Ge"}, "no network for species 'Ge'");
  NnSpec wide = student;
  wide.aev.radial_shifts.resize(kNnMaxRadial + 1, 5.0);
  const int n_in = wide.aev.length(1);
  wide.networks[0][0].in = n_in;
  wide.networks[0][0].weights.assign(static_cast<std::size_t>(n_in) * 64, 0.01);
  expect_throws_with(wide, {"Si"}, "radial shifts");
  NnSpec uneven = make_nn_preset("nn-student", {"Si", "Ge"});
  uneven.networks[1].erase(uneven.networks[1].begin() + 1);  // Ge: 16-64-1
  uneven.networks[1][1].in = 64;
  uneven.networks[1][1].weights.resize(64);
  expect_throws_with(uneven, {"Si"}, "different depths");
  NnSpec bad = student;
  bad.celu_alpha = -1;
  expect_throws_with(bad, {"Si"}, "NnDevicePack 'nn-student': celu alpha");
}

}  // namespace
}  // namespace mdb
