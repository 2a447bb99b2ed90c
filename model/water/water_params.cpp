#include "model/water/water_params.hpp"

#include <cmath>
#include <stdexcept>

#include "md/core/units.hpp"

namespace mdb {

WaterParams WaterParams::spc_fw() {
  WaterParams p;
  p.charge_o = -0.82;
  p.charge_h = 0.41;
  p.epsilon_oo = 0.1554253 * kEvPerKcalMol;
  p.sigma_oo = 3.165492;
  p.bond_k = 1059.162 * kEvPerKcalMol;
  p.bond_r0 = 1.012;
  p.angle_k = 75.90 * kEvPerKcalMol;
  p.angle_theta0 = 113.24;
  p.cutoff = 10.0;
  p.ewald.cutoff = p.cutoff;
  return p;
}

void check_water_params(const WaterParams& p) {
  auto positive = [](double v, const char* what) {
    if (!(v > 0.0) || !std::isfinite(v)) {
      throw std::invalid_argument(std::string("water model: ") + what + " must be > 0");
    }
  };
  if (p.oxygen.empty() || p.hydrogen.empty() || p.oxygen == p.hydrogen) {
    throw std::invalid_argument("water model: oxygen and hydrogen need two different names");
  }
  positive(p.charge_h, "the hydrogen charge");
  positive(-p.charge_o, "minus the oxygen charge");
  if (std::abs(p.charge_o + 2.0 * p.charge_h) > 1e-12) {
    throw std::invalid_argument("water model: a molecule must be neutral (q_O + 2 q_H = 0)");
  }
  positive(p.epsilon_oo, "epsilon_OO");
  positive(p.sigma_oo, "sigma_OO");
  positive(p.bond_k, "the bond constant");
  positive(p.bond_r0, "the bond length");
  positive(p.angle_k, "the angle constant");
  if (!(p.angle_theta0 > 0.0 && p.angle_theta0 < 180.0)) {
    throw std::invalid_argument("water model: the H-O-H angle must be within (0, 180) degrees");
  }
  positive(p.cutoff, "the cut-off");
}

}  // namespace mdb
