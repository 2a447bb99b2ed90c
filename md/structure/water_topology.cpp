#include "md/structure/water_topology.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace mdb {
namespace {

[[noreturn]] void fail(const std::string& problem) {
  throw std::invalid_argument("water molecules: " + problem);
}

std::string atom(std::size_t i) {
  return "atom " + std::to_string(i + 1);
}

}  // namespace

void infer_water_topology(System& system, double max_oh) {
  if (!system.topology().empty()) fail("the structure already has a topology");
  if (!(max_oh > 0.0)) fail("max_oh must be > 0");
  const int o = system.find_species("O"), h = system.find_species("H");
  const auto species = system.species();
  const auto x = system.x(), y = system.y(), z = system.z();
  const Box& box = system.box();
  const std::size_t n = system.size();
  // Oxygens binned in cells at least max_oh wide (at least one per axis): an H looks in its
  // cell and the 26 around it (fewer when an axis has under three cells).
  std::array<int, 3> nc{};
  for (int a = 0; a < 3; ++a) nc[a] = std::max(1, static_cast<int>(box.length(a) / max_oh));
  auto cell_of = [&](double px, double py, double pz) {
    const double p[3] = {px, py, pz};
    std::array<int, 3> c{};
    for (int a = 0; a < 3; ++a) {
      const double f = (p[a] - box.lo()[a]) / box.length(a);
      c[a] = static_cast<int>(std::floor((f - std::floor(f)) * nc[a])) % nc[a];
    }
    return c;
  };
  std::vector<std::vector<int>> cells(static_cast<std::size_t>(nc[0]) * nc[1] * nc[2]);
  auto index = [&](int cx, int cy, int cz) {
    return (static_cast<std::size_t>(cz) * nc[1] + cy) * nc[0] + cx;
  };
  std::vector<int> molecule_of(n, -1);
  int molecules = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (species[i] != o && species[i] != h) {
      fail(atom(i) + " is " + system.species_table()[species[i]].name +
           ": bonds can be inferred for water (O and H) only");
    }
    if (species[i] != o) continue;
    const auto c = cell_of(x[i], y[i], z[i]);
    cells[index(c[0], c[1], c[2])].push_back(static_cast<int>(i));
    molecule_of[i] = molecules++;
  }
  Topology t;
  t.molecule.assign(n, 0);
  std::vector<std::vector<int>> hydrogens(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (species[i] != h) continue;
    const auto c = cell_of(x[i], y[i], z[i]);
    int best = -1;
    double best_r2 = max_oh * max_oh;
    auto visit = [&](int cx, int cy, int cz) {
      for (int j : cells[index(cx, cy, cz)]) {
        double d[3] = {x[i] - x[j], y[i] - y[j], z[i] - z[j]};
        box.minimum_image(d[0], d[1], d[2]);
        const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        if (r2 < best_r2) {
          best_r2 = r2;
          best = j;
        }
      }
    };
    // Each distinct neighbouring cell once (an axis of one or two cells wraps onto itself).
    std::array<std::vector<int>, 3> around;
    for (int a = 0; a < 3; ++a) {
      for (int d = -1; d <= 1; ++d) {
        const int v = (c[a] + d + nc[a]) % nc[a];
        bool seen = false;
        for (int u : around[a]) seen = seen || u == v;
        if (!seen) around[a].push_back(v);
      }
    }
    for (int cx : around[0]) {
      for (int cy : around[1]) {
        for (int cz : around[2]) visit(cx, cy, cz);
      }
    }
    if (best < 0) fail(atom(i) + " (H) has no O within " + std::to_string(max_oh) + " Angstrom");
    hydrogens[static_cast<std::size_t>(best)].push_back(static_cast<int>(i));
    t.molecule[i] = molecule_of[static_cast<std::size_t>(best)];
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (species[i] != o) continue;
    const auto& hs = hydrogens[i];
    if (hs.size() != 2) {
      fail(atom(i) + " (O) has " + std::to_string(hs.size()) + " H within " +
           std::to_string(max_oh) + " Angstrom; a water molecule has 2");
    }
    t.molecule[i] = molecule_of[i];
    const int oi = static_cast<int>(i);
    t.bonds.push_back({oi, hs[0], 0});
    t.bonds.push_back({oi, hs[1], 0});
    t.angles.push_back({hs[0], oi, hs[1], 0});
  }
  system.set_topology(std::move(t));
}

}  // namespace mdb
