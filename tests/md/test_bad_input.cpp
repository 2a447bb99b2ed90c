// Bad input gets a clear exception naming the problem, never a crash or a silent wrong answer.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "md/engine/simulation.hpp"
#include "md/integrate/langevin.hpp"
#include "md/integrate/velocity_verlet.hpp"
#include "md/structure/lattice.hpp"
#include "md/structure/standard_systems.hpp"
#include "md/structure/velocities.hpp"
#include "model/lennard_jones.hpp"

namespace mdb {
namespace {

// Runs f, expects std::invalid_argument whose message contains every fragment.
template <class F>
void expect_error(F f, std::initializer_list<std::string> fragments) {
  try {
    f();
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    for (const auto& frag : fragments) {
      EXPECT_NE(std::string(e.what()).find(frag), std::string::npos)
          << "message '" << e.what() << "' lacks '" << frag << "'";
    }
  }
}

TEST(BadInput, NonPositiveBoxLengths) {
  expect_error([] { Box({0, 0, 0}, {1, 0, 1}); }, {"Box", "along y", "> 0"});
  expect_error([] { Box({0, 0, 0}, {-2, 1, 1}); }, {"Box", "along x"});
  expect_error([] { Box({0, 0, 0}, {1, 1, std::nan("")}); }, {"Box", "along z"});
}

TEST(BadInput, NanPosition) {
  System s = make_argon_fcc(2, 2, 2, 10.0);
  s.y()[7] = std::numeric_limits<double>::quiet_NaN();
  NeighborList nl(8.5, NeighborKind::Half, NeighborPolicy{1.0});
  expect_error([&] { nl.build(s); }, {"atom 7", "non-finite position"});
}

TEST(BadInput, BlowUpMidRunIsReportedAtTheNextStep) {
  Simulation sim(make_argon_fcc(2, 2, 2, 10.0), std::make_unique<LennardJones<>>(LjParams::argon()),
                 std::make_unique<VelocityVerlet>(0.002), {1.0, 1, true, 10});
  sim.system().vx()[3] = std::numeric_limits<double>::infinity();
  expect_error([&] { sim.step(); }, {"non-finite position"});
}

// A NaN position between builds: the displacement scan must see it (a NaN compares false with
// every maximum), so the step rebuilds and reports it instead of running on.
TEST(BadInput, NanPositionMidRunIsReportedAtTheNextStep) {
  // 32 atoms, and 27 (simple cubic: the scan's tail past a multiple of four), first and last.
  const LatticeSpec fcc{LatticeKind::Fcc, 5.26, 2, 2, 2};
  const LatticeSpec sc{LatticeKind::SimpleCubic, 3.7, 3, 3, 3};
  for (const auto& [lattice, atom] : {std::pair{fcc, 3}, {fcc, 17}, {fcc, 31}, {sc, 0}, {sc, 26}}) {
    System s = build_lattice(lattice, {"Ar", 39.948}, kMetalUnits);
    assign_maxwell_boltzmann(s, 10.0, 5);
    Simulation sim(std::move(s), std::make_unique<LennardJones<>>(LjParams::argon()),
                   std::make_unique<VelocityVerlet>(0.002), {1.0, 1, true, 10});
    sim.run(3);
    sim.system().z()[static_cast<std::size_t>(atom)] = std::numeric_limits<double>::quiet_NaN();
    expect_error([&] { sim.step(); }, {"non-finite position"});
  }
}

TEST(BadInput, UnknownSpecies) {
  System s = make_argon_fcc(2, 2, 2, 10.0);  // species "Ar"
  LennardJones<> lj(LjParams::lj_melt());    // knows only "LJ"
  expect_error([&] { lj.bind(s); }, {"LennardJones", "no parameters for species 'Ar'"});
  EXPECT_THROW(s.add_atom(3, 0, 0, 0), std::invalid_argument);
}

TEST(BadInput, CutoffBeyondHalfBoxWithoutEnoughImages) {
  System s = make_argon_fcc(1, 1, 1, 10.0);  // 5.26 A box, 8.5 A cutoff: needs 2 shells
  NeighborPolicy policy{1.0};
  policy.max_image_shells = 1;
  NeighborList nl(8.5125, NeighborKind::Half, policy);
  expect_error([&] { nl.build(s); }, {"needs 2 periodic image shells along x", "max_image_shells"});
}

TEST(BadInput, BadParameters) {
  expect_error([] { NeighborList(-1.0, NeighborKind::Half, NeighborPolicy{0.3}); }, {"cutoff"});
  expect_error([] { NeighborList(2.5, NeighborKind::Half, NeighborPolicy{-0.3}); }, {"skin"});
  expect_error([] { VelocityVerlet(0.0); }, {"time step"});
  expect_error([] { LangevinIntegrator(0.001, {300, 0.0, 1}); }, {"friction"});
  LjParams p = LjParams::argon();
  p.species[0].sigma = 0.0;
  expect_error([&] { LennardJones<> lj(p); }, {"sigma", "'Ar'"});
}

}  // namespace
}  // namespace mdb
