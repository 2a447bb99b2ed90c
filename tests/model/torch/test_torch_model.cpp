// TorchModel against oracles that share nothing with it: a Lennard-Jones potential written in
// torch (tests/model/torch/make_torch_models.py, nequip-deploy's convention) against the native
// LennardJones on the same coordinates, the model conformance suite (finite differences, strain
// derivatives, translation, NVE), and one-line errors for every bad file.
#include "model/torch/torch_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "md/structure/lattice.hpp"
#include "model/lennard_jones.hpp"
#include "tests/model/torch/torch_test_systems.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

using test::ar_kr;
using test::argon_krypton;
const std::string& kModels = test::kTorchModels;

TEST(TorchModel, ReadsNequipMetadata) {
  const TorchModel m(kModels + "/lj_nequip.pth");
  EXPECT_EQ(m.info().convention, "nequip-0.6");
  EXPECT_EQ(m.info().version, "0.6.0");
  EXPECT_DOUBLE_EQ(m.cutoff(), 8.5);
  EXPECT_EQ(m.info().type_names, (std::vector<std::string>{"Ar", "Kr"}));
  EXPECT_TRUE(m.info().double_precision);
  EXPECT_FALSE(TorchModel(kModels + "/lj_nequip_f32.pth").info().double_precision);
}

// Energy, every force and the virial of the torch LJ equal the native one's in float64.
TEST(TorchModel, LennardJonesInTorchEqualsTheNativeOne) {
  const System s = ar_kr();
  TorchModel torch_lj(kModels + "/lj_nequip.pth");
  LennardJones<double> native(argon_krypton());
  const auto a = test::evaluate(torch_lj, s);
  const auto b = test::evaluate(native, s);
  ASSERT_LT(b.result.energy, 0.0);
  EXPECT_NEAR(a.result.energy, b.result.energy, 1e-10 * std::abs(b.result.energy));
  double fmax = 0.0;
  for (double f : b.fx) fmax = std::max(fmax, std::abs(f));
  ASSERT_GT(fmax, 1e-2);  // eV/A: the jitter made forces
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_NEAR(a.fx[i], b.fx[i], 1e-10 * fmax) << i;
    ASSERT_NEAR(a.fy[i], b.fy[i], 1e-10 * fmax) << i;
    ASSERT_NEAR(a.fz[i], b.fz[i], 1e-10 * fmax) << i;
  }
  double wmax = 0.0;
  for (double w : b.result.virial) wmax = std::max(wmax, std::abs(w));
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(a.result.virial[k], b.result.virial[k], 1e-10 * wmax) << "component " << k;
  }
}

// The float32 export agrees with float64 to float rounding (the edges' cell shifts and positions
// are rounded to float before the model forms separations).
TEST(TorchModel, Float32ModelAgreesToFloatRounding) {
  const System s = ar_kr();
  TorchModel f32(kModels + "/lj_nequip_f32.pth");
  TorchModel f64(kModels + "/lj_nequip.pth");
  const auto a = test::evaluate(f32, s);
  const auto b = test::evaluate(f64, s);
  EXPECT_NEAR(a.result.energy, b.result.energy, 1e-5 * std::abs(b.result.energy));
  double err2 = 0.0, norm2 = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    err2 += std::pow(a.fx[i] - b.fx[i], 2) + std::pow(a.fy[i] - b.fy[i], 2) +
            std::pow(a.fz[i] - b.fz[i], 2);
    norm2 += b.fx[i] * b.fx[i] + b.fy[i] * b.fy[i] + b.fz[i] * b.fz[i];
  }
  EXPECT_LT(std::sqrt(err2 / norm2), 1e-4);
  EXPECT_GT(std::sqrt(err2 / norm2), 0.0) << "float32 should round somewhere";
}

TEST(TorchModel, StageClocksCoverTheCalls) {
  const System s = ar_kr();
  TorchModel m(kModels + "/lj_nequip.pth");
  test::evaluate(m, s);
  m.reset_stage_times();
  NeighborList list(m.cutoff(), NeighborKind::Full, NeighborPolicy{0.5});
  System t = s;
  m.bind(t);
  list.build(t);
  for (int k = 0; k < 3; ++k) m.compute(t, list, {});
  const StageClocks c = m.stage_times();
  ASSERT_EQ(c.count, 3);
  EXPECT_EQ(c.calls, 3);
  EXPECT_GT(c.seconds(StageRole::NetworkForward), 0.0);
  EXPECT_GT(c.seconds(StageRole::Other), 0.0);
}

void expect_error(const std::string& path, const std::string& part) {
  try {
    TorchModel m(path);
    ADD_FAILURE() << path << " was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(path + ": ", 0), 0u) << what;
    EXPECT_NE(what.find(part), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TorchModel, BadFilesAreOneLineNamingTheFile) {
  const std::string dir = testing::TempDir();
  const std::string text = dir + "/not_a_model.pth";
  std::ofstream(text) << "this is not a zip archive\n";
  expect_error(dir + "/missing.pth", "cannot open");
  expect_error(dir, "is a directory");
  expect_error(text, "not a TorchScript file this libtorch");
  expect_error(kModels + "/no_metadata.pth", "in no convention md_bench reads");
  const std::string aot = dir + "/model.nequip.pt2";
  std::ofstream(aot) << "PK";
  expect_error(aot, "is an AOTInductor package");
  std::filesystem::remove(aot);
  std::filesystem::remove(text);
}

TEST(TorchModel, ASpeciesTheModelLacksIsNamed) {
  TorchModel m(kModels + "/lj_nequip.pth");
  const System s = build_lattice({LatticeKind::Fcc, 6.2, 2, 2, 2}, {"Xe", 131.29}, kMetalUnits);
  try {
    m.bind(s);
    FAIL() << "bound a species the model lacks";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has no species 'Xe' (it covers Ar, Kr)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace

}  // namespace mdb
