#include "md/engine/replica_arrays.hpp"

#include <cmath>
#include <span>
#include <stdexcept>

#include "kernels/common/image_neighbors.hpp"  // kImageShellMax

namespace mdb {

ReplicaArrays flatten_replicas(const std::vector<System>& replicas,
                               const step_plan::StepConstants& c, double temperature, double range,
                               const std::string& who) {
  auto fail = [&](const char* what) { throw std::invalid_argument(who + ": " + what); };
  if (replicas.empty()) fail("no replicas");
  ReplicaArrays a;
  a.replicas = static_cast<int>(replicas.size());
  a.atoms_per_replica = static_cast<int>(replicas[0].size());
  if (a.atoms_per_replica == 0) fail("the systems have no atoms");
  const UnitSystem& u = replicas[0].units();
  auto append = [](std::vector<double>& to, std::span<const double> from) {
    to.insert(to.end(), from.begin(), from.end());
  };
  for (const System& s : replicas) {
    if (static_cast<int>(s.size()) != a.atoms_per_replica) fail("replicas differ in atom count");
    if (s.units().name != u.name) fail("replicas differ in units");
    const auto& len = s.box().lengths();
    for (int k = 0; k < 3; ++k) {
      if (std::ceil(range / len[k]) > kImageShellMax) fail("box too small for the cutoff + skin");
    }
    append(a.x, s.x());
    append(a.y, s.y());
    append(a.z, s.z());
    append(a.vx, s.vx());
    append(a.vy, s.vy());
    append(a.vz, s.vz());
    a.species.insert(a.species.end(), s.species().begin(), s.species().end());
    for (double m : s.mass()) {
      a.mass.push_back(m);
      a.half_dt_over_m.push_back(step_plan::half_dt_over_m(c.dt, u.ftm2v, m));
      a.noise_sigma.push_back(
          step_plan::langevin_noise_sigma(c.c1, u.boltzmann, temperature, m, u.mvv2e));
    }
    a.box_len.insert(a.box_len.end(), len.begin(), len.end());
    a.box_lo.insert(a.box_lo.end(), s.box().lo().begin(), s.box().lo().end());
    a.replica_mass.push_back(s.total_mass());
    a.grids.push_back(make_replica_cell_grid(s.box().lo().data(), len.data(), range, a.n_cells));
    a.n_cells += a.grids.back().num_cells();
  }
  return a;
}

}  // namespace mdb
