#pragma once
// Initial velocities and momentum bookkeeping.
#include <array>
#include <cstdint>

#include "md/core/system.hpp"

namespace mdb {

/// Draws Maxwell-Boltzmann velocities at temperature T (K, or reduced) from a seeded generator,
/// removes the centre-of-mass momentum, then rescales so the kinetic temperature with 3N - 3
/// degrees of freedom equals T exactly. T = 0 gives atoms at rest. Throws on T < 0 or < 2 atoms.
void assign_maxwell_boltzmann(System& system, double temperature, std::uint64_t seed);

/// Total momentum sum_i m_i v_i (amu A/ps).
std::array<double, 3> total_momentum(const System& system);

/// Subtracts the centre-of-mass velocity from every atom.
void remove_com_momentum(System& system);

}  // namespace mdb
