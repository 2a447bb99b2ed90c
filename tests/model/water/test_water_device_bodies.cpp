// Flexible water's device bodies (kernels/common/water_image_list.hpp) on the device engine's
// image list, run as emulated launches, plus the CPU PME for the reciprocal part: forces, energy
// and virial equal the CPU WaterModel's on the same coordinates, to rounding. Molecules straddle
// the box (atoms wrapped one by one), and in a box smaller than the cut-off a molecule sees
// images of its own atoms, which are ordinary neighbours: only the nearest image is excluded.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "model/pme/pme.hpp"
#include "model/water/water_model.hpp"
#include "tests/kernels/emulated_engine.hpp"
#include "tests/model/water/water_test_systems.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

constexpr double kRelTol = 1e-10;

/// What the emulated force keeps: the bodies' arrays and one PME per replica (its own box).
struct EmulatedWater {
  WaterDeviceData data;
  std::vector<Box> boxes;
  std::vector<std::unique_ptr<Pme>> pme;
};

// The water bodies as a device force launches them (pairs, then the intramolecular terms over
// every atom), then the reciprocal space of each replica by the CPU's PME, added.
test::EmulatedForce emulated_water(const WaterModel& bound, const std::vector<System>& replicas) {
  auto st = std::make_shared<EmulatedWater>();
  st->data = bound.device_data();
  for (const System& r : replicas) {
    st->boxes.push_back(r.box());
    st->pme.push_back(
        std::make_unique<Pme>(pme_params_from_settings(bound.params().ewald, r.box())));
  }
  return [st](const ImageNeighborView& l, double* fx, double* fy, double* fz, double* sums,
              bool energy_virial) {
    const WaterDeviceView w = st->data.view();
    auto launch = [&](auto body) {
      test::emulate_launch(l.n, [&](int i) {
        double s[kEnergyVirialSums] = {};
        body(i, s);
        if (!energy_virial) return;
        double* out = sums + kEnergyVirialSums * (i / l.atoms_per_replica);
        for (int c = 0; c < kEnergyVirialSums; ++c) out[c] += s[c];
      });
    };
    launch([&](int i, double(&s)[kEnergyVirialSums]) {
      if (energy_virial) return water_pairs_atom<true>(l, w, i, fx, fy, fz, s);
      water_pairs_atom<false>(l, w, i, fx, fy, fz, s);
    });
    launch([&](int i, double(&s)[kEnergyVirialSums]) {
      if (energy_virial) return water_intramolecular_atom<true>(l, w, i, fx, fy, fz, s);
      water_intramolecular_atom<false>(l, w, i, fx, fy, fz, s);
    });
    for (std::size_t r = 0; r < st->pme.size(); ++r) {
      const std::size_t off = r * static_cast<std::size_t>(l.atoms_per_replica);
      const ForceResult rec =
          st->pme[r]->compute(st->boxes[r], l.x + off, l.y + off, l.z + off, st->data.charge.data(),
                              static_cast<std::size_t>(l.atoms_per_replica), fx + off, fy + off,
                              fz + off, {energy_virial, energy_virial});
      if (!energy_virial) continue;
      double* out = sums + kEnergyVirialSums * r;
      out[0] += rec.energy;
      for (int c = 0; c < 6; ++c) out[1 + c] += rec.virial[c];
    }
  };
}

// Every atom moved by `shift` along each axis and wrapped back into the box on its own, so that
// molecules straddle the faces.
System shifted_and_wrapped(System s, double shift) {
  const auto& lo = s.box().lo();
  for (int a = 0; a < 3; ++a) {
    auto c = a == 0 ? s.x() : a == 1 ? s.y() : s.z();
    const double len = s.box().length(a);
    for (double& v : c) {
      v += shift;
      v -= len * std::floor((v - lo[a]) / len);
    }
  }
  return s;
}

void expect_matches_cpu(const WaterParams& params, const std::vector<System>& replicas) {
  WaterModel bound(params);
  bound.bind(replicas[0]);
  test::EmulatedSettings settings;
  settings.cutoff = params.cutoff;
  settings.policy.skin = 0.5;
  settings.dt = 0.0005;
  const test::EmulatedEngine e(replicas, emulated_water(bound, replicas), settings);
  for (std::size_t r = 0; r < replicas.size(); ++r) {
    WaterModel cpu_model(params);
    const test::Evaluation cpu = test::evaluate(cpu_model, replicas[r]);
    const std::size_t n = replicas[r].size(), first = r * n;
    double sum2 = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      sum2 += cpu.fx[i] * cpu.fx[i] + cpu.fy[i] * cpu.fy[i] + cpu.fz[i] * cpu.fz[i];
    }
    const double f_rms = std::sqrt(sum2 / static_cast<double>(n));
    ASSERT_GT(f_rms, 0.1);  // eV/A: jittered water pushes hard
    double worst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      worst =
          std::max({worst, std::abs(e.fx[first + i] - cpu.fx[i]),
                    std::abs(e.fy[first + i] - cpu.fy[i]), std::abs(e.fz[first + i] - cpu.fz[i])});
    }
    EXPECT_LT(worst, kRelTol * 10 * f_rms) << "replica " << r << ": forces, RMS " << f_rms;
    const double* s = e.sums.data() + kEnergyVirialSums * r;
    EXPECT_NEAR(s[0], cpu.result.energy, kRelTol * std::abs(cpu.result.energy)) << "replica " << r;
    double w_scale = 0.0;
    for (double w : cpu.result.virial) w_scale = std::max(w_scale, std::abs(w));
    for (int c = 0; c < 6; ++c) {
      EXPECT_NEAR(s[1 + c], cpu.result.virial[c], kRelTol * w_scale) << "virial " << c;
    }
  }
}

TEST(WaterDeviceBodies, BulkWaterWithMoleculesAcrossTheFacesMatchesCpu) {
  expect_matches_cpu(WaterParams::spc_fw(),
                     {shifted_and_wrapped(test::jittered_water(64, 0.05, 31), 0.6)});
}

TEST(WaterDeviceBodies, TwoReplicasKeepTheirOwnSums) {
  expect_matches_cpu(WaterParams::spc_fw(),
                     {shifted_and_wrapped(test::jittered_water(64, 0.05, 32), 0.3),
                      shifted_and_wrapped(test::jittered_water(64, 0.08, 33), 0.9)});
}

// 8 molecules in a 6.2 Angstrom box with a 7 Angstrom cut-off: each atom meets images of its
// own molecule (and of itself) inside the cut-off.
TEST(WaterDeviceBodies, ImagesOfAnAtomsOwnMoleculeAreNeighboursNotExclusions) {
  WaterParams p = WaterParams::spc_fw();
  p.cutoff = 7.0;
  p.ewald.cutoff = 7.0;
  const System s = shifted_and_wrapped(test::jittered_water(8, 0.05, 34), 0.4);
  ASSERT_LT(s.box().length(0), p.cutoff);
  expect_matches_cpu(p, {s});
}

}  // namespace
}  // namespace mdb
