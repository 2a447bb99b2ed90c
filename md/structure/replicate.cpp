#include "md/structure/replicate.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace mdb {

System replicate(const System& cell, const std::array<int, 3>& n) {
  for (int k : n) {
    if (k < 1) throw std::invalid_argument("replicate: counts must be >= 1");
  }
  const Box& b = cell.box();
  const std::array<double, 3> len = {b.length(0), b.length(1), b.length(2)};
  System out(Box(b.lo(), {len[0] * n[0], len[1] * n[1], len[2] * n[2]}), cell.units());
  for (const Species& s : cell.species_table()) out.add_species(s.name, s.mass);
  const std::size_t per_cell = cell.size();
  out.reserve(per_cell * static_cast<std::size_t>(n[0]) * n[1] * n[2]);
  for (int ix = 0; ix < n[0]; ++ix) {
    for (int iy = 0; iy < n[1]; ++iy) {
      for (int iz = 0; iz < n[2]; ++iz) {
        for (std::size_t i = 0; i < per_cell; ++i) {
          out.add_atom(cell.species()[i], cell.x()[i] + ix * len[0], cell.y()[i] + iy * len[1],
                       cell.z()[i] + iz * len[2]);
          const std::size_t j = out.size() - 1;
          out.vx()[j] = cell.vx()[i];
          out.vy()[j] = cell.vy()[i];
          out.vz()[j] = cell.vz()[i];
        }
      }
    }
  }
  out.set_topology(
      repeat_topology(cell.topology(), per_cell, static_cast<std::size_t>(n[0]) * n[1] * n[2]));
  return out;
}

}  // namespace mdb
