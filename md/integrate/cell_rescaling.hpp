#pragma once
// Isotropic stochastic cell rescaling barostat (Bernetti & Bussi, J. Chem. Phys. 153, 114107,
// 2020).
#include <array>
#include <cstdint>

#include "md/core/random.hpp"
#include "md/core/system.hpp"

namespace mdb {

/// Barostat parameters (metal units: bar, ps, 1/bar; in LJ units all reduced).
struct BarostatSettings {
  double pressure = 0.0;         ///< target pressure P0
  double tau = 0.0;              ///< relaxation time of the volume
  double compressibility = 0.0;  ///< isothermal compressibility estimate beta_T (sets the
                                 ///< coupling strength only; any reasonable value samples right)
  std::uint64_t seed = 2;
};

/// Throws std::invalid_argument, prefixed with `who`, unless P0 is finite, tau > 0 and
/// compressibility > 0.
void check_barostat(const BarostatSettings& settings, const char* who);

/// What one move did, for the conserved-quantity ledger (eV).
struct CellRescalingWork {
  double kinetic_and_pv = 0.0;  ///< dKE + P0 dV, exact
  double deps = 0.0;            ///< the move of eps = ln V, for cell_rescaling_potential_change
};

/// dU of a move by the trapezoid rule on dU/d eps = -tr W / 3, from the virials before and after
/// it. A first-order -tr W / 3 * d eps misses U'' d eps^2 / 2, and since the random part of
/// d eps is of order sqrt(dt) that error is of order one per unit time at any step: with stiff
/// bonds stretched by the affine scaling (water's O-H), 4.8 meV/atom/ps of apparent drift at 192
/// atoms. The trapezoid is exact for a quadratic U.
double cell_rescaling_potential_change(const std::array<double, 6>& virial_before,
                                       const std::array<double, 6>& virial_after, double deps);

/// One stochastic cell rescaling move of the log-volume eps = ln V:
///   d eps = -(beta_T / tau) (P0 - P_int - k_B T / V) dt + sqrt(2 k_B T beta_T dt / (V tau)) xi
/// with P_int = (2 KE + tr W) / (3V), then x -> lo + (x - lo) e^{d eps/3}, box *= e^{d eps/3},
/// v -> v e^{-d eps/3}. Unlike Berendsen it samples the isothermal-isobaric ensemble (with any
/// correct thermostat) and lets the volume fluctuate as it should.
class StochasticCellRescaling {
 public:
  /// Throws std::invalid_argument unless tau > 0, compressibility > 0 and P0 is finite.
  explicit StochasticCellRescaling(const BarostatSettings& settings);

  /// Rescales system (positions, box, velocities). `virial` is W from the last force call (eV),
  /// `temperature` the bath temperature. The potential energy it changed is booked once the
  /// forces at the new positions are known (cell_rescaling_potential_change).
  CellRescalingWork apply(System& system, const std::array<double, 6>& virial, double temperature,
                          double dt);
  const BarostatSettings& settings() const { return settings_; }

 private:
  BarostatSettings settings_;
  Rng rng_;
};

}  // namespace mdb
