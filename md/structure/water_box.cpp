#include "md/structure/water_box.hpp"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "md/core/random.hpp"
#include "md/core/units.hpp"
#include "md/structure/elements.hpp"

namespace mdb {
namespace {

constexpr double kPi = 3.14159265358979323846;

using Vec = std::array<double, 3>;

/// A uniformly random rotation matrix (Shoemake's uniform unit quaternion).
std::array<Vec, 3> random_rotation(Rng& rng) {
  const double u1 = rng.uniform(), u2 = 2.0 * kPi * rng.uniform(), u3 = 2.0 * kPi * rng.uniform();
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
  const double w = a * std::sin(u2), x = a * std::cos(u2), y = b * std::sin(u3),
               z = b * std::cos(u3);
  return {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
           {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
           {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
}

Vec rotate(const std::array<Vec, 3>& m, const Vec& v) {
  return {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
          m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
          m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
}

[[noreturn]] void fail(const std::string& problem) {
  throw std::invalid_argument("water box: " + problem);
}

}  // namespace

System build_water_box(const WaterBoxSpec& spec) {
  const WaterGeometry& g = spec.geometry;
  if (spec.molecules < 1) fail("needs at least one molecule");
  if (!(spec.density > 0.0) || !std::isfinite(spec.density)) fail("density must be > 0");
  if (!(g.oh_length > 0.0) || !(g.hoh_angle > 0.0 && g.hoh_angle < 180.0)) {
    fail("the O-H length must be > 0 and the H-O-H angle within (0, 180) degrees");
  }
  if (!(spec.min_separation >= 0.0)) fail("min_separation must be >= 0");
  const double m_o = *standard_atomic_mass("O"), m_h = *standard_atomic_mass("H");
  const double volume = spec.molecules * (m_o + 2.0 * m_h) * kAmuPerA3ToGPerCm3 / spec.density;
  const double side = std::cbrt(volume);
  int k = 1;
  while (static_cast<long long>(k) * k * k < spec.molecules) ++k;
  const double spacing = side / k;
  if (2.0 * spacing - 2.0 * g.oh_length < spec.min_separation || spacing < 2.0 * g.oh_length) {
    // Atoms of molecules two sites apart are at least 2 spacings - 2 r0 apart: the check below
    // looks only at neighbouring sites, which is enough only when that clears min_separation.
    fail("the lattice spacing " + std::to_string(spacing) +
         " Angstrom is too small for the molecules (density too high)");
  }

  System s(Box::cube(side), kMetalUnits);
  const int o = s.add_species("O", m_o);
  const int h = s.add_species("H", m_h);
  const double half = 0.5 * g.hoh_angle * kPi / 180.0;
  const Vec h1 = {g.oh_length * std::sin(half), 0.0, g.oh_length * std::cos(half)};
  const Vec h2 = {-h1[0], 0.0, h1[2]};
  // Molecules by site (x fastest); -1 where the site is empty.
  std::vector<int> at_site(static_cast<std::size_t>(k) * k * k, -1);
  std::vector<std::array<Vec, 3>> placed;
  placed.reserve(static_cast<std::size_t>(spec.molecules));
  Rng rng(spec.seed);
  auto clear_of_neighbours = [&](const std::array<Vec, 3>& mol, int ix, int iy, int iz) {
    for (int dx = -1; dx <= 1; ++dx) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dz = -1; dz <= 1; ++dz) {
          const int jx = (ix + dx + k) % k, jy = (iy + dy + k) % k, jz = (iz + dz + k) % k;
          const int other = at_site[(static_cast<std::size_t>(jz) * k + jy) * k + jx];
          if (other < 0) continue;
          for (const Vec& p : mol) {
            for (const Vec& q : placed[other]) {
              double d[3] = {p[0] - q[0], p[1] - q[1], p[2] - q[2]};
              s.box().minimum_image(d[0], d[1], d[2]);
              if (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <
                  spec.min_separation * spec.min_separation) {
                return false;
              }
            }
          }
        }
      }
    }
    return true;
  };
  for (int m = 0; m < spec.molecules; ++m) {
    const int ix = m % k, iy = (m / k) % k, iz = m / (k * k);
    const Vec site = {(ix + 0.5) * spacing, (iy + 0.5) * spacing, (iz + 0.5) * spacing};
    std::array<Vec, 3> mol{};
    bool clear = false;
    for (int attempt = 0; attempt < 1000 && !clear; ++attempt) {
      const auto rot = random_rotation(rng);
      const Vec a = rotate(rot, h1), b = rotate(rot, h2);
      mol = {site, Vec{site[0] + a[0], site[1] + a[1], site[2] + a[2]},
             Vec{site[0] + b[0], site[1] + b[1], site[2] + b[2]}};
      clear = clear_of_neighbours(mol, ix, iy, iz);
    }
    if (!clear)
      fail("no orientation keeps the molecules " + std::to_string(spec.min_separation) +
           " Angstrom apart at this density");
    at_site[(static_cast<std::size_t>(iz) * k + iy) * k + ix] = m;
    placed.push_back(mol);
  }
  s.reserve(3 * placed.size());
  Topology t;
  for (std::size_t m = 0; m < placed.size(); ++m) {
    const int base = static_cast<int>(3 * m);
    s.add_atom(o, placed[m][0][0], placed[m][0][1], placed[m][0][2]);
    s.add_atom(h, placed[m][1][0], placed[m][1][1], placed[m][1][2]);
    s.add_atom(h, placed[m][2][0], placed[m][2][1], placed[m][2][2]);
    for (double q : {g.charge_o, g.charge_h, g.charge_h}) t.charge.push_back(q);
    for (int a = 0; a < 3; ++a) t.molecule.push_back(static_cast<int>(m));
    t.bonds.push_back({base, base + 1, 0});
    t.bonds.push_back({base, base + 2, 0});
    t.angles.push_back({base + 1, base, base + 2, 0});
  }
  s.set_topology(std::move(t));
  return s;
}

}  // namespace mdb
