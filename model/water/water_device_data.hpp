#pragma once
// What the water bodies on the device engine's list (kernels/common/water_image_list.hpp) read,
// as host arrays made from a bound WaterModel: the device force uploads them, and the CPU tests
// that emulate its kernels point the bodies at them directly.
#include <vector>

#include "kernels/common/pair_lj_coul_long.hpp"
#include "kernels/common/water_image_list.hpp"

namespace mdb {

struct WaterMolecules;
struct WaterParams;

/// One replica's water topology in per-atom CSR form, with the pair table and constants.
struct WaterDeviceData {
  std::vector<LjCoulLongPair> table;  ///< n_species^2, row-major
  int n_species = 0;
  double ke = 0.0;                                                        ///< eV Angstrom / e^2
  double beta = 0.0;                                                      ///< 1/Angstrom
  double bond_k = 0.0, bond_r0 = 0.0, angle_k = 0.0, angle_theta0 = 0.0;  ///< theta0 in rad
  std::vector<int> molecule;  ///< per atom: the index of its oxygen
  std::vector<double> charge;
  std::vector<int> excluded_offsets, excluded_of_atom, excluded;
  std::vector<int> bond_offsets, bond_of_atom, bonds;
  std::vector<int> angle_offsets, angle_of_atom, angles;

  /// The bodies' view of these arrays (valid while this object lives and is not changed).
  WaterDeviceView view() const;
};

/// The bodies' view of `arrays`, anything with WaterDeviceData's array members and a data() on
/// each (its vectors, or their device copies), with the constants of `d`.
template <class Arrays>
WaterDeviceView water_device_view(const Arrays& arrays, const WaterDeviceData& d) {
  WaterDeviceView v;
  v.table = arrays.table.data();
  v.n_species = d.n_species;
  v.molecule = arrays.molecule.data();
  v.charge = arrays.charge.data();
  v.ke = d.ke;
  v.beta = d.beta;
  v.excluded_offsets = arrays.excluded_offsets.data();
  v.excluded_of_atom = arrays.excluded_of_atom.data();
  v.excluded = arrays.excluded.data();
  v.bond_offsets = arrays.bond_offsets.data();
  v.bond_of_atom = arrays.bond_of_atom.data();
  v.bonds = arrays.bonds.data();
  v.bond_k = d.bond_k;
  v.bond_r0 = d.bond_r0;
  v.angle_offsets = arrays.angle_offsets.data();
  v.angle_of_atom = arrays.angle_of_atom.data();
  v.angles = arrays.angles.data();
  v.angle_k = d.angle_k;
  v.angle_theta0 = d.angle_theta0;
  return v;
}

/// Builds the CSR lists from checked molecules (water_molecules) of `n_atoms` atoms.
WaterDeviceData water_device_data(const WaterMolecules& molecules, const WaterParams& params,
                                  std::vector<LjCoulLongPair> table, int n_species, double ke,
                                  double beta, int n_atoms);

}  // namespace mdb
