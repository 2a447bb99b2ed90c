#include "md/structure/velocities.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "md/core/thermo.hpp"
#include "md/structure/lattice.hpp"

namespace mdb {
namespace {

System two_species(int n) {
  System s(Box::cube(30.0), kMetalUnits);
  s.add_species("Ar", 39.948);
  s.add_species("He", 4.0026);
  for (int i = 0; i < n; ++i) s.add_atom(i % 2, 0.01 * i, 0.02 * i, 0.03 * i);
  return s;
}

TEST(Velocities, ExactTemperatureAndZeroMomentum) {
  System s = two_species(2000);
  assign_maxwell_boltzmann(s, 300.0, 42);
  const double dof = 3.0 * s.size() - 3.0;
  EXPECT_NEAR(temperature_of(kinetic_energy(s), dof, s.units()), 300.0, 1e-9);
  const auto p = total_momentum(s);
  for (double c : p) EXPECT_NEAR(c, 0.0, 1e-9);
}

TEST(Velocities, EquipartitionAcrossMasses) {
  // Mean kinetic energy per atom is the same for light and heavy atoms (within sampling error).
  System s = two_species(20000);
  assign_maxwell_boltzmann(s, 300.0, 7);
  double ke[2] = {0, 0};
  for (std::size_t i = 0; i < s.size(); ++i) {
    ke[s.species()[i]] +=
        s.mass()[i] * (s.vx()[i] * s.vx()[i] + s.vy()[i] * s.vy()[i] + s.vz()[i] * s.vz()[i]);
  }
  EXPECT_NEAR(ke[0] / ke[1], 1.0, 0.05);
}

TEST(Velocities, SeededAndReproducible) {
  System a = two_species(100), b = two_species(100), c = two_species(100);
  assign_maxwell_boltzmann(a, 50.0, 1);
  assign_maxwell_boltzmann(b, 50.0, 1);
  assign_maxwell_boltzmann(c, 50.0, 2);
  EXPECT_EQ(a.vx()[17], b.vx()[17]);
  EXPECT_NE(a.vx()[17], c.vx()[17]);
}

TEST(Velocities, RejectsNegativeTemperature) {
  System s = two_species(10);
  EXPECT_THROW(assign_maxwell_boltzmann(s, -1.0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
