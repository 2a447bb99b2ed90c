// OpenMM (in-process, the library the openmm Peer rows drive) and the water model on the same
// coordinates: energies and forces must agree to the accuracy both are set to, or the
// side-by-side timings compare different physics.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "bench/cases.hpp"
#ifdef MDB_HAVE_OPENMM
#include "bench/peers/openmm_peer.hpp"
#include "bench/peers/openmm_water.hpp"
#include "md/core/thermo.hpp"
#include "md/structure/structure_text.hpp"
#include "model/water/water_model.hpp"
#include "tests/support/reference.hpp"
#endif

namespace mdb::bench {
namespace {

#ifdef MDB_HAVE_OPENMM

constexpr int kAtoms = 1536;  // 24.8 A across: the smallest case size OpenMM takes (2 rc = 20 A)

// The case's box of 512 molecules (Maxwell-Boltzmann velocities at 300 K), jittered so that every
// bonded term has a force, moved by 1.4 A (the builder keeps its oxygens 1.55 A inside the
// faces) and wrapped atom by atom as md_bench's halo leaves a state: molecules on the faces are
// split across the box.
System water_state() {
  System s = build_case_system(*find_case("water-spcfw"), kAtoms, 11);
  test::jitter(s, 0.05, 5);
  for (auto axis : {s.x(), s.y(), s.z()}) {
    for (double& v : axis) v += 1.4;
  }
  structure_text::wrap_into_box(s);
  return s;
}

// Errors against a reference evaluation on the same state: the energy's relative to the
// Coulomb energy (the system's total is a near cancellation of Coulomb, LJ and bonded terms), the
// forces' as RMS error over RMS force.
struct Agreement {
  double energy_relative = 0;
  double force_rms_relative = 0;
};

Agreement agreement(const test::Evaluation& reference, double coulomb, double energy,
                    const std::vector<double>& forces) {
  double f2 = 0, d2 = 0;
  for (std::size_t i = 0; i < reference.fx.size(); ++i) {
    const double ref[3] = {reference.fx[i], reference.fy[i], reference.fz[i]};
    for (int k = 0; k < 3; ++k) {
      f2 += ref[k] * ref[k];
      d2 += (forces[3 * i + k] - ref[k]) * (forces[3 * i + k] - ref[k]);
    }
  }
  return {std::abs(energy - reference.result.energy) / std::abs(coulomb), std::sqrt(d2 / f2)};
}

Agreement agreement(const test::Evaluation& reference, double coulomb, const OpenMmEvaluation& e) {
  return agreement(reference, coulomb, e.energy, e.forces);
}

Agreement agreement(const test::Evaluation& reference, double coulomb, const test::Evaluation& e) {
  std::vector<double> f;
  for (std::size_t i = 0; i < e.fx.size(); ++i) f.insert(f.end(), {e.fx[i], e.fy[i], e.fz[i]});
  return agreement(reference, coulomb, e.result.energy, f);
}

OpenMmWaterSettings settings_of(const WaterModel& bound, OpenMmPlatform platform) {
  OpenMmWaterSettings s;
  s.platform = platform;
  s.beta = bound.beta();
  s.grid = bound.grid();
  s.timestep_ps = 0.0005;
  return s;
}

// Ours converged: order 8 on a 0.4 A grid is within 1e-9 eV and 1e-10 of the forces of order 8 on
// 0.3 A (measured), far below anything compared here.
WaterParams converged_params() {
  WaterParams fine = WaterParams::spc_fw();
  fine.ewald.fourier_spacing = 0.4;
  fine.ewald.order = 8;
  return fine;
}

// Everything but Coulomb, summed pair by pair (minimum image: the box is wider than 2 rc):
// O-O LJ within the cut-off, unshifted, and the harmonic bonds and angles.
double lj_and_bonded_energy(const System& s, const WaterParams& p) {
  const int o = s.find_species(p.oxygen);
  double e = 0.0;
  auto delta = [&](int i, int j) {
    std::array<double, 3> d{s.x()[j] - s.x()[i], s.y()[j] - s.y()[i], s.z()[j] - s.z()[i]};
    s.box().minimum_image(d[0], d[1], d[2]);
    return d;
  };
  auto norm = [](const std::array<double, 3>& d) {
    return std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  };
  const int n = static_cast<int>(s.size());
  for (int i = 0; i < n; ++i) {
    if (s.species()[i] != o) continue;
    for (int j = i + 1; j < n; ++j) {
      if (s.species()[j] != o) continue;
      const double r = norm(delta(i, j));
      if (r >= p.cutoff) continue;
      const double sr6 = std::pow(p.sigma_oo / r, 6);
      e += 4.0 * p.epsilon_oo * (sr6 * sr6 - sr6);
    }
  }
  for (const Bond& b : s.topology().bonds) {
    const double dr = norm(delta(b.i, b.j)) - p.bond_r0;
    e += 0.5 * p.bond_k * dr * dr;
  }
  for (const Angle& a : s.topology().angles) {
    const auto u = delta(a.j, a.i), v = delta(a.j, a.k);
    const double c = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (norm(u) * norm(v));
    const double dtheta = std::acos(c) - p.angle_theta0 * std::numbers::pi / 180.0;
    e += 0.5 * p.angle_k * dtheta * dtheta;
  }
  return e;
}
#endif

// Both sides converged with the same beta and cut-off, so only the reciprocal sums' residual
// errors stay. OpenMM's PME interpolates at order 5 whatever it is told, and its error falls as
// h^5: on our 0.4 A grid (64 points) it leaves 1.5e-7 of the Coulomb energy, on twice as many
// points 3e-9 and 2e-8 of the RMS force (measured), so OpenMM's Reference platform (double
// precision) gets 128.
TEST(OpenMmPeer, ReferencePlatformAgreesWithConvergedPme) {
#ifdef MDB_HAVE_OPENMM
  const WaterParams fine = converged_params();
  const System s = water_state();
  WaterModel ours(fine);
  const test::Evaluation e = test::evaluate(ours, s);
  const double coulomb = e.result.energy - lj_and_bonded_energy(s, fine);
  OpenMmWaterSettings st = settings_of(ours, OpenMmPlatform::Reference);
  for (int& g : st.grid) g *= 2;
  const OpenMmWater omm(s, fine, st);
  const Agreement a = agreement(e, coulomb, omm.evaluate());
  EXPECT_LT(a.energy_relative, 1e-8) << "E " << e.result.energy << " eV, Coulomb " << coulomb;
  EXPECT_LT(a.force_rms_relative, 1e-7);

  // OpenMM's Coulomb constant (ONE_4PI_EPS0 from CODATA 2018, 138.9354576 kJ/mol nm) is 3.3e-8
  // larger than ours (LAMMPS's metal qqr2e, 14.399645 eV A = 138.9354530 kJ/mol nm): the adapter
  // scales the charges to ours. With plain charges OpenMM's energy moves by exactly that
  // fraction of the Coulomb energy (our total less what lj_and_bonded_energy sums): 1.5e-6 eV
  // here, 3 times the tolerance above.
  const double ke_ours = kCoulombMetal * kKjPerMolPerEv * kNmPerAngstrom;
  const double r = openmm_coulomb_constant() / ke_ours - 1.0;
  EXPECT_NEAR(r, 3.32e-8, 0.01e-8);
  st.coulomb_constant_as_ours = false;
  const OpenMmWater plain(s, fine, st);
  const double shift = plain.potential_energy() - omm.potential_energy();
  EXPECT_NEAR(shift, r * coulomb, 1e-3 * std::abs(r * coulomb));
  EXPECT_GT(agreement(e, coulomb, plain.evaluate()).energy_relative, 2e-8);
#else
  GTEST_SKIP() << "built without OpenMM (libopenmm-dev) or FFTW";
#endif
}

// The rows' own settings: our PME (order 4 on the case's 1.2 A grid) and OpenMM's CPU platform
// (single precision, order 5 on the same grid) against the converged sum. Both within the
// fractional force error OpenMM's own default aims at (ewaldErrorTolerance 5e-4; measured: ours
// 1.6e-4, OpenMM 2.5e-5), the energy within 1e-3 of the Coulomb energy (measured 4.0e-4 and
// 4.2e-5), and OpenMM, interpolating at a higher order on the same grid, the closer of the two.
TEST(OpenMmPeer, CpuPlatformAgreesAtTheCaseSettings) {
#ifdef MDB_HAVE_OPENMM
  std::string why;
  if (!openmm_platform_installed(OpenMmPlatform::Cpu, &why)) GTEST_SKIP() << why;
  const WaterParams p = WaterParams::spc_fw();
  const System s = water_state();
  WaterModel converged(converged_params()), ours(p);
  const test::Evaluation ref = test::evaluate(converged, s);
  const double coulomb = ref.result.energy - lj_and_bonded_energy(s, p);
  const Agreement mine = agreement(ref, coulomb, test::evaluate(ours, s));
  const OpenMmWater omm(s, p, settings_of(ours, OpenMmPlatform::Cpu));
  const Agreement theirs = agreement(ref, coulomb, omm.evaluate());
  EXPECT_LT(mine.force_rms_relative, 5e-4);
  EXPECT_LT(theirs.force_rms_relative, 5e-4);
  EXPECT_LT(mine.energy_relative, 1e-3);
  EXPECT_LT(theirs.energy_relative, 1e-3);
  EXPECT_LT(theirs.force_rms_relative, mine.force_rms_relative);
  EXPECT_LT(theirs.energy_relative, mine.energy_relative);
#else
  GTEST_SKIP() << "built without OpenMM (libopenmm-dev) or FFTW";
#endif
}

// The state's masses, velocities and time step arrive in OpenMM's units: its Verlet integrator
// reports the kinetic energy of v + dt/2 f/m (its velocities lag half a step), which this test
// sums from our velocities and OpenMM's forces in exact units (1 amu nm^2/ps^2 = 1 kJ/mol).
// The CPU platform runs steps, and a box shorter than twice the cut-off is refused in OpenMM's
// words and has no row.
TEST(OpenMmPeer, DynamicsStartFromTheSameState) {
#ifdef MDB_HAVE_OPENMM
  std::string why;
  if (!openmm_platform_installed(OpenMmPlatform::Cpu, &why)) GTEST_SKIP() << why;
  const WaterParams p = WaterParams::spc_fw();
  const System s = water_state();
  WaterModel ours(p);
  test::evaluate(ours, s);
  const OpenMmWaterSettings st = settings_of(ours, OpenMmPlatform::Reference);
  const OpenMmWater reference(s, p, st);
  const std::vector<double> f = reference.evaluate().forces;  // eV/A
  double shifted = 0;                                         // kJ/mol
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double m = s.mass()[i], v[3] = {s.vx()[i], s.vy()[i], s.vz()[i]};
    for (int k = 0; k < 3; ++k) {
      const double f_kj_nm = f[3 * i + k] * kKjPerMolPerEv / kNmPerAngstrom;
      const double u = v[k] * kNmPerAngstrom + 0.5 * st.timestep_ps * f_kj_nm / m;
      shifted += 0.5 * m * u * u;
    }
  }
  EXPECT_NEAR(reference.kinetic_energy(), shifted / kKjPerMolPerEv, 1e-10 * shifted);
  EXPECT_GT(std::abs(reference.kinetic_energy() - kinetic_energy(s)), 1e-3 * kinetic_energy(s));

  OpenMmWater cpu(s, p, settings_of(ours, OpenMmPlatform::Cpu));
  cpu.step(20);
  EXPECT_TRUE(std::isfinite(cpu.potential_energy()));
  EXPECT_NE(cpu.potential_energy(), reference.potential_energy());  // it moved

  const CaseSpec& water = *find_case("water-spcfw");
  const System small = build_case_system(water, 192, 11);
  WaterModel bound_small(p);
  test::evaluate(bound_small, small);
  try {
    OpenMmWater refused(small, p, settings_of(bound_small, OpenMmPlatform::Cpu));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cutoff"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(has_openmm_peer(water, Ensemble::NVE, 192));
  EXPECT_TRUE(has_openmm_peer(water, Ensemble::NVT, kAtoms));
  EXPECT_FALSE(has_openmm_peer(water, Ensemble::NPT, kAtoms));
#else
  GTEST_SKIP() << "built without OpenMM (libopenmm-dev) or FFTW";
#endif
}

}  // namespace
}  // namespace mdb::bench
