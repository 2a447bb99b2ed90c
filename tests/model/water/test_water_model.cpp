// The SPC/Fw water model against references that share none of its code: the total energy
// against a converged plain Ewald sum of every charge minus the bare Coulomb of each molecule's
// pairs, LJ between oxygens summed over images and the bonded terms from their definitions;
// forces and virial by the model conformance suite (test_model_conformance.cpp); the RDF of its
// own MD against SPC/Fw's published first peak; and the errors a user can meet.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "kernels/common/cell_rescaling_terms.hpp"
#include "kernels/cpu/simd_avx512.hpp"
#include "md/core/units.hpp"
#include "md/engine/simulation.hpp"
#include "md/integrate/cell_rescaling.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/velocities.hpp"
#include "md/structure/water_box.hpp"
#include "model/water/water_model.hpp"
#include "tests/model/pme/ewald_reference.hpp"
#include "tests/model/water/water_test_systems.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

constexpr double kPi = 3.14159265358979323846;

/// Bond and angle energy straight from SPC/Fw's definition.
double bonded_energy(const System& s, const WaterParams& p) {
  double e = 0.0;
  auto sep = [&](int i, int j, double d[3]) {
    d[0] = s.x()[i] - s.x()[j];
    d[1] = s.y()[i] - s.y()[j];
    d[2] = s.z()[i] - s.z()[j];
    s.box().minimum_image(d[0], d[1], d[2]);
    return std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  };
  for (const Bond& b : s.topology().bonds) {
    double d[3];
    const double r = sep(b.i, b.j, d);
    e += 0.5 * p.bond_k * (r - p.bond_r0) * (r - p.bond_r0);
  }
  for (const Angle& a : s.topology().angles) {
    double u[3], v[3];
    const double lu = sep(a.i, a.j, u), lv = sep(a.k, a.j, v);
    const double theta = std::acos((u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (lu * lv));
    const double d = theta - p.angle_theta0 * kPi / 180.0;
    e += 0.5 * p.angle_k * d * d;
  }
  return e;
}

TEST(WaterModel, EnergyEqualsEwaldLjAndBondedReferences) {
  WaterParams p = WaterParams::spc_fw();
  // PME converged far past its defaults, so the comparison sees the model's other terms.
  p.ewald.ewald_rtol = 1e-10;
  p.ewald.fourier_spacing = 0.4;
  p.ewald.order = 8;
  const System s = test::jittered_water(27, 0.1, 3);
  WaterModel model(p);
  const auto ev = test::evaluate(model, s);

  const double ke = kCoulombMetal;
  testing::Charges c;
  for (std::size_t i = 0; i < s.size(); ++i) {
    c.x.push_back(s.x()[i]);
    c.y.push_back(s.y()[i]);
    c.z.push_back(s.z()[i]);
    c.q.push_back(s.species()[i] == 0 ? p.charge_o : p.charge_h);
  }
  const auto cell = testing::ortho_cell(s.box().length(0), s.box().length(1), s.box().length(2));
  const double beta = 0.35;  // any: the full Ewald sum does not depend on it
  double coulomb = testing::ewald_real_sum(cell, c, beta, ke).energy +
                   testing::ewald_reciprocal_sum(cell, c, beta, ke).energy +
                   testing::ewald_self_sum(c, beta, ke);
  // Minus each molecule's own pairs (bonds' and angles' ends), bare Coulomb, nearest image.
  auto bare = [&](int i, int j) {
    double d[3] = {s.x()[i] - s.x()[j], s.y()[i] - s.y()[j], s.z()[i] - s.z()[j]};
    s.box().minimum_image(d[0], d[1], d[2]);
    return ke * c.q[i] * c.q[j] / std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  };
  for (const Bond& b : s.topology().bonds) coulomb -= bare(b.i, b.j);
  for (const Angle& a : s.topology().angles) coulomb -= bare(a.i, a.k);
  const double s6 = std::pow(p.sigma_oo, 6);
  const double lj = test::brute_force_energy(
      test::positions_of(s), std::vector<int>(s.species().begin(), s.species().end()),
      test::ortho_cell(s.box()), p.cutoff, [&](double r2, int ti, int tj) {
        if (ti != 0 || tj != 0) return 0.0;
        const double sr6 = s6 / (r2 * r2 * r2);
        return 4.0 * p.epsilon_oo * (sr6 * sr6 - sr6);
      });
  const double reference = coulomb + lj + bonded_energy(s, p);
  EXPECT_NEAR(ev.result.energy, reference, 1e-7 * std::abs(reference))
      << "coulomb " << coulomb << " lj " << lj;
}

TEST(WaterModel, DefaultsAreGromacsChoicesAndCloseToConvergedPme) {
  // GROMACS's defaults: rc 1 nm and ewald-rtol 1e-5 give the width its log prints, "Gaussian
  // width (1/beta) 0.320163 nm"; a 1.243 nm box with fourier-spacing 0.12 nm gets 12 points
  // (calcgrid's first size >= 10.4).
  const System s = test::jittered_water(64, 0.05, 4);
  WaterModel defaults;
  const double e0 = test::evaluate(defaults, s).result.energy;
  EXPECT_NEAR(1.0 / defaults.beta(), 3.20163, 1e-5);
  EXPECT_EQ(defaults.grid(), (std::array<int, 3>{12, 12, 12}));
  // Against converged settings, the mesh's error at the defaults: measured 3.6e-5 eV per
  // molecule (2.3 meV in all). A grid of half the points per axis is ~20x further off.
  WaterParams fine = WaterParams::spc_fw();
  fine.ewald.fourier_spacing = 0.4;
  fine.ewald.order = 8;
  WaterModel converged(fine);
  const double e1 = test::evaluate(converged, s).result.energy;
  EXPECT_LT(std::abs(e0 - e1) / 64.0, 1e-4) << e0 << " vs " << e1;
  WaterParams coarse = WaterParams::spc_fw();
  coarse.ewald.fourier_spacing = 2.0;
  WaterModel coarse_model(coarse);
  const double e2 = test::evaluate(coarse_model, s).result.energy;
  EXPECT_GT(std::abs(e2 - e1) / 64.0, 1e-4) << "a coarse grid should fail the bound above";
}

TEST(WaterModel, StructuresThatAreNotWholeMoleculesAreRefused) {
  auto refused = [](const System& s, const std::string& fragment) {
    WaterModel model;
    try {
      model.bind(s);
      ADD_FAILURE() << "bind accepted it; expected: " << fragment;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  const System good = test::jittered_water(8, 0.0, 1);
  // No bonds at all.
  System bare(good.box(), good.units());
  for (const Species& sp : good.species_table()) bare.add_species(sp.name, sp.mass);
  for (std::size_t i = 0; i < good.size(); ++i) {
    bare.add_atom(good.species()[i], good.x()[i], good.y()[i], good.z()[i]);
  }
  refused(bare, "no bonds");
  // A molecule with one bond missing.
  System broken = bare;
  Topology t = good.topology();
  t.bonds.erase(t.bonds.begin());
  System bent = bare;
  bent.set_topology(t);
  refused(bent, "angle atom 2 - atom 1 - atom 3 is not H-O-H within one molecule");
  t.angles.erase(t.angles.begin());
  broken.set_topology(t);
  refused(broken, "atom 1 (O) has 1 bonds and 0 angles");
  // SPC/E's charges in the file.
  System spce = bare;
  Topology q = good.topology();
  for (double& v : q.charge) v *= 0.8476 / 0.82;
  spce.set_topology(q);
  refused(spce, "carries charge");
}

TEST(WaterModel, BadParametersAreRefused) {
  WaterParams charged = WaterParams::spc_fw();
  charged.charge_h = 0.5;
  EXPECT_THROW(WaterModel{charged}, std::invalid_argument);
  WaterParams straight = WaterParams::spc_fw();
  straight.angle_theta0 = 180.0;
  EXPECT_THROW(WaterModel{straight}, std::invalid_argument);
  WaterParams coarse = WaterParams::spc_fw();
  coarse.ewald.fourier_spacing = 5.0;  // a grid that cannot reach ewald-rtol with rc 10
  WaterModel model(coarse);
  EXPECT_THROW(model.bind(test::jittered_water(64, 0.0, 1)), std::invalid_argument);
}

}  // namespace
}  // namespace mdb

namespace mdb {
namespace {

// The mixed path (float pairs over a cluster list) against the double one on the same box:
// what separates them is float rounding of the separations (positions about the box centre,
// |x| up to ~7 A here: 4e-7 A) and of each pair term (the Ewald factors' fits: a few 1e-7 of the
// bare Coulomb term), summed over ~10^4 pairs of both signs. Measured: energy 1.5e-7 eV/atom,
// forces 4.3e-7 RMS relative, virial 1.3e-6 of the largest; the bounds are far below what a
// wrong term, a missed image or a missing exclusion gives (1e-2 or more). Both float kernels
// the build has: the default (4 x 4 rows where the build has AVX-512) and 2 x 4 rows.
TEST(WaterModel, MixedPrecisionAgreesWithDouble) {
  const System s = test::jittered_water(27, 0.1, 3);
  WaterModel dbl(WaterParams::spc_fw());
  const auto mixed = dbl.mixed_precision();
  ASSERT_NE(mixed, nullptr);
  EXPECT_EQ(mixed->name(), "spc/fw<mixed>");
  EXPECT_EQ(mixed->mixed_precision(), nullptr);
  const auto a = test::evaluate(dbl, s);
  for (WaterPrecision precision : {WaterPrecision::Mixed, WaterPrecision::Mixed2x4}) {
    WaterModel model(WaterParams::spc_fw(), precision);
    const bool rows4x4 = simd::kHas512 && precision == WaterPrecision::Mixed;
    SCOPED_TRACE(rows4x4 ? "4 x 4 rows" : "2 x 4 rows");
    EXPECT_EQ(model.neighbor_kind(), rows4x4 ? NeighborKind::Cluster4x4 : NeighborKind::Cluster2x4);
    EXPECT_EQ(model.mixed_precision(), nullptr);
    const auto b = test::evaluate(model, s);
    double err2 = 0.0, norm2 = 0.0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      err2 += (a.fx[i] - b.fx[i]) * (a.fx[i] - b.fx[i]) +
              (a.fy[i] - b.fy[i]) * (a.fy[i] - b.fy[i]) + (a.fz[i] - b.fz[i]) * (a.fz[i] - b.fz[i]);
      norm2 += a.fx[i] * a.fx[i] + a.fy[i] * a.fy[i] + a.fz[i] * a.fz[i];
    }
    const double per_atom = static_cast<double>(s.size());
    std::printf("mixed vs double: energy %.3g eV/atom, forces %.3g RMS relative, virial",
                std::abs(a.result.energy - b.result.energy) / per_atom, std::sqrt(err2 / norm2));
    double largest = 0.0;
    for (double w : a.result.virial) largest = std::max(largest, std::abs(w));
    for (int k = 0; k < 6; ++k) {
      std::printf(" %.3g", std::abs(a.result.virial[k] - b.result.virial[k]) / largest);
    }
    std::printf(" of the largest\n");
    EXPECT_LT(std::abs(a.result.energy - b.result.energy) / per_atom, 1e-6);
    EXPECT_LT(std::sqrt(err2 / norm2), 3e-6);
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(a.result.virial[k], b.result.virial[k], 5e-6 * largest) << k;
    }
  }
}

}  // namespace
}  // namespace mdb

