// The molecule loop (model/water/water_intramolecular.cpp: vectorised, one molecule per lane,
// its virial from the identity d1 (x) F_H1 + d2 (x) F_H2) against the terms summed one by one as
// their definitions read: each bond, the angle and each excluded pair's correction
// (LjCoulLongPair::excluded, which takes erf past the cut-off), forces on both ends and
// W += d (x) f per pair. Molecules straddle the box, and with a short cut-off every H-H pair and
// one stretched O-H pair lie past it (the loop's fix-up path).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "kernels/common/bonded_terms.hpp"
#include "md/core/units.hpp"
#include "model/water/water_intramolecular.hpp"
#include "model/water/water_params.hpp"
#include "tests/model/water/water_test_systems.hpp"

namespace mdb {
namespace {

struct Reference {
  double energy = 0.0;
  std::array<double, 6> w{};
  std::vector<double> fx, fy, fz;
};

Reference sum_terms(const System& s, const WaterIntramolecular::Terms& t) {
  Reference r;
  r.fx.assign(s.size(), 0.0);
  r.fy.assign(s.size(), 0.0);
  r.fz.assign(s.size(), 0.0);
  auto sep = [&](int i, int j, double d[3]) {
    d[0] = s.x()[i] - s.x()[j];
    d[1] = s.y()[i] - s.y()[j];
    d[2] = s.z()[i] - s.z()[j];
    s.box().minimum_image(d[0], d[1], d[2]);
  };
  auto pair = [&](int i, int j, const double d[3], double f) {  // force on i: f d
    const double v[3] = {f * d[0], f * d[1], f * d[2]};
    r.fx[i] += v[0];
    r.fy[i] += v[1];
    r.fz[i] += v[2];
    r.fx[j] -= v[0];
    r.fy[j] -= v[1];
    r.fz[j] -= v[2];
    const double w[6] = {d[0] * v[0], d[1] * v[1], d[2] * v[2],
                         d[0] * v[1], d[0] * v[2], d[1] * v[2]};
    for (int k = 0; k < 6; ++k) r.w[k] += w[k];
  };
  for (const Angle& a : s.topology().angles) {
    const int h1 = a.i, o = a.j, h2 = a.k;
    double d1[3], d2[3], dh[3], f;
    sep(h1, o, d1);
    sep(h2, o, d2);
    sep(h1, h2, dh);
    r.energy += harmonic_bond(d1[0], d1[1], d1[2], t.bond_k, t.bond_r0, f);
    pair(h1, o, d1, f);
    r.energy += harmonic_bond(d2[0], d2[1], d2[2], t.bond_k, t.bond_r0, f);
    pair(h2, o, d2, f);
    double fi[3], fk[3];
    r.energy += harmonic_angle(d1, d2, t.angle_k, t.theta0, fi, fk);
    r.fx[h1] += fi[0];
    r.fy[h1] += fi[1];
    r.fz[h1] += fi[2];
    r.fx[h2] += fk[0];
    r.fy[h2] += fk[1];
    r.fz[h2] += fk[2];
    r.fx[o] -= fi[0] + fk[0];
    r.fy[o] -= fi[1] + fk[1];
    r.fz[o] -= fi[2] + fk[2];
    const double wa[6] = {d1[0] * fi[0] + d2[0] * fk[0], d1[1] * fi[1] + d2[1] * fk[1],
                          d1[2] * fi[2] + d2[2] * fk[2], d1[0] * fi[1] + d2[0] * fk[1],
                          d1[0] * fi[2] + d2[0] * fk[2], d1[1] * fi[2] + d2[1] * fk[2]};
    for (int k = 0; k < 6; ++k) r.w[k] += wa[k];
    auto excluded = [&](const LjCoulLongPair& p, int i, int j, const double d[3]) {
      const EwaldPairTerm x = p.excluded(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      r.energy += x.energy;
      pair(i, j, d, x.f_over_r);
    };
    excluded(t.oh, h1, o, d1);
    excluded(t.oh, h2, o, d2);
    excluded(t.hh, h1, h2, dh);
  }
  return r;
}

WaterIntramolecular::Terms spc_fw_terms(double cutoff) {
  const WaterParams p = WaterParams::spc_fw();
  const double ke = kCoulombMetal, beta = 0.35;
  WaterIntramolecular::Terms t;
  t.bond_k = p.bond_k;
  t.bond_r0 = p.bond_r0;
  t.angle_k = p.angle_k;
  t.theta0 = p.angle_theta0 * std::numbers::pi / 180.0;
  t.oh = make_lj_coul_long_pair(0.0, 0.0, ke * p.charge_o * p.charge_h, beta, cutoff);
  t.hh = make_lj_coul_long_pair(0.0, 0.0, ke * p.charge_h * p.charge_h, beta, cutoff);
  return t;
}

void expect_same(System& s, const WaterIntramolecular::Terms& t) {
  const Reference want = sum_terms(s, t);
  std::vector<std::array<int, 3>> molecules;
  for (const Angle& a : s.topology().angles) molecules.push_back({a.i, a.j, a.k});
  WaterIntramolecular loop;
  loop.bind(molecules, t);
  std::fill(s.fx().begin(), s.fx().end(), 0.0);
  std::fill(s.fy().begin(), s.fy().end(), 0.0);
  std::fill(s.fz().begin(), s.fz().end(), 0.0);
  ForceResult got;
  loop.add(s, ComputeFlags{true, true}, got);
  double fmax = 0.0, wmax = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    fmax = std::max({fmax, std::abs(want.fx[i]), std::abs(want.fy[i]), std::abs(want.fz[i])});
  }
  for (double w : want.w) wmax = std::max(wmax, std::abs(w));
  EXPECT_NEAR(got.energy, want.energy, 1e-12 * std::abs(want.energy));
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_NEAR(s.fx()[i], want.fx[i], 1e-11 * fmax) << "atom " << i;
    EXPECT_NEAR(s.fy()[i], want.fy[i], 1e-11 * fmax) << "atom " << i;
    EXPECT_NEAR(s.fz()[i], want.fz[i], 1e-11 * fmax) << "atom " << i;
  }
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(got.virial[k], want.w[k], 1e-11 * wmax) << "W " << k;
}

/// Moves every atom so that the first oxygen sits 0.05 Angstrom inside the box's lower faces
/// and wraps each atom into the box on its own, so that molecule (and any other at a face) ends
/// up split across the faces; returns how many molecules are.
int move_a_molecule_across_the_faces(System& s) {
  const OrthoBoxView box = s.box().view();
  const int o = s.topology().angles.front().j;
  const double shift[3] = {box.lo[0] + 0.05 - s.x()[o], box.lo[1] + 0.05 - s.y()[o],
                           box.lo[2] + 0.05 - s.z()[o]};
  for (std::size_t i = 0; i < s.size(); ++i) {
    s.x()[i] += shift[0];
    s.y()[i] += shift[1];
    s.z()[i] += shift[2];
    box.wrap(s.x()[i], 0);
    box.wrap(s.y()[i], 1);
    box.wrap(s.z()[i], 2);
  }
  int split = 0;
  for (const Angle& a : s.topology().angles) {
    bool across = false;
    for (int h : {a.i, a.k}) {
      const double d[3] = {s.x()[h] - s.x()[a.j], s.y()[h] - s.y()[a.j], s.z()[h] - s.z()[a.j]};
      for (int k = 0; k < 3; ++k) across = across || std::abs(d[k]) > 0.5 * s.box().length(k);
    }
    split += across ? 1 : 0;
  }
  return split;
}

TEST(WaterIntramolecular, EqualsItsTermsSummedOneByOne) {
  // 27 jittered molecules, moved so that some lie across the box's faces (minimum image).
  System s = test::jittered_water(27, 0.1, 5);
  ASSERT_GT(move_a_molecule_across_the_faces(s), 0);
  expect_same(s, spc_fw_terms(10.0));
}

TEST(WaterIntramolecular, PairsPastTheCutoffTakeTheFullCorrection) {
  // A 1.2 Angstrom cut-off puts every H-H pair (about 1.6) past it, and one O-H pair stretched
  // to 1.5: the loop's fix-up, the erf form of LjCoulLongPair::excluded.
  System s = test::jittered_water(8, 0.05, 6);
  const Angle& a = s.topology().angles.front();
  double d[3] = {s.x()[a.i] - s.x()[a.j], s.y()[a.i] - s.y()[a.j], s.z()[a.i] - s.z()[a.j]};
  s.box().minimum_image(d[0], d[1], d[2]);
  const double r = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  s.x()[a.i] = s.x()[a.j] + d[0] * 1.5 / r;
  s.y()[a.i] = s.y()[a.j] + d[1] * 1.5 / r;
  s.z()[a.i] = s.z()[a.j] + d[2] * 1.5 / r;
  expect_same(s, spc_fw_terms(1.2));
}

}  // namespace
}  // namespace mdb
