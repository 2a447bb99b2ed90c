#include "md/structure/standard_systems.hpp"

#include "md/structure/velocities.hpp"

namespace mdb {

System make_lj_melt(int cx, int cy, int cz, std::uint64_t seed) {
  LatticeSpec spec;
  spec.kind = LatticeKind::Fcc;
  spec.a = lattice_constant_for_density(LatticeKind::Fcc, kLjMeltDensity);
  spec.nx = cx;
  spec.ny = cy;
  spec.nz = cz;
  System s = build_lattice(spec, {"LJ", 1.0}, kLjUnits);
  assign_maxwell_boltzmann(s, kLjMeltTemperature, seed);
  return s;
}

System make_argon_fcc(int nx, int ny, int nz, double temperature, std::uint64_t seed) {
  LatticeSpec spec;
  spec.kind = LatticeKind::Fcc;
  spec.a = kArgonLatticeConstant;
  spec.nx = nx;
  spec.ny = ny;
  spec.nz = nz;
  System s = build_lattice(spec, {"Ar", kArgonMass}, kMetalUnits);
  assign_maxwell_boltzmann(s, temperature, seed);
  return s;
}

}  // namespace mdb
