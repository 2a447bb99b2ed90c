#pragma once
// The water model's LAMMPS input: the same charges, LJ, bonds, angles, exclusions and Ewald
// splitting, with LAMMPS's own PPPM for the reciprocal part.
#include <functional>
#include <string>
#include <vector>

#include "model/water/water_params.hpp"

namespace mdb::bench {

/// pair_style lj/cut/coul/long at the model's cut-off (LJ between oxygens only), its charges
/// set per type, harmonic bonds and angles (LAMMPS's K is the model's k / 2), special_bonds
/// lj/coul 0 0 0, and `kspace_style pppm <accuracy>` with the model's beta (kspace_modify
/// gewald), so the real-space sums are the same and only the mesh differs. `species`: the
/// case's names in type order. Throws std::invalid_argument when the oxygen or hydrogen is
/// missing from them.
std::function<std::vector<std::string>(const std::string&)> lammps_water_pair(
    const WaterParams& params, const std::vector<std::string>& species,
    double kspace_accuracy = 1e-5);

}  // namespace mdb::bench
