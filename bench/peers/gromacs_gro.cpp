#include "bench/peers/gromacs_gro.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace mdb::bench {
namespace {

constexpr int kWidth = kGroDecimals + 5;  // GROMACS's field width for that many decimals
constexpr long kWrap = 100000;            // residue and atom numbers are five digits

// The coordinate's place in [0, L): GROMACS would put the atom there at its first search anyway.
double wrapped(double x, double lo, double length) {
  const double u = x - lo;
  return u - length * std::floor(u / length);
}

void append_field(std::string& line, double v, int decimals, const char* what) {
  char buf[48];
  const int n = std::snprintf(buf, sizeof buf, "%*.*f", kWidth, decimals, v);
  if (n != kWidth) {
    throw std::invalid_argument(std::string("GROMACS .gro: ") + what + " " + std::to_string(v) +
                                " does not fit " + std::to_string(kWidth) + " columns");
  }
  line.append(buf, n);
}

}  // namespace

std::string gro_text(const System& system, const GromacsTopology& topology,
                     const GromacsUnits& units, const std::string& title) {
  const long atoms = topology_atoms(topology);
  if (atoms != static_cast<long>(system.size())) {
    throw std::invalid_argument("GROMACS .gro: the topology holds " + std::to_string(atoms) +
                                " atoms, the system " + std::to_string(system.size()));
  }
  const auto& lo = system.box().lo();
  const auto& len = system.box().lengths();
  const double v_scale = units.velocity();
  std::string t = title + "\n" + std::to_string(system.size()) + "\n";
  t.reserve(t.size() + system.size() * (20 + 6 * kWidth + 1));
  std::size_t i = 0;
  long residue = 0;
  char names[32];
  for (const GromacsMoleculeBlock& block : topology.molecules) {
    const GromacsMoleculeType& type = topology.molecule_types[block.type];
    for (long m = 0; m < block.count; ++m) {
      ++residue;
      for (const GromacsAtom& a : type.atoms) {
        std::snprintf(names, sizeof names, "%5ld%-5s%5s%5ld", residue % kWrap, type.name.c_str(),
                      a.name.c_str(), static_cast<long>(i + 1) % kWrap);
        std::string line = names;
        const double r[3] = {system.x()[i], system.y()[i], system.z()[i]};
        const double v[3] = {system.vx()[i], system.vy()[i], system.vz()[i]};
        for (int k = 0; k < 3; ++k) {
          append_field(line, wrapped(r[k], lo[k], len[k]) * units.nm_per_length, kGroDecimals,
                       "position");
        }
        for (int k = 0; k < 3; ++k) {
          append_field(line, v[k] * v_scale, kGroDecimals + 1, "velocity (nm/ps)");
        }
        t += line;
        t += '\n';
        ++i;
      }
    }
  }
  std::string box;
  for (int k = 0; k < 3; ++k) append_field(box, len[k] * units.nm_per_length, kGroDecimals, "box");
  return t + box + "\n";
}

}  // namespace mdb::bench
