#pragma once
// md_distill's learning curve: figures per evaluated epoch, as CSV and as an SVG chart.
#include <string>
#include <vector>

namespace mdb::distill {

/// One evaluated epoch. Training figures are those seen during the epoch; held-out figures are
/// per held-out set (same order as LearningCurve::sets), after the epoch.
struct CurvePoint {
  int epoch = 0;
  double seconds = 0.0;           ///< wall time since training began (held-out checks included)
  double train_energy_mae = 0.0;  ///< eV/atom
  double train_force_rmse = 0.0;  ///< eV/A
  std::vector<double> energy_mae, force_rmse;
};

struct LearningCurve {
  std::vector<std::string> sets;  ///< held-out set names, e.g. "300 K"
  std::vector<CurvePoint> points;
};

/// epoch,seconds,set,energy_mae_meV_per_atom,force_rmse_eV_per_A rows ("train" and each set).
std::string curve_csv(const LearningCurve& curve);
/// Two panels sharing the epoch axis: force RMSE (eV/A) and energy MAE (meV/atom), log scales,
/// one series per set plus the training figures. Needs at least one point.
std::string curve_svg(const LearningCurve& curve, const std::string& title);

}  // namespace mdb::distill
