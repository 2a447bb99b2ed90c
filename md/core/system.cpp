#include "md/core/system.hpp"

#include <cmath>
#include <stdexcept>

namespace mdb {

System::System(Box box, const UnitSystem& units) : box_(box), units_(&units) {}

int System::add_species(std::string name, double mass) {
  if (name.empty()) throw std::invalid_argument("System: species name must not be empty");
  if (find_species(name) >= 0) {
    throw std::invalid_argument("System: species '" + name + "' is defined twice");
  }
  if (!std::isfinite(mass) || mass <= 0.0) {
    throw std::invalid_argument("System: mass of species '" + name + "' must be > 0");
  }
  species_.push_back({std::move(name), mass});
  return static_cast<int>(species_.size()) - 1;
}

void System::add_atom(int species, double x, double y, double z) {
  if (species < 0 || species >= static_cast<int>(species_.size())) {
    throw std::invalid_argument("System: unknown species index " + std::to_string(species) + " (" +
                                std::to_string(species_.size()) + " species defined)");
  }
  if (!topology_.empty()) {
    throw std::logic_error("System: add every atom before setting the topology");
  }
  x_.push_back(x);
  y_.push_back(y);
  z_.push_back(z);
  for (auto* v : {&vx_, &vy_, &vz_, &fx_, &fy_, &fz_}) v->push_back(0.0);
  mass_.push_back(species_[species].mass);
  type_.push_back(species);
}

void System::reserve(std::size_t n) {
  for (auto* v : {&x_, &y_, &z_, &vx_, &vy_, &vz_, &fx_, &fy_, &fz_, &mass_}) v->reserve(n);
  type_.reserve(n);
}

int System::find_species(std::string_view name) const {
  for (std::size_t s = 0; s < species_.size(); ++s) {
    if (species_[s].name == name) return static_cast<int>(s);
  }
  return -1;
}

void System::set_topology(Topology topology) {
  check_topology(topology, size());
  topology_ = std::move(topology);
}

double System::total_mass() const {
  double m = 0.0;
  for (double mi : mass_) m += mi;
  return m;
}

}  // namespace mdb
