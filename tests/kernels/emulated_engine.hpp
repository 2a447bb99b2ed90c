#pragma once
// The device engine's whole step run on the host: the same MDB_HD bodies as the CUDA kernels of
// DeviceSimulation, in the same order (both run step_plan::step, kernels/common/
// device_step_plan.hpp), each "launch" a plain loop over every thread index. It is the one
// whole-step check that runs without a GPU.
#include <cstdint>
#include <functional>
#include <vector>

#include "kernels/common/barostat_bodies.hpp"
#include "kernels/common/device_step_plan.hpp"
#include "kernels/common/engine_control.hpp"
#include "kernels/common/image_list_build.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/pair_lj.hpp"
#include "kernels/common/sw_terms.hpp"
#include "md/core/system.hpp"
#include "md/integrate/ensemble.hpp"

namespace mdb::test {

/// A force body driven over all atoms: forces for `list` into fx/fy/fz (overwritten) and, when
/// asked, 7 sums per replica added into `sums`.
using EmulatedForce = std::function<void(const ImageNeighborView& list, double* fx, double* fy,
                                         double* fz, double* sums, bool energy_virial)>;

/// Runs `body(i)` for i in [0, n): an emulated kernel launch, one thread after another.
template <class Body>
void emulate_launch(int n, Body&& body) {
  for (int i = 0; i < n; ++i) body(i);
}

/// LJ on the image list, as LjForceDevice launches it (table n_species^2, row-major).
EmulatedForce emulated_lj(std::vector<LjPair<double>> table, int n_species);

/// Stillinger-Weber on the image list, as SwForceDevice launches it (forces zeroed, then added).
EmulatedForce emulated_sw(std::vector<SwPairCoeffs> pairs, std::vector<SwTripletCoeffs> triplets,
                          int n_species);

/// DeviceSimulationSettings' fields that the emulation runs, plus the force's range.
struct EmulatedSettings {
  double cutoff = 0.0;  ///< force-field range (Angstrom)
  NeighborPolicy policy;
  double dt = 0.0;  ///< ps
  /// NVE: velocity Verlet; NVT: BAOAB (replica r draws from thermostat.seed + r); NPT: BAOAB
  /// then stochastic cell rescaling (replica r's move from Philox stream barostat.seed + r).
  EnsembleSpec ensemble;
  std::int64_t capacity = 0;  ///< initial list storage (0: the first build overflows and grows)
};

/// Host mirror of DeviceSimulation's state and step. Replicas must have equal atom counts.
class EmulatedEngine {
 public:
  EmulatedEngine(const std::vector<System>& replicas, EmulatedForce force,
                 const EmulatedSettings& settings);
  /// One step: head (B A [O A]), [NPT: kinetic energy per replica, cell rescaling move per
  /// replica, scaling of every atom], displacement max, decide, maybe rebuild, force, tail (B).
  void step(bool observe);
  ImageNeighborView list() const;
  /// Runs the build bodies (as the device does when ctl.rebuild is set), growing the storage and
  /// retrying when fill_neighbors reports an overflow (the host resume of the device engine).
  void rebuild();
  /// The force call (forces, and energy and virial into `sums` when observe).
  void compute_forces(bool observe);

  int n = 0, atoms_per_replica = 0, replicas = 0;
  std::vector<double> x, y, z, vx, vy, vz, fx, fy, fz, x0, y0, z0;
  std::vector<double> half_dt_over_m, noise_sigma, mass;
  std::vector<int> species;
  std::vector<double> box_len;  ///< 3 per replica
  std::vector<double> box_lo;   ///< 3 per replica
  std::vector<double> kinetic;  ///< per replica (NPT: after this step's B A O A), eV
  std::vector<double> lambda;   ///< per replica (NPT: this step's length scale)
  /// 7 per replica, from the last observed step (NPT: from every step, the barostat reads them).
  std::vector<double> sums;
  EngineControl ctl;
  long overflows = 0;  ///< builds that overflowed the list storage and were retried

 private:
  struct Launcher;  // the step plan's phases as host launches
  ImageListBuildView build_view();

  void head();
  void barostat_step();  // NPT: kinetic energy, move per replica, scale per atom

  EmulatedForce force_;
  EmulatedSettings settings_;
  bool langevin_ = false, npt_ = false;
  double mvv2e_ = 1.0;
  /// The vectors above as the plan's arrays, taken per call (an engine may be moved).
  step_plan::StepArrays arrays();
  step_plan::StepConstants constants_;
  std::vector<ReplicaCellGrid> grids_;
  int n_cells_ = 0;
  std::vector<int> cell_of_, cell_count_, cell_cursor_, cell_start_, cell_atoms_, list_count_;
  std::vector<std::int64_t> scan_, offsets_;
  std::vector<int> neighbors_;
  std::vector<ImageCode> images_;
};

}  // namespace mdb::test
