#pragma once
// One interface over the CPU and the CUDA engine (OpenMM's Context over its Platforms): built from
// one RunSpec, stepped, timed and read the same way, so a benchmark family, a warm-up rule or a
// conformance test is written once and runs on every backend.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/neighbor_policy.hpp"
#include "md/core/system.hpp"
#include "md/core/thermo.hpp"
#include "md/force/force_field.hpp"
#include "md/integrate/ensemble.hpp"

namespace mdb {

/// Everything an engine is built from. Units are those of the systems (metal: Angstrom, ps).
struct RunSpec {
  /// R >= 1 starting states of equal atom count and units, advanced together as independent
  /// replicas (Batched); one for an ordinary run.
  std::vector<System> replicas;
  /// Makes the model. The CPU engine makes one per replica; the CUDA engine makes one, binds it
  /// to replica 0 and runs its make_device_twin().
  std::function<std::unique_ptr<ForceField>()> model;
  /// Replica r's noise: the CPU engine seeds its generators with the seeds + kReplicaSeedStride r,
  /// the CUDA engine draws from Philox streams seed + r.
  EnsembleSpec ensemble;
  NeighborPolicy neighbor;
  double dt = 0.0;  ///< ps (tau in LJ units)
  /// CPU: threads inside each replica's simulation (force loop and list search); the model must
  /// split its loops (ForceField::splits_over_threads) when > 1.
  int threads = 1;
  /// CPU: threads that step the replicas, thread t taking replicas [t R / T, (t + 1) R / T).
  int replica_threads = 1;
  bool phase_timing = true;  ///< CPU: charge each step's time to its phases
  bool use_graph = false;    ///< CUDA: replay each step from a CUDA graph
};

/// Seeds of replica r on the CPU engine are the RunSpec's + kReplicaSeedStride r (benchmark
/// replicas draw their velocities from the same stride), so no two replicas share a generator.
inline constexpr std::uint64_t kReplicaSeedStride = 1000;

/// What a benchmark reads from an engine besides its timings (summed over replicas).
struct EngineFigures {
  double neighbors_per_atom = 0.0;  ///< list entries per atom (a half list holds a pair once)
  /// Of those, the ones inside the model's cutoff at the end of the run (0: not counted).
  double in_cutoff_per_atom = 0.0;
  int threads = 1;       ///< host threads that advanced the replicas
  int phase_clocks = 1;  ///< phase timers summed (one per replica thread)
  bool phases = false;   ///< the phase times below were measured (CPU)
  double neighbor_s = 0.0, force_s = 0.0, integrate_s = 0.0;
  int graph_nodes = -1;              ///< CUDA graphs: top-level nodes of a step graph (< 0: none)
  int graph_conditional_build = -1;  ///< 1 when the list build sits in a conditional node
};

/// A running simulation of R replicas on one backend. Not thread-safe.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual Backend backend() const = 0;
  virtual int replicas() const = 0;
  virtual int atoms_per_replica() const = 0;

  /// One step of every replica; with observe, energy and virial are computed on it for thermo().
  /// The CPU engine has finished it on return (and throws, with a message, when a list build
  /// meets a non-finite position); the CUDA engine has only enqueued it.
  virtual void step(bool observe = false) = 0;
  /// n steps, the last observed, then synchronize().
  void run(long n);
  /// Waits for enqueued work. Throws std::runtime_error when the run cannot go on (a non-finite
  /// position met by a list build, a box squeezed below what the list covers).
  virtual void synchronize() = 0;
  /// The thermodynamic state of every replica (resizes `out`; allocates nothing once sized).
  virtual void thermo(std::vector<Thermo>& out) = 0;
  /// Copies replica `replica`'s positions, velocities and forces into `into` (a system of the
  /// same atom count, e.g. its starting state) and its box; synchronises. Throws
  /// std::invalid_argument on a bad index or size.
  virtual void copy_state(int replica, System& into) = 0;

  /// Whether single steps are timed on the host (the CPU engine: a step is done when it
  /// returns): last_step_seconds() then holds each step's wall time. Otherwise steps are timed
  /// in spans (begin_timing / end_timing) only.
  virtual bool host_timed_steps() const = 0;
  /// Wall time of the last step() (s); CPU only.
  virtual double last_step_seconds() const = 0;
  /// Times the steps between the two calls: the CPU reads its clock, the CUDA engine records
  /// events on its stream. end_timing() returns the seconds, after synchronising; NaN when the
  /// span's steps did not all run inside it (the device list outgrew its storage and the steps
  /// were replayed by that closing synchronisation, untimed), so the caller times them again. A
  /// span that synchronises itself last (synchronize() before end_timing()) is never NaN.
  virtual void begin_timing() = 0;
  virtual double end_timing() = 0;
  /// Zeroes the phase times.
  virtual void reset_phase_times() = 0;
  /// List builds so far (the initial one included; over replicas, the fewest).
  virtual long long list_builds() = 0;
  /// Figures for the benchmark counters; may synchronise and copy, so not inside a timed span.
  virtual EngineFigures figures() = 0;
  /// Device memory in use (bytes, the whole device), or -1 for a host engine.
  virtual double device_memory_bytes() const { return -1.0; }
  /// Empty while every replica looks sane, else one line saying what blew up: non-finite
  /// positions, velocities or energy, an atom a box length outside its box, or a kinetic
  /// temperature above `max_temperature` (<= 0: no limit). Synchronises.
  virtual std::optional<std::string> check_health(double max_temperature) = 0;

  /// Replica r's model on the CPU engine; the bound model the CUDA engine took its twin from.
  virtual ForceField& model(int replica) = 0;
  /// The model running on the device (CUDA engine), else nullptr.
  virtual DeviceForce* device_model() { return nullptr; }
  /// Why steps replayed from a CUDA graph run the list-build kernels every step (the driver
  /// refused conditional graph nodes); empty when they do not, or without graphs.
  virtual std::string graph_fallback_reason() const { return {}; }
};

/// The health check of an engine that sees its replicas only through thermo lines (the device
/// engines): empty, or which replica has a non-finite energy or a temperature above
/// `max_temperature` (<= 0: no limit).
std::optional<std::string> thermo_health(const std::vector<Thermo>& replicas,
                                         double max_temperature);

/// Whether this build has the CUDA engine.
bool cuda_engine_built();
/// Whether the CUDA engine can run here: built, with a device this binary has code for. Never
/// throws (no driver counts as no device).
bool cuda_device_usable() noexcept;
/// Why cuda_device_usable() is false (built without CUDA, no driver or device, no code for the
/// device), or empty when it is true.
std::string cuda_unusable_reason() noexcept;
/// Makes CUDA device `index` the one engines made afterwards run on. Throws
/// std::invalid_argument when there is no such device or the build has no CUDA.
void select_cuda_device(int index);

}  // namespace mdb
