#include "bench/peers/lammps_water.hpp"

#include <algorithm>
#include <stdexcept>

#include "bench/peers/lammps_script.hpp"
#include "kernels/common/ewald_terms.hpp"

namespace mdb::bench {

std::function<std::vector<std::string>(const std::string&)> lammps_water_pair(
    const WaterParams& p, const std::vector<std::string>& species, double kspace_accuracy) {
  auto type_of = [&](const std::string& name) {
    const auto it = std::find(species.begin(), species.end(), name);
    if (it == species.end()) {
      throw std::invalid_argument("water model: the case has no species " + name);
    }
    return std::to_string(it - species.begin() + 1);
  };
  const std::string o = type_of(p.oxygen), h = type_of(p.hydrogen);
  const double beta = ewald_beta_for_rtol(p.cutoff, p.ewald.ewald_rtol);
  std::vector<std::string> lines = {
      "pair_style lj/cut/coul/long " + lammps_number(p.cutoff),
      "pair_coeff * * 0 0",
      "pair_coeff " + o + " " + o + " " + lammps_number(p.epsilon_oo) + " " +
          lammps_number(p.sigma_oo),
      "set type " + o + " charge " + lammps_number(p.charge_o),
      "set type " + h + " charge " + lammps_number(p.charge_h),
      "bond_style harmonic",
      "bond_coeff * " + lammps_number(0.5 * p.bond_k) + " " + lammps_number(p.bond_r0),
      "angle_style harmonic",
      "angle_coeff * " + lammps_number(0.5 * p.angle_k) + " " + lammps_number(p.angle_theta0),
      "special_bonds lj/coul 0.0 0.0 0.0",
      "kspace_style pppm " + lammps_number(kspace_accuracy),
      "kspace_modify gewald " + lammps_number(beta),
  };
  return [lines](const std::string&) { return lines; };
}

}  // namespace mdb::bench
