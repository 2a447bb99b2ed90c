#pragma once
// The state that MD advances: atoms (structure of arrays), species and the periodic cell.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "md/core/box.hpp"
#include "md/core/topology.hpp"
#include "md/core/units.hpp"

namespace mdb {

/// One atomic species: a name (matched against force-field parameters) and its mass (amu).
struct Species {
  std::string name;
  double mass;
};

/// Atoms in structure-of-arrays form plus the box and the unit system. Positions in Angstrom,
/// velocities in Angstrom/ps, forces in eV/Angstrom, masses in amu (or the LJ reduced units).
/// The System owns its arrays; force fields write forces, integrators move atoms.
class System {
 public:
  System(Box box, const UnitSystem& units);

  /// Adds a species and returns its index. Throws on an empty or duplicate name or mass <= 0.
  int add_species(std::string name, double mass);
  /// Appends an atom at rest. Throws on an unknown species index.
  void add_atom(int species, double x, double y, double z);
  /// Reserves capacity for n atoms (avoids reallocation while building).
  void reserve(std::size_t n);

  std::size_t size() const { return x_.size(); }
  const std::vector<Species>& species_table() const { return species_; }
  /// Index of a species by name, or -1.
  int find_species(std::string_view name) const;

  const Box& box() const { return box_; }
  Box& box() { return box_; }
  const UnitSystem& units() const { return *units_; }

  std::span<double> x() { return x_; }
  std::span<double> y() { return y_; }
  std::span<double> z() { return z_; }
  std::span<double> vx() { return vx_; }
  std::span<double> vy() { return vy_; }
  std::span<double> vz() { return vz_; }
  std::span<double> fx() { return fx_; }
  std::span<double> fy() { return fy_; }
  std::span<double> fz() { return fz_; }
  std::span<const double> x() const { return x_; }
  std::span<const double> y() const { return y_; }
  std::span<const double> z() const { return z_; }
  std::span<const double> vx() const { return vx_; }
  std::span<const double> vy() const { return vy_; }
  std::span<const double> vz() const { return vz_; }
  std::span<const double> fx() const { return fx_; }
  std::span<const double> fy() const { return fy_; }
  std::span<const double> fz() const { return fz_; }
  std::span<const double> mass() const { return mass_; }
  std::span<const int> species() const { return type_; }

  /// Total mass (amu).
  double total_mass() const;

  /// Charges, molecules, bonds and angles (all empty for an atomic system).
  const Topology& topology() const { return topology_; }
  /// Sets the topology for the atoms added so far (check_topology: throws std::invalid_argument).
  /// Atoms cannot be added afterwards.
  void set_topology(Topology topology);

 private:
  Box box_;
  const UnitSystem* units_;
  std::vector<Species> species_;
  std::vector<double> x_, y_, z_, vx_, vy_, vz_, fx_, fy_, fz_, mass_;
  std::vector<int> type_;
  Topology topology_;
};

}  // namespace mdb