namespace mdb {
namespace {

// The float real space's Ewald factors are fitted up to beta rc = 5: a tolerance that needs more
// (erfc(beta rc) below ~1e-11) is refused in the mixed model, in the user's terms, and kept in
// the double one.
TEST(WaterModel, MixedPrecisionRefusesAToleranceItsFitsDoNotReach) {
  const System s = test::jittered_water(27, 0.05, 5);
  WaterParams p = WaterParams::spc_fw();
  p.ewald.ewald_rtol = 1e-14;     // beta rc = 5.6
  p.ewald.fourier_spacing = 0.3;  // a mesh that reaches it (check_pme_reach)
  p.ewald.order = 8;
  WaterModel mixed(p, WaterPrecision::Mixed);
  try {
    mixed.bind(s);
    FAIL() << "bound a mixed model past its fits";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mixed precision"), std::string::npos) << e.what();
  }
  WaterModel dbl(p);
  EXPECT_NO_THROW(dbl.bind(s));
}

}  // namespace
}  // namespace mdb

namespace mdb {
namespace {

// The barostat's work is the virial: at the case's own settings (GROMACS's default mesh, 64
// molecules in a 12.4 A box, a cut-off past half the box), tr W = -dE/d eps for a uniform
// strain (the conformance suite checks each component with a converged mesh).
TEST(WaterModel, VirialIsTheStrainDerivativeAtTheDefaultMesh) {
  const System bulk = test::jittered_water(64, 0.05, 11);
  WaterModel model(WaterParams::spc_fw());
  const auto ev = test::evaluate(model, bulk);
  double largest = 0.0;
  for (double w : ev.result.virial) largest = std::max(largest, std::abs(w));
  const double d = 1e-6;
  auto strained = [&](double eps) {
    System s = bulk;
    for (double& v : s.x()) v *= 1 + eps;
    for (double& v : s.y()) v *= 1 + eps;
    for (double& v : s.z()) v *= 1 + eps;
    s.box().scale(1 + eps, 1 + eps, 1 + eps);
    WaterModel m(WaterParams::spc_fw());
    return test::evaluate(m, s).result.energy;
  };
  const double fd = -(strained(d) - strained(-d)) / (2 * d);
  const double trace = ev.result.virial[0] + ev.result.virial[1] + ev.result.virial[2];
  // Measured 3e-7 eV apart on a trace of 28.6 eV.
  EXPECT_NEAR(trace, fd, 1e-7 * largest);
}

// A barostat move scales every atom, O-H bonds included, so U is far from linear in eps over
// one move: the ledger's trapezoid on the virials before and after it (what NptLangevinIntegrator
// books) is the energy the move put in, where the first-order -tr W / 3 d eps misses
// U'' d eps^2 / 2.
TEST(WaterModel, BarostatLedgerBooksTheEnergyAMovePutsIntoTheBonds) {
  // Pairs crossing the cut-off make U jump, by 2.7e-5 eV for an O-O pair under the unshifted LJ
  // and by ~1e-5 eV under Coulomb at ewald-rtol 1e-5, hundreds of pairs in a move this size:
  // energy no derivative sees, random in sign from move to move (so no drift), and here larger
  // than the trapezoid's own error. A near-zero LJ and a tight Ewald split remove them, leaving
  // the smooth U the ledger integrates (made nonlinear in eps by the bonds, not by the pairs).
  WaterParams params = WaterParams::spc_fw();
  params.epsilon_oo = 1e-12;
  params.ewald.ewald_rtol = 1e-12;
  params.ewald.fourier_spacing = 0.5;
  const System before = test::jittered_water(64, 0.05, 12);
  WaterModel model(params);
  const auto at_start = test::evaluate(model, before);
  // Three standard deviations of one move's random part at 192 atoms, 0.5 fs, tau 1 ps.
  const double deps = 3e-3;
  System after = before;
  const double lambda = std::exp(deps / 3.0);
  const auto& lo = after.box().lo();
  for (double& v : after.x()) v = scale_about(lo[0], v, lambda);
  for (double& v : after.y()) v = scale_about(lo[1], v, lambda);
  for (double& v : after.z()) v = scale_about(lo[2], v, lambda);
  after.box().scale(lambda, lambda, lambda);
  WaterModel moved(params);
  const auto at_end = test::evaluate(moved, after);
  const double exact = at_end.result.energy - at_start.result.energy;
  const auto& w0 = at_start.result.virial;
  const double first_order = -(w0[0] + w0[1] + w0[2]) / 3.0 * deps;
  const double booked = cell_rescaling_potential_change(w0, at_end.result.virial, deps);
  std::printf("dU %.6g eV: trapezoid %.6g, first order %.6g\n", exact, booked, first_order);
  // The trapezoid's error is of order U''' d eps^3 / 12: measured 1.5e-6 eV against 3.0e-3 eV
  // for the first order's (and 27 times smaller at a third of the move, as a cubic should be).
  EXPECT_LT(std::abs(booked - exact), 0.01 * std::abs(first_order - exact));
}

}  // namespace
}  // namespace mdb
