#include "model/water/water_device_data.hpp"

#include <array>
#include <cstddef>

#include "model/water/water_molecules.hpp"
#include "model/water/water_params.hpp"

namespace mdb {
namespace {

constexpr double kPi = 3.14159265358979323846;

/// CSR over atoms of the terms each atom takes part in: term t of `terms` (its atoms) is listed
/// under every one of its atoms, in term order.
template <std::size_t N>
void incident_terms(const std::vector<std::array<int, N>>& terms, int n_atoms,
                    std::vector<int>& offsets, std::vector<int>& of_atom, std::vector<int>& flat) {
  offsets.assign(static_cast<std::size_t>(n_atoms) + 1, 0);
  for (const auto& t : terms) {
    for (int a : t) ++offsets[static_cast<std::size_t>(a) + 1];
  }
  for (int i = 0; i < n_atoms; ++i) offsets[i + 1] += offsets[i];
  of_atom.assign(static_cast<std::size_t>(offsets.back()), 0);
  std::vector<int> fill(offsets.begin(), offsets.end() - 1);
  flat.clear();
  for (std::size_t k = 0; k < terms.size(); ++k) {
    for (int a : terms[k]) of_atom[fill[a]++] = static_cast<int>(k);
    flat.insert(flat.end(), terms[k].begin(), terms[k].end());
  }
}

}  // namespace

WaterDeviceData water_device_data(const WaterMolecules& molecules, const WaterParams& params,
                                  std::vector<LjCoulLongPair> table, int n_species, double ke,
                                  double beta, int n_atoms) {
  WaterDeviceData d;
  d.table = std::move(table);
  d.n_species = n_species;
  d.ke = ke;
  d.beta = beta;
  d.bond_k = params.bond_k;
  d.bond_r0 = params.bond_r0;
  d.angle_k = params.angle_k;
  d.angle_theta0 = params.angle_theta0 * kPi / 180.0;
  d.charge = molecules.charge;
  d.molecule.assign(static_cast<std::size_t>(n_atoms), -1);
  for (const auto& b : molecules.bonds) {  // (O, H): a molecule is named by its oxygen
    d.molecule[b[0]] = b[0];
    d.molecule[b[1]] = b[0];
  }
  incident_terms(molecules.excluded, n_atoms, d.excluded_offsets, d.excluded_of_atom, d.excluded);
  incident_terms(molecules.bonds, n_atoms, d.bond_offsets, d.bond_of_atom, d.bonds);
  incident_terms(molecules.angles, n_atoms, d.angle_offsets, d.angle_of_atom, d.angles);
  return d;
}

WaterDeviceView WaterDeviceData::view() const {
  return water_device_view(*this, *this);
}

}  // namespace mdb
