#pragma once
// R replicas of equal size laid end to end, as a device-style engine holds them (replica r owns
// atoms [r apr, (r + 1) apr)), with the per-atom constants of the step and each replica's cell
// grid: what the CUDA engine uploads and its emulated twin (tests/kernels/) keeps, made once.
#include <string>
#include <vector>

#include "kernels/common/device_step_plan.hpp"
#include "kernels/common/image_list_build.hpp"  // ReplicaCellGrid
#include "md/core/system.hpp"

namespace mdb {

struct ReplicaArrays {
  int replicas = 0;
  int atoms_per_replica = 0;
  std::vector<double> x, y, z, vx, vy, vz;
  std::vector<int> species;
  std::vector<double> mass;             ///< per atom (amu, or m)
  std::vector<double> half_dt_over_m;   ///< step_plan::half_dt_over_m per atom
  std::vector<double> noise_sigma;      ///< step_plan::langevin_noise_sigma per atom
  std::vector<double> box_len, box_lo;  ///< 3 per replica
  std::vector<double> replica_mass;     ///< total mass per replica
  std::vector<ReplicaCellGrid> grids;   ///< per replica, for lists of range `range`
  int n_cells = 0;                      ///< cells of all grids
};

/// The replicas' arrays for a step with constants `c` at bath `temperature` (K) and list range
/// `range` (cutoff + skin). Throws std::invalid_argument, "<who>: <problem>", for no replicas,
/// replicas without atoms or of unequal size or units, or a box shorter than the image shells
/// the range needs (kImageShellMax).
ReplicaArrays flatten_replicas(const std::vector<System>& replicas,
                               const step_plan::StepConstants& c, double temperature, double range,
                               const std::string& who);

}  // namespace mdb
