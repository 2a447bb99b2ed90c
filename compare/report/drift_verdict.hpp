#pragma once
// Whether a trajectory's drift (md_bench's energy_drift or conserved_drift, a least-squares slope
// of energy per atom over time) shows anything. Velocity Verlet keeps the total energy within a
// bounded oscillation around a constant (its shadow Hamiltonian), and a slope fitted over a
// window shorter than a few periods of it reads the oscillation's phase as drift: c-dunn's
// 10 fs Trajectory gave -6.24 meV/atom/ps where 5 ps of the same MD give -9e-5 +- 1.6e-4
// (docs/MODELS.md). So a drift is judged only over a long enough window and beyond its
// standard error; docs/REPORT.md gives each threshold's reason.
#include <string>

namespace mdb::compare {

namespace drift_limits {
/// The fit must span this much time (ps): many periods of the fastest vibrations (C-C bonds:
/// ~21 fs, and the energy's oscillation is twice as fast), where a slope no longer follows the
/// oscillation's phase.
inline constexpr double kMinWindowPs = 0.1;
/// |drift| must exceed this many standard errors of the slope (about 3 sigma: a t-test at
/// p < 0.003 with independent residuals; correlated ones make the error too small, which the
/// window rule guards against).
inline constexpr double kSignificance = 3.0;
}  // namespace drift_limits

enum class DriftVerdict {
  kWithin,      // |drift| within the bound: nothing to say
  kUnresolved,  // beyond the bound, but the window or the uncertainty cannot show a drift
  kDrift,       // beyond the bound over a long enough window and beyond its uncertainty
};

/// The drift's fit as md_bench reports it; NaN marks an absent counter.
struct DriftFit {
  double drift = 0;      ///< meV/atom/ps
  double window_ps = 0;  ///< drift_window_ps (NaN: a file from before the counter existed)
  double se = 0;         ///< drift_se, meV/atom/ps (NaN: fewer than three samples)
};

/// `bound`: the largest |drift| that is fine (meV/atom/ps). A file without drift_window_ps is
/// judged by the bound alone, as before the window was reported.
DriftVerdict judge_drift(const DriftFit& f, double bound);

/// One sentence on the fit behind a drift: its window, standard error, and, when unresolved,
/// why it shows no drift. Empty without a window.
std::string describe_drift_fit(const DriftFit& f);

}  // namespace mdb::compare
