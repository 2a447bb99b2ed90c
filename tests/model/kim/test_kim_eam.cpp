// Our Eam with the very file an installed KIM EAM_Dynamo model carries against that KIM model on
// the same coordinates: the driver splines as LAMMPS does, so energies and forces agree to
// rounding. Crystals compressed, stretched and jittered, from a few atoms (several image
// shells) to a few hundred. (Not too compressed: the driver refuses a density past its table,
// where LAMMPS and Eam extend F linearly; tests/bench/test_lammps_peer.cpp covers that.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/eam.hpp"
#include "model/kim/kim_eam_params.hpp"
#include "model/kim/kim_model.hpp"
#include "tests/model/kim/kim_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

struct Crystal {
  LatticeKind kind;
  double a;
  int cells;
  double jitter;
};

void expect_native_equals_kim(const std::string& model, const Species& species,
                              const std::vector<Crystal>& crystals) {
  KimModel kim(model);
  Eam native(kim_eam_file(model));
  EXPECT_NEAR(native.cutoff(), kim.cutoff(), 1e-12);
  std::uint64_t seed = 40;
  for (const Crystal& c : crystals) {
    System s = test::kim_crystal(c.kind, c.a, c.cells, species);
    test::jitter(s, c.jitter, ++seed);
    const auto k = test::evaluate(kim, s);
    const auto n = test::evaluate(native, s);
    const double de = std::abs(k.result.energy - n.result.energy) / std::abs(k.result.energy);
    double fmax = 0.0, dmax = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      fmax = std::max({fmax, std::abs(k.fx[i]), std::abs(k.fy[i]), std::abs(k.fz[i])});
      dmax = std::max({dmax, std::abs(k.fx[i] - n.fx[i]), std::abs(k.fy[i] - n.fy[i]),
                       std::abs(k.fz[i] - n.fz[i])});
    }
    EXPECT_LT(de, 1e-10) << s.size() << " atoms at a = " << c.a;
    EXPECT_LT(dmax / fmax, 1e-10) << s.size() << " atoms at a = " << c.a;
    double wmax = 0.0;
    for (double w : k.result.virial) wmax = std::max(wmax, std::abs(w));
    for (std::size_t w = 0; w < 6; ++w) {
      EXPECT_NEAR(k.result.virial[w], n.result.virial[w], 1e-10 * wmax) << w;
    }
    std::printf("native vs KIM %s, %zu atoms: |dE|/|E| %.1e, max |dF| / max |F| %.1e\n",
                species.name.c_str(), s.size(), de, dmax / fmax);
  }
}

TEST(KimEam, NativeEqualsKimAluminium) {
  MDB_REQUIRE_KIM_MODEL(test::kKimAl);
  expect_native_equals_kim(test::kKimAl, {"Al", 26.9815},
                           {{LatticeKind::Fcc, 4.05, 1, 0.3},
                            {LatticeKind::Fcc, 3.95, 2, 0.15},
                            {LatticeKind::Fcc, 4.3, 2, 0.3},
                            {LatticeKind::Fcc, 4.05, 4, 0.25}});
}

TEST(KimEam, NativeEqualsKimIron) {
  MDB_REQUIRE_KIM_MODEL(test::kKimFe);
  expect_native_equals_kim(test::kKimFe, {"Fe", 55.845},
                           {{LatticeKind::Bcc, 2.8665, 1, 0.25},
                            {LatticeKind::Bcc, 2.7, 2, 0.2},
                            {LatticeKind::Bcc, 3.0, 3, 0.25},
                            {LatticeKind::Bcc, 2.8665, 5, 0.2}});
}

TEST(KimEam, ReadsTheModelsFile) {
  MDB_REQUIRE_KIM_MODEL(test::kKimAl);
  const EamFile f = kim_eam_file(test::kKimAl);
  EXPECT_EQ(f.name, "kim:" + test::kKimAl + "/Al_EA.eam.alloy");
  EXPECT_EQ(f.format, EamFormat::Setfl);
  EXPECT_EQ(f.elements, std::vector<std::string>{"Al"});
}

TEST(KimEam, RefusesOtherDrivers) {
  MDB_REQUIRE_KIM_MODEL(test::kKimSw);
  try {
    kim_eam_file(test::kKimSw);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("not the EAM_Dynamo driver"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mdb
