#pragma once
// The device engine's barostat bodies: stochastic cell rescaling (cell_rescaling_terms.hpp) per
// replica, then the scaling of every atom, run between BAOAB's B A O A and the force call, as
// md/integrate/npt_langevin.cpp orders it. Shared by the CUDA kernels and the CPU tests that
// emulate them.
#include <cmath>
#include <cstdint>

#include "kernels/common/cell_rescaling_terms.hpp"
#include "kernels/common/engine_control.hpp"
#include "kernels/common/image_list_build.hpp"  // ReplicaCellGrid, displacement2
#include "kernels/common/lj_image_list.hpp"     // kEnergyVirialSums
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/philox.hpp"

namespace mdb {

/// What the barostat bodies read and write (device pointers on the GPU). Metal units: Angstrom,
/// Angstrom/ps, eV, ps.
struct BarostatView {
  int n = 0;                  ///< atoms over all replicas
  int atoms_per_replica = 0;  ///< > 0
  double* x = nullptr;        ///< positions, scaled about the box corner
  double* y = nullptr;
  double* z = nullptr;
  double* vx = nullptr;  ///< velocities, scaled by 1 / lambda
  double* vy = nullptr;
  double* vz = nullptr;
  const double* x0 = nullptr;  ///< positions at the last list build
  const double* y0 = nullptr;
  const double* z0 = nullptr;
  const double* kinetic = nullptr;  ///< per replica: kinetic energy after B A O A (eV)
  /// kEnergyVirialSums per replica from the last force call: [0] energy, [1..6] virial (eV).
  const double* sums = nullptr;
  double* box_len = nullptr;               ///< 3 per replica (Angstrom), scaled here
  const double* box_lo = nullptr;          ///< 3 per replica (Angstrom), fixed
  double* lambda = nullptr;                ///< per replica: this step's length scale
  const ReplicaCellGrid* grids = nullptr;  ///< boxes and image shells of the last build
  CellRescalingCoupling coupling;          ///< internal units (energy / volume)
  double kt = 0.0;                         ///< k_B T of the bath (eV)
  double dt = 0.0;                         ///< ps
  std::uint64_t seed = 0;                  ///< replica r draws from stream seed + r
  EngineControl* ctl = nullptr;            ///< step counter (the Philox counter), halt flag
};

/// Per replica: one cell rescaling move from the replica's kinetic energy, the virial of the last
/// force call and its volume, with xi from Philox (stream seed + replica, counter = completed
/// steps). Scales the box and records lambda for barostat_scale_atom. Returns the change of the
/// largest ghost shift since the last build, |sum over axes of (shells (L - L0))^2|^(1/2)
/// (Angstrom), the term the CPU NeighborList adds to 2 x the largest displacement; 0 while the
/// engine is halted.
MDB_HD inline double barostat_move(const BarostatView& v, int replica) {
  if (v.ctl->halted) return 0.0;
  double* len = v.box_len + 3 * replica;
  const double* w = v.sums + kEnergyVirialSums * replica;
  const double xi = philox_barostat_normal(v.seed + static_cast<std::uint64_t>(replica),
                                           static_cast<std::uint64_t>(v.ctl->step));
  const double volume = len[0] * len[1] * len[2];
  const CellRescalingMove m =
      cell_rescaling_move(v.kinetic[replica], w[1], w[2], w[3], volume, v.coupling, v.kt, v.dt, xi);
  v.lambda[replica] = m.lambda;
  const ReplicaCellGrid& g = v.grids[replica];
  double shift2 = 0.0;
  for (int a = 0; a < 3; ++a) {
    len[a] *= m.lambda;
    const double d = g.image_shells(a) * (len[a] - g.box.len[a]);
    shift2 += d * d;
  }
  return std::sqrt(shift2);
}

/// Per atom, after barostat_move: x -> lo + (x - lo) lambda, v -> v / lambda, as the CPU
/// StochasticCellRescaling::apply. Returns the squared displacement since the last build
/// (Angstrom^2), for the rebuild check (the head does not reduce it under a barostat); 0 while
/// the engine is halted.
MDB_HD inline double barostat_scale_atom(const BarostatView& v, int i) {
  if (v.ctl->halted) return 0.0;
  const int replica = i / v.atoms_per_replica;
  const double lambda = v.lambda[replica];
  const double inv = 1.0 / lambda;
  const double* lo = v.box_lo + 3 * replica;
  v.x[i] = scale_about(lo[0], v.x[i], lambda);
  v.y[i] = scale_about(lo[1], v.y[i], lambda);
  v.z[i] = scale_about(lo[2], v.z[i], lambda);
  v.vx[i] *= inv;
  v.vy[i] *= inv;
  v.vz[i] *= inv;
  return displacement2(v.x, v.y, v.z, v.x0, v.y0, v.z0, i);
}

}  // namespace mdb
