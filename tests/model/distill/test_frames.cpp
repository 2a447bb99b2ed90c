// Distillation data: the AEV's tangent, the carbon structures, labels and accuracy figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "model/distill/carbon_structures.hpp"
#include "model/distill/frame_geometry.hpp"
#include "model/distill/labelled_frame.hpp"
#include "model/nnp/aev.hpp"
#include "model/stillinger_weber.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"

namespace mdb {
namespace {

std::vector<double> aev_rows(AevComputer<double>& aev, const FrameGeometry& geo,
                             const std::vector<int>& species_map, const std::vector<int>& rows) {
  std::vector<double> g(static_cast<std::size_t>(geo.n_local()) * aev.length());
  aev.forward(geo.view(), species_map.data(), rows.data(), g.data(), aev.length());
  return g;
}

// Two species, so the pair blocks of the angular terms differ; a small box, so ghosts of an
// atom's own images are among its neighbours.
struct TangentCase {
  System system = test::jittered_si_ge(1, 0.15, 7);
  AevParams params = AevParams::ani_like(4, 3, 2, 5.2, 3.5);
  std::vector<int> species_map{0, 1}, rows;
  std::vector<double> wx, wy, wz;
  TangentCase() {
    const int n = static_cast<int>(system.size());
    for (int i = 0; i < n; ++i) {
      rows.push_back(n - 1 - i);  // rows need not be atoms' order
      wx.push_back(std::sin(1.0 + i));
      wy.push_back(std::cos(2.0 * i));
      wz.push_back(std::sin(0.5 * i - 1.0));
    }
  }
  System displaced(double h) const {
    System s = system;
    for (std::size_t i = 0; i < s.size(); ++i) {
      s.x()[i] += h * wx[i];
      s.y()[i] += h * wy[i];
      s.z()[i] += h * wz[i];
    }
    return s;
  }
};

TEST(AevTangent, MatchesFiniteDifferencesOfTheDescriptor) {
  TangentCase c;
  AevComputer<double> aev;
  aev.configure(c.params, 2);
  const FrameGeometry geo(c.system, c.params.max_cutoff());
  aev_rows(aev, geo, c.species_map, c.rows);
  std::vector<double> ex, ey, ez;
  for (int e : geo.owner()) {
    ex.push_back(c.wx[e]);
    ey.push_back(c.wy[e]);
    ez.push_back(c.wz[e]);
  }
  std::vector<double> t(static_cast<std::size_t>(geo.n_local()) * aev.length());
  aev.tangent(geo.view(), c.rows.data(), ex.data(), ey.data(), ez.data(), t.data(), aev.length());
  const double h = 1e-5;
  const auto up =
      aev_rows(aev, FrameGeometry(c.displaced(h), c.params.max_cutoff()), c.species_map, c.rows);
  const auto down =
      aev_rows(aev, FrameGeometry(c.displaced(-h), c.params.max_cutoff()), c.species_map, c.rows);
  double largest = 0.0, worst = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    largest = std::max(largest, std::abs(t[k]));
    worst = std::max(worst, std::abs((up[k] - down[k]) / (2 * h) - t[k]));
  }
  EXPECT_GT(largest, 0.05);
  EXPECT_LT(worst, 1e-7 * largest);
}

TEST(AevTangent, IsTheTransposeOfTheBackwardPass) {
  TangentCase c;
  AevComputer<double> aev;
  aev.configure(c.params, 2);
  const FrameGeometry geo(c.system, c.params.max_cutoff());
  const auto g = aev_rows(aev, geo, c.species_map, c.rows);
  std::vector<double> grad(g.size());
  for (std::size_t k = 0; k < grad.size(); ++k) grad[k] = std::cos(0.3 * k);
  const std::size_t n_ext = geo.owner().size();
  std::vector<double> fx(n_ext, 0.0), fy(n_ext, 0.0), fz(n_ext, 0.0), ex, ey, ez;
  aev.backward(geo.view(), c.rows.data(), grad.data(), aev.length(), fx.data(), fy.data(),
               fz.data());
  double work = 0.0;  // -sum_k w_k . F_k over extended atoms (ghosts move with owners)
  for (std::size_t e = 0; e < n_ext; ++e) {
    const int o = geo.owner()[e];
    work -= c.wx[o] * fx[e] + c.wy[o] * fy[e] + c.wz[o] * fz[e];
    ex.push_back(c.wx[o]);
    ey.push_back(c.wy[o]);
    ez.push_back(c.wz[o]);
  }
  std::vector<double> t(g.size());
  aev.tangent(geo.view(), c.rows.data(), ex.data(), ey.data(), ez.data(), t.data(), aev.length());
  double dot = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) dot += grad[k] * t[k];
  EXPECT_GT(std::abs(dot), 0.1);
  EXPECT_NEAR(dot, work, 1e-10 * std::abs(dot));
}

