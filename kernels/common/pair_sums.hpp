#pragma once
// What a force loop hands back besides the forces themselves.
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Energy and virial accumulated over pairs. The virial is W_ab = sum_pairs r_ij,a * f_ij,b in
/// LAMMPS order xx yy zz xy xz yz (energy units; W = -dU/d(strain)). Accumulated in double
/// whatever the arithmetic type of the pair math.
struct PairSums {
  double energy = 0.0;
  double virial[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
};

}  // namespace mdb
