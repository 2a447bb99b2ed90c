#include "md/structure/lattice.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace mdb {
namespace {

std::vector<std::array<double, 3>> basis(LatticeKind kind) {
  switch (kind) {
    case LatticeKind::SimpleCubic:
      return {{0, 0, 0}};
    case LatticeKind::Bcc:
      return {{0, 0, 0}, {0.5, 0.5, 0.5}};
    case LatticeKind::Fcc:
      return {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
    case LatticeKind::Diamond:
      return {{0, 0, 0},          {0.5, 0.5, 0},      {0.5, 0, 0.5},      {0, 0.5, 0.5},
              {0.25, 0.25, 0.25}, {0.75, 0.75, 0.25}, {0.75, 0.25, 0.75}, {0.25, 0.75, 0.75}};
  }
  throw std::invalid_argument("Lattice: unknown lattice kind");
}

}  // namespace

int atoms_per_cell(LatticeKind kind) {
  return static_cast<int>(basis(kind).size());
}

double nearest_neighbor_distance(LatticeKind kind, double a) {
  switch (kind) {
    case LatticeKind::SimpleCubic:
      return a;
    case LatticeKind::Bcc:
      return a * std::sqrt(3.0) / 2.0;
    case LatticeKind::Fcc:
      return a / std::sqrt(2.0);
    case LatticeKind::Diamond:
      return a * std::sqrt(3.0) / 4.0;
  }
  throw std::invalid_argument("Lattice: unknown lattice kind");
}

double lattice_constant_for_density(LatticeKind kind, double rho) {
  if (!(rho > 0.0) || !std::isfinite(rho)) {
    throw std::invalid_argument("Lattice: density must be > 0");
  }
  return std::cbrt(atoms_per_cell(kind) / rho);
}

LatticeKind parse_lattice_kind(std::string_view name) {
  if (name == "sc") return LatticeKind::SimpleCubic;
  if (name == "bcc") return LatticeKind::Bcc;
  if (name == "fcc") return LatticeKind::Fcc;
  if (name == "diamond") return LatticeKind::Diamond;
  throw std::invalid_argument("Lattice: unknown lattice '" + std::string(name) +
                              "' (expected sc, bcc, fcc or diamond)");
}

System build_lattice(const LatticeSpec& spec, const Species& species, const UnitSystem& units) {
  if (spec.nx < 1 || spec.ny < 1 || spec.nz < 1) {
    throw std::invalid_argument("Lattice: cell counts must be >= 1");
  }
  if (!(spec.a > 0.0) || !std::isfinite(spec.a)) {
    throw std::invalid_argument("Lattice: lattice constant must be > 0");
  }
  System sys(Box({0, 0, 0}, {spec.nx * spec.a, spec.ny * spec.a, spec.nz * spec.a}), units);
  const int s = sys.add_species(species.name, species.mass);
  const auto b = basis(spec.kind);
  sys.reserve(static_cast<std::size_t>(spec.nx) * spec.ny * spec.nz * b.size());
  for (int k = 0; k < spec.nz; ++k) {
    for (int j = 0; j < spec.ny; ++j) {
      for (int i = 0; i < spec.nx; ++i) {
        for (const auto& p : b) {
          sys.add_atom(s, (i + p[0]) * spec.a, (j + p[1]) * spec.a, (k + p[2]) * spec.a);
        }
      }
    }
  }
  return sys;
}

}  // namespace mdb