// Neighbours of every atom closer than r, and the distances seen.
std::vector<int> neighbour_counts(const System& s, double r, double& shortest) {
  const FrameGeometry geo(s, r);
  const NeighborView v = geo.view();
  std::vector<int> counts;
  shortest = 1e9;
  for (int i = 0; i < v.n_local; ++i) {
    counts.push_back(static_cast<int>(v.offsets[i + 1] - v.offsets[i]));
    for (auto p = v.offsets[i]; p < v.offsets[i + 1]; ++p) {
      const int j = v.neighbors[p];
      shortest = std::min(shortest, std::hypot(v.x[j] - v.x[i], v.y[j] - v.y[i], v.z[j] - v.z[i]));
    }
  }
  return counts;
}

double density_g_cm3(const System& s) {
  const auto& l = s.box().lengths();
  return s.total_mass() * 1.66053906660 / (l[0] * l[1] * l[2]);
}

TEST(CarbonStructures, DiamondIsFourfoldAtTheBondLength) {
  const System s = carbon_structure(CarbonPhase::Diamond);
  ASSERT_EQ(s.size(), 64u);
  double shortest = 0.0;
  for (int c : neighbour_counts(s, 1.6, shortest)) EXPECT_EQ(c, 4);
  EXPECT_NEAR(shortest, 3.567 * std::sqrt(3.0) / 4.0, 1e-12);
  EXPECT_NEAR(density_g_cm3(s), 3.52, 0.01);
}

TEST(CarbonStructures, GraphiteIsThreefoldInPlaneWithLayersHalfACellApart) {
  const System s = carbon_structure(CarbonPhase::Graphite);
  ASSERT_EQ(s.size(), 64u);
  double shortest = 0.0;
  for (int c : neighbour_counts(s, 1.5, shortest)) EXPECT_EQ(c, 3);
  EXPECT_NEAR(shortest, 2.464 / std::sqrt(3.0), 1e-12);
  // AB stacking: half the atoms sit over an atom of the next layer (14 neighbours within 3.4 A:
  // 3 + 6 + 3 in plane, one above, one below), half over a hexagon's centre (12).
  const auto within = neighbour_counts(s, 3.4, shortest);
  EXPECT_EQ(std::count(within.begin(), within.end(), 14), 32);
  EXPECT_EQ(std::count(within.begin(), within.end(), 12), 32);
  EXPECT_NEAR(density_g_cm3(s), 2.27, 0.01);
}

TEST(CarbonStructures, NamesRoundTripAndAnUnknownOneIsNamed) {
  for (auto p : {CarbonPhase::Diamond, CarbonPhase::Graphite, CarbonPhase::Liquid}) {
    EXPECT_EQ(parse_carbon_phase(carbon_phase_name(p)), p);
  }
  try {
    parse_carbon_phase("nanotube");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("diamond, graphite, liquid"), std::string::npos);
  }
}

// A model with epsilon scaled by k has k times the energy and forces: its error against the
// labels of the original is (k - 1) |E| / N and (k - 1) rms(F).
TEST(FrameAccuracy, ScaledModelIsOffByTheScaleAsExpected) {
  StillingerWeber sw(SwParams::silicon());
  std::vector<LabelledFrame> frames;
  for (std::uint64_t seed : {1, 2}) {
    frames.push_back(label_frame(test::jittered_silicon(1, 0.1, seed), sw, "jittered Si"));
  }
  EXPECT_EQ(accuracy_against(sw, frames).force_rmse, 0.0);
  SwParams p = SwParams::silicon();
  p.entries[0].epsilon *= 1.25;
  StillingerWeber scaled(p);
  const FrameAccuracy a = accuracy_against(scaled, frames);
  double e = 0.0, sq = 0.0;
  for (const auto& f : frames) {
    e += 0.25 * std::abs(f.energy) / 8.0 / 2.0;
    for (std::size_t i = 0; i < 8; ++i) {
      sq += f.fx[i] * f.fx[i] + f.fy[i] * f.fy[i] + f.fz[i] * f.fz[i];
    }
  }
  EXPECT_EQ(a.frames, 2);
  EXPECT_NEAR(a.energy_mae, e, 1e-12);
  EXPECT_NEAR(a.force_rmse, 0.25 * std::sqrt(sq / 48.0), 1e-12);
  EXPECT_GT(a.force_rmse, 0.05);
}

}  // namespace
}  // namespace mdb
