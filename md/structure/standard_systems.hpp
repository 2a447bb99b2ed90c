#pragma once
// The reference systems that benchmarks and tests start from.
#include <cstdint>

#include "md/structure/lattice.hpp"

namespace mdb {

/// LAMMPS bench/in.lj ("LJ melt"), reduced units: fcc at number density 0.8442 with
/// `cells` x `cells` x `cells` conventional cells (20 -> 32,000 atoms), mass 1, velocities at
/// T* = 1.44 with zero momentum. Its force field is LjParams::lj_melt() (rc 2.5 sigma) with
/// skin 0.3 sigma, neighbour list every 20 steps without check, dt = 0.005 tau.
System make_lj_melt(int cells_x, int cells_y, int cells_z, std::uint64_t seed = 87287);

/// LJ-melt constants from in.lj.
inline constexpr double kLjMeltDensity = 0.8442;
inline constexpr double kLjMeltTemperature = 1.44;
inline constexpr double kLjMeltTimestep = 0.005;
inline constexpr double kLjMeltSkin = 0.3;
inline constexpr int kLjMeltNeighborEvery = 20;

/// Solid argon in metal units: fcc, a = 5.26 Angstrom (near the LJ argon T = 0 lattice
/// constant), mass 39.948 amu, Maxwell-Boltzmann velocities at `temperature` K.
System make_argon_fcc(int nx, int ny, int nz, double temperature, std::uint64_t seed = 12345);

inline constexpr double kArgonLatticeConstant = 5.26;  // Angstrom
inline constexpr double kArgonMass = 39.948;           // amu

}  // namespace mdb
