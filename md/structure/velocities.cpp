#include "md/structure/velocities.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "md/core/random.hpp"
#include "md/core/thermo.hpp"

namespace mdb {

std::array<double, 3> total_momentum(const System& s) {
  std::array<double, 3> p{0, 0, 0};
  const auto m = s.mass();
  const auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  for (std::size_t i = 0; i < s.size(); ++i) {
    p[0] += m[i] * vx[i];
    p[1] += m[i] * vy[i];
    p[2] += m[i] * vz[i];
  }
  return p;
}

void remove_com_momentum(System& s) {
  const auto p = total_momentum(s);
  const double mt = s.total_mass();
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  for (std::size_t i = 0; i < s.size(); ++i) {
    vx[i] -= p[0] / mt;
    vy[i] -= p[1] / mt;
    vz[i] -= p[2] / mt;
  }
}

void assign_maxwell_boltzmann(System& s, double temperature, std::uint64_t seed) {
  if (!(temperature >= 0.0) || !std::isfinite(temperature)) {
    throw std::invalid_argument("assign_maxwell_boltzmann: temperature must be >= 0");
  }
  if (s.size() < 2) {
    throw std::invalid_argument(
        "velocities at a temperature need at least 2 atoms (the total momentum is removed), "
        "the system has " +
        std::to_string(s.size()));
  }
  Rng rng(seed);
  const auto m = s.mass();
  auto vx = s.vx(), vy = s.vy(), vz = s.vz();
  const double kt = s.units().boltzmann * temperature;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double sd = std::sqrt(kt / (m[i] * s.units().mvv2e));
    vx[i] = sd * rng.normal();
    vy[i] = sd * rng.normal();
    vz[i] = sd * rng.normal();
  }
  remove_com_momentum(s);
  const double dof = 3.0 * static_cast<double>(s.size()) - 3.0;
  const double t_now = temperature_of(kinetic_energy(s), dof, s.units());
  const double scale = t_now > 0.0 ? std::sqrt(temperature / t_now) : 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    vx[i] *= scale;
    vy[i] *= scale;
    vz[i] *= scale;
  }
}

}  // namespace mdb
