// ASE's own MD loop (the ase Peer rows) against md_bench's: the same calculator, state and time
// step under velocity Verlet give the same trajectory, which checks the unit conversions
// (velocities, masses, time) both ways; Langevin runs; errors are one line.
#include "model/ase/ase_dynamics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "md/engine/simulation.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/velocities.hpp"
#include "model/ase/ase_calculator.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

const AseSpec kArgonLj{"ase.calculators.lj", "LennardJones",
                       R"({"sigma": 3.405, "epsilon": 0.0104, "rc": 8.5})"};

System warm_argon() {
  System s = build_lattice({LatticeKind::Fcc, 5.26, 3, 3, 3}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(s, 0.05, 11);
  assign_maxwell_boltzmann(s, 40.0, 3);
  return s;
}

TEST(AseDynamics, VelocityVerletFollowsMdBenchsTrajectory) {
  const System start = warm_argon();
  const double dt = 0.002;  // ps
  const int steps = 25;
  Simulation sim(start, std::make_unique<AseCalculatorModel>(kArgonLj),
                 std::make_unique<VelocityVerlet>(dt), NeighborPolicy{1.0});
  sim.run(steps);
  AseDynamics ase(kArgonLj, start, {false, dt});
  ase.run(steps);
  const std::vector<double> p = ase.positions();
  const System& s = sim.system();
  ASSERT_EQ(p.size(), 3 * s.size());
  // md wraps its atoms into the box, ASE does not: compare through the nearest image.
  const auto& len = s.box().lengths();
  auto image = [&](double d, int a) { return d - len[a] * std::round(d / len[a]); };
  double moved = 0.0, worst = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double d[3] = {p[3 * i] - s.x()[i], p[3 * i + 1] - s.y()[i], p[3 * i + 2] - s.z()[i]};
    const double m[3] = {s.x()[i] - start.x()[i], s.y()[i] - start.y()[i], s.z()[i] - start.z()[i]};
    for (int a = 0; a < 3; ++a) {
      worst = std::max(worst, std::abs(image(d[a], a)));
      moved = std::max(moved, std::abs(image(m[a], a)));
    }
  }
  EXPECT_GT(moved, 1e-2);  // Angstrom: the atoms went somewhere in 50 fs
  // Both in double with the same forces; ASE's unit constants (CODATA) and LAMMPS's metal ones
  // differ by ~1e-8 relative, ~1e-10 A over these steps.
  EXPECT_LT(worst, 1e-8);
  const double ke = sim.thermo().kinetic;
  EXPECT_NEAR(ase.kinetic_energy(), ke, 1e-6 * ke);
}

// From rest, so only the bath can warm it: friction 5/ps relaxes the kinetic energy with 0.2 ps
// and 0.8 ps later the crystal is at the bath's 40 K (a friction ~100 times too weak, the 1/ps
// to ASE-time conversion applied twice, would leave it near 4 K).
TEST(AseDynamics, LangevinWarmsACrystalToItsBath) {
  System cold = build_lattice({LatticeKind::Fcc, 5.26, 3, 3, 3}, {"Ar", 39.948}, kMetalUnits);
  test::jitter(cold, 0.02, 11);
  AseDynamics ase(kArgonLj, cold, {true, 0.004, 40.0, 5.0, 7});
  const double expected = 1.5 * 108 * 8.617333262e-5 * 40.0;  // (3/2) N k T, eV
  EXPECT_LT(ase.kinetic_energy(), 0.05 * expected);
  ase.run(200);
  // A 108-atom sample fluctuates by ~sqrt(2/(3N)) = 8 % about its mean; the last 0.2 ps add
  // correlation: within 30 %.
  EXPECT_NEAR(ase.kinetic_energy(), expected, 0.3 * expected);
  EXPECT_TRUE(std::isfinite(ase.potential_energy()));
}

TEST(AseDynamics, ASpeciesThatIsNoElementIsOneLine) {
  System s = build_lattice({LatticeKind::Fcc, 5.26, 2, 2, 2}, {"Q", 40.0}, kMetalUnits);
  try {
    AseDynamics ase(kArgonLj, s, {});
    FAIL() << "accepted a species that is no element";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("species 'Q' is no element symbol"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mdb
