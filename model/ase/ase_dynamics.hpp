#pragma once
// ASE's own MD loop on a System: ase.md.verlet.VelocityVerlet (NVE) or ase.md.langevin.Langevin
// (NVT) over an ASE calculator, as the projects that profile with ASE run it (an Atoms, a
// calculator, dyn.run). md_bench times run(k) beside its own step in the Peer rows. Plain C++.
#include <cstdint>
#include <memory>
#include <vector>

#include "md/core/system.hpp"
#include "model/ase/ase_spec.hpp"

namespace mdb {

struct AseLoopSettings {
  bool langevin = false;  ///< NVT by Langevin, else NVE by velocity Verlet
  double timestep_ps = 0.001;
  double temperature_k = 0.0;    ///< Langevin's bath
  double friction_per_ps = 0.0;  ///< Langevin's friction
  std::uint64_t seed = 1;        ///< Langevin's noise (numpy RandomState)
};

class AseDynamics {
 public:
  /// Starts from the system's positions, velocities, masses and box. Throws
  /// std::invalid_argument for a bad spec or a species that is no element symbol.
  AseDynamics(const AseSpec& calculator, const System& start, const AseLoopSettings& settings);
  ~AseDynamics();
  AseDynamics(const AseDynamics&) = delete;
  AseDynamics& operator=(const AseDynamics&) = delete;

  /// dyn.run(steps). Throws std::runtime_error with the Python exception's type and message.
  void run(long steps);
  double potential_energy();  ///< eV, of the current positions
  double kinetic_energy();    ///< eV
  /// Positions (Angstrom), n x 3 row-major.
  std::vector<double> positions();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
