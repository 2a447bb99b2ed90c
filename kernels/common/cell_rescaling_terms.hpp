#pragma once
// The stochastic cell rescaling move (Bernetti & Bussi, J. Chem. Phys. 153, 114107, 2020) on plain
// values: the CPU barostat (md/integrate/cell_rescaling.cpp) and the device engine's per-replica
// barostat body both call it, so the CPU tests check the arithmetic the GPU runs.
#include <cmath>

#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Barostat coupling in the engine's internal units (energy / volume), so no unit factor appears
/// inside the move: metal units eV/Angstrom^3 and Angstrom^3/eV (reduced units in LJ).
struct CellRescalingCoupling {
  double p0 = 0.0;    ///< target pressure P0 / nktv2p
  double beta = 0.0;  ///< compressibility beta_T * nktv2p
  double tau = 0.0;   ///< relaxation time of the volume (ps)
};

/// One move of the log-volume eps = ln V and the matching length scale.
struct CellRescalingMove {
  double deps = 0.0;    ///< d eps
  double lambda = 1.0;  ///< e^{d eps / 3}: lengths scale by lambda, velocities by 1 / lambda
};

/// d eps = -(beta / tau) (P0 - P_int - k_B T / V) dt + sqrt(2 k_B T beta dt / (V tau)) xi, with
/// P_int = (2 KE + W_xx + W_yy + W_zz) / (3V). KE and W in eV, V in Angstrom^3, kt = k_B T (eV),
/// dt in ps, xi a standard normal deviate. With kt = 0 the move is deterministic whatever xi.
MDB_HD inline CellRescalingMove cell_rescaling_move(double ke, double wxx, double wyy, double wzz,
                                                    double volume, const CellRescalingCoupling& c,
                                                    double kt, double dt, double xi) {
  const double p_int = (2.0 * ke + wxx + wyy + wzz) / (3.0 * volume);
  const double rate = c.beta / c.tau;
  CellRescalingMove m;
  m.deps =
      -rate * (c.p0 - p_int - kt / volume) * dt + std::sqrt(2.0 * kt * rate * dt / volume) * xi;
  m.lambda = std::exp(m.deps / 3.0);
  return m;
}

/// A coordinate scaled about the box corner lo: lo + (x - lo) lambda (Angstrom).
MDB_HD inline double scale_about(double lo, double x, double lambda) {
  return lo + (x - lo) * lambda;
}

}  // namespace mdb
