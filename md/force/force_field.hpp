#pragma once
// The interface every force field implements; the MD engine calls it once per step.
#include <array>
#include <memory>
#include <string_view>

#include "md/core/system.hpp"
#include "md/core/thread_team.hpp"
#include "md/force/device_force.hpp"
#include "md/force/stage_clocks.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace mdb {

/// Where a force field can run. A closed set: no plugin factory.
enum class Backend { Cpu, Cuda };

/// What a force call must produce besides forces (skipping energy and virial saves time on
/// steps whose thermo nobody reads). `forces = false` (with virial off) asks for the energy
/// alone, as a finite-difference probe does: a model whose forces cost more than its energy (a
/// network's backward pass) may skip them and leave the force arrays unspecified; the others
/// compute them anyway.
struct ComputeFlags {
  bool energy = true;
  bool virial = true;
  bool forces = true;
  ComputeFlags operator|(ComputeFlags o) const {
    return {energy || o.energy, virial || o.virial, forces || o.forces};
  }
  /// Whether the call must produce forces (the virial is made from them).
  bool needs_forces() const { return forces || virial; }
};

/// Energy (eV) and virial W_ab = sum r_a f_b (eV, LAMMPS order xx yy zz xy xz yz) of one call;
/// fields not asked for in ComputeFlags are 0.
struct ForceResult {
  double energy = 0.0;
  std::array<double, 6> virial{};
};

/// A potential-energy model. Implementations keep the per-pair / per-atom math in MDB_HD
/// evaluators under kernels/ and call them from one loop: no virtual call per atom or pair.
class ForceField {
 public:
  virtual ~ForceField() = default;
  virtual std::string_view name() const = 0;
  /// Interaction range (Angstrom, or sigma in LJ units); the neighbour list adds its skin.
  virtual double cutoff() const = 0;
  virtual NeighborKind neighbor_kind() const = 0;
  /// Where the model can run: every model on the CPU; on Backend::Cuda when make_device_twin()
  /// gives a twin in this build. Benchmark cases derive their rows from this and
  /// splits_over_threads(), so a model declares its abilities in one place.
  virtual bool supports(Backend backend) const { return backend == Backend::Cpu; }
  /// The same model with the same parameters as the device engine's DeviceForce, for the species
  /// of `system` (call after bind(system)). nullptr when the model has no GPU twin or md was
  /// built without CUDA. Allocates device memory: throws std::runtime_error when a CUDA call
  /// fails (e.g. no device).
  virtual std::unique_ptr<DeviceForce> make_device_twin(const System& system) const {
    static_cast<void>(system);
    return nullptr;
  }
  /// Whether the device twin's compute() can be captured in a CUDA graph (it neither waits for the
  /// device nor reads back); false: the device engine refuses graphs for it.
  virtual bool device_twin_capturable() const { return true; }
  /// Whether the device twin reads each replica's box every call, so the device engine's barostat
  /// may move it (NPT) and replicas may differ in box; false: the twin keeps the box of the
  /// system it was made for, and the device engine refuses both.
  virtual bool device_twin_follows_box() const { return true; }
  /// The same model with its pair arithmetic in float (positions, forces, sums and integration
  /// stay double), unbound; nullptr when the model has no such variant. md_bench's `cpu-mixed`
  /// rows run it.
  virtual std::unique_ptr<ForceField> mixed_precision() const { return nullptr; }
  /// Whether use_threads() accepts a team of several threads.
  virtual bool splits_over_threads() const { return false; }
  /// Prepares for this system: maps its species to parameters and sizes scratch buffers.
  /// Throws std::invalid_argument naming a species that has no parameters.
  virtual void bind(const System& system) = 0;
  /// Lets compute() split its loops over `team` (the caller's, outliving this binding; nullptr
  /// or a team of one: a single thread). Returns false, and stays single-threaded, when the
  /// force field cannot (e.g. a KIM model, which is not thread-safe).
  virtual bool use_threads(ThreadTeam* team) { return team == nullptr || team->size() == 1; }
  /// Overwrites system forces (eV/Angstrom) for the current positions, using the list's extended
  /// (local + ghost) atoms, and returns what `flags` asked for.
  virtual ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) = 0;
  /// The model's own stage clocks since reset_stage_times() (empty for a model without stages).
  /// Outside the step loop.
  virtual StageClocks stage_times() const { return {}; }
  virtual void reset_stage_times() {}
};

}  // namespace mdb
