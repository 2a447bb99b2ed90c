#pragma once
// The device MD engine: the whole step (rebuild check, maybe rebuild, force, integrate) on the GPU,
// for one or more replicas of equal size batched in one set of kernels. Plain C++ header (pimpl;
// a stream is CUstream_st*), so benchmarks and tests compile it with g++.
//
// Precision: positions, velocities, forces, energy and virial sums are double on the device, as
// on the CPU engine.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/common/engine_control.hpp"
#include "kernels/common/image_neighbors.hpp"
#include "md/core/system.hpp"
#include "md/core/thermo.hpp"
#include "md/force/device_force.hpp"
#include "md/integrate/ensemble.hpp"

struct CUstream_st;

namespace mdb {

struct DeviceSimulationSettings {
  double dt = 0.0;  ///< ps (tau in LJ units)
  /// NVE (velocity Verlet), NVT (Langevin BAOAB, md/integrate/langevin.hpp's scheme) or NPT (BAOAB
  /// plus stochastic cell rescaling, md/integrate/npt_langevin.hpp's scheme: the move between B A O
  /// A and the force call, with the virial of the previous force call). Replica r's noise draws
  /// from Philox stream thermostat.seed + r, counter (atom, step); its barostat move from stream
  /// barostat.seed + r, counter = step, in a block the atoms' noise never uses.
  EnsembleSpec ensemble;
  NeighborPolicy neighbor;  ///< skin (Angstrom), every, check (max_image_shells: kImageShellMax)
  /// Replay each step from a CUDA graph (two, by observe flag, captured in the constructor and
  /// again after the list storage grows) instead of launching its kernels one by one. Both paths
  /// run the same kernels: bitwise the same trajectory for LJ (each thread sums its own atom's
  /// forces), the same to rounding for SW, NN and NPT, whose sums use atomics in whatever order
  /// the blocks run (so two runs of them differ in the last bits). Without graphs a step is ~16
  /// launches (the list-build kernels return at once when no rebuild is due); a graph puts the
  /// build in a conditional node where the driver has them (graph_info()), so a step that does
  /// not rebuild replays ~5 nodes (LJ) instead.
  bool use_graph = false;
};

/// How DeviceSimulation's step graphs are built (use_graph); all zero without graphs.
struct DeviceGraphInfo {
  /// The list build sits in a conditional IF node that decide_rebuild sets, so a step that does
  /// not rebuild replays none of its ~10 kernels. False when the driver refused conditional
  /// nodes (CUDA < 12.4): the build kernels are then replayed every step and return at once.
  bool conditional_rebuild = false;
  int step_nodes = 0;     ///< top-level nodes of the (observe = false) step graph
  int rebuild_nodes = 0;  ///< nodes in the conditional build body (0 without one)
  /// Why the conditional capture was refused (the CUDA error), empty when it was not.
  std::string conditional_error;
};

/// Owns the device copies of R replicas (atoms back to back), the force field, the neighbour list
/// and a CUDA stream. Construction uploads the systems, builds the list and computes the initial
/// forces (synchronously). step() only enqueues work: no host synchronisation, no allocation.
/// The list is rebuilt for every replica when any replica needs it (decided on the device). If a
/// rebuild outgrows the list storage, the engine halts on the device; the next synchronize()
/// grows the storage, finishes the interrupted step and replays the steps that were skipped.
/// Not thread-safe; uses the current CUDA device.
class DeviceSimulation {
 public:
  /// Throws std::invalid_argument when `replicas` is empty, sizes differ, units differ, dt <= 0,
  /// a Langevin or barostat setting is out of range, or a box needs more than kImageShellMax
  /// image shells; std::runtime_error when a CUDA call fails.
  DeviceSimulation(const std::vector<System>& replicas, std::unique_ptr<DeviceForce> force,
                   const DeviceSimulationSettings& settings);
  ~DeviceSimulation();
  DeviceSimulation(const DeviceSimulation&) = delete;
  DeviceSimulation& operator=(const DeviceSimulation&) = delete;

  /// Enqueues one step on stream(); with observe, energy and virial are summed on it. Timed
  /// loops should end with synchronize() or steps(): a step queued after a list overflow does
  /// nothing until synchronize() resumes it.
  void step(bool observe = false);
  /// Enqueues n steps (the last observed), then synchronize().
  void run(long n);
  /// Waits for the stream; resumes after a list overflow (see the class comment). Throws
  /// std::runtime_error when a position became non-finite or a barostat shrank a box below what
  /// kImageShellMax image shells cover.
  void synchronize();

  /// Per replica; synchronises. Recomputes energy/virial if the last step did not observe (under
  /// NPT every step computes them: the barostat needs the virial). The temperature counts 3N - 3
  /// degrees of freedom under NVE (momentum conserved), 3N under a thermostat. Not computed on
  /// the device, so NaN: the momentum, and the conserved quantity under NVT and NPT (the heat
  /// exchanged with the bath is not tracked); under NVE it is the total energy.
  std::vector<Thermo> thermo();
  /// The same into `out` (resized to the replica count), allocating nothing once `out` and the
  /// engine's staging buffers have been sized by a first call: for thermo printed inside a timed
  /// trajectory.
  void thermo(std::vector<Thermo>& out);
  /// Copies replica `replica`'s positions, velocities, forces and box lengths into `into` (same
  /// atom count; its box corner is kept, as a barostat scales about it); synchronises.
  void download(int replica, System& into);

  /// Copies the current neighbour list (ImageNeighborView's arrays, over all replicas) to the
  /// host, for tests against build_image_list_reference; synchronises.
  void download_list(std::vector<std::int64_t>& offsets, std::vector<int>& neighbors,
                     std::vector<ImageCode>& images);

  /// CUDA events on the stream: record_start() / record_stop() around enqueued work, then
  /// elapsed_ms() waits for the stop event and returns the GPU time between them.
  void record_start();
  void record_stop();
  double elapsed_ms();

  /// Device memory in use on the current device (bytes, cudaMemGetInfo: total - free).
  static std::size_t device_memory_used();

  /// Completed steps, list builds (the initial one included) and dangerous builds (check off);
  /// synchronise and read the device's control block.
  long long steps();
  long long builds();
  long long dangerous_builds();
  /// Entries the neighbour list storage holds now.
  std::int64_t list_capacity() const;

  /// How the step graphs were built (all zero with use_graph off).
  DeviceGraphInfo graph_info() const;

  int replicas() const;
  int atoms_per_replica() const;
  CUstream_st* stream() const;
  DeviceForce& force();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mdb
