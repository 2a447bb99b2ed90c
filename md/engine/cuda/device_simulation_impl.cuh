#pragma once
// DeviceSimulation's state (the pimpl), shared by device_simulation.cu (construction, the step,
// the overflow resume) and device_simulation_readback.cu (thermo, downloads, counters). Internal
// to kernels/cuda; the kernels themselves stay in device_simulation.cu's translation unit.
#include <cuda_runtime.h>

#include <memory>
#include <vector>

#include "kernels/common/barostat_bodies.hpp"
#include "kernels/common/device_step_plan.hpp"
#include "kernels/common/engine_control.hpp"
#include "kernels/common/integrate_bodies.hpp"
#include "kernels/cuda/device_barostat.cuh"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/device_image_list.cuh"
#include "md/engine/cuda/device_simulation.hpp"

namespace mdb {

struct DeviceSimulation::Impl {
  int replicas = 0, apr = 0, n = 0;
  UnitSystem units{};
  DeviceSimulationSettings settings;
  std::unique_ptr<DeviceForce> force;
  double c1 = 1.0;
  bool langevin = false, npt = false;
  std::vector<double> replica_mass;  ///< total mass of each replica (amu, or m)
  cudaStream_t stream = nullptr;
  cudaEvent_t start_event = nullptr, stop_event = nullptr;
  DeviceBuffer<double> x, y, z, vx, vy, vz, fx, fy, fz, x0, y0, z0;
  DeviceBuffer<double> half_dt_over_m, noise_sigma, mass, box_len, sums, kinetic;
  DeviceBuffer<int> species;
  DeviceBuffer<EngineControl> ctl;
  EngineControl host_ctl;  // staging for control-block copies
  std::unique_ptr<DeviceImageList> list;
  std::unique_ptr<DeviceBarostat> barostat;        // NPT only
  cudaGraphExec_t graphs[2] = {nullptr, nullptr};  // by observe flag
  /// How the step graphs were made: with the list build inside a conditional IF node (true) or
  /// with every build kernel launched on every replay, returning at once when no build is due
  /// (the fallback when a driver refuses conditional nodes). Top-level nodes of a step graph and
  /// nodes of its build body (0 without a conditional).
  DeviceGraphInfo graph_info;
  long long steps_enqueued = 0;
  bool last_observe = false;
  bool sums_valid = false;
  std::vector<double> host_sums, host_kinetic, host_box_len;  // thermo() staging, sized once
  step_plan::StepArrays arrays;        ///< the buffers above, for the views (set once uploaded)
  step_plan::StepConstants constants;  ///< dt, c1, seeds, the barostat's coupling

  /// The step plan's launcher (kernels/common/device_step_plan.hpp): each phase on `stream`.
  /// In a conditional graph, decide() also sets `rebuild_condition`.
  struct Launcher {
    Impl& d;
    cudaGraphConditionalHandle rebuild_condition = 0;
    bool set_condition = false;
    void head();
    void barostat() { d.enqueue_barostat(); }
    void decide();
    void build() { d.list->enqueue_build(d.stream); }
    void force(bool sums) { d.enqueue_force(sums); }
    void tail() { d.enqueue_tail(); }
  };

  ~Impl();
  void drop_graphs() noexcept;
  IntegrateView integrate_view();
  /// The barostat's view of the engine's buffers (DeviceBarostat adds box_lo and lambda).
  BarostatView barostat_view();
  /// The force; energy and virial sums when `sums` (step_plan::sums_energy_virial).
  void enqueue_force(bool sums);
  void enqueue_tail();
  /// The step up to the rebuild decision: head, the NPT barostat, decide_rebuild (which sets
  /// `rebuild_condition` when `set_condition`).
  void enqueue_head_and_decide(cudaGraphConditionalHandle rebuild_condition, bool set_condition);
  void enqueue_step(bool observe);
  /// NPT, after B A O A: each replica's kinetic energy, then the move and the scaling (which
  /// reduce the ghost-shift change and the displacements for decide_rebuild).
  void enqueue_barostat();
  /// Kinetic energy per replica into `kinetic` (zeroed by the caller).
  void enqueue_kinetic();
  /// Both step graphs (observe off / on), outside the step loop; with use_graph off, none.
  void capture_graphs();
  cudaGraphExec_t capture(bool observe);
  /// The step graph with the list build in a conditional IF node; throws std::runtime_error when
  /// the driver refuses (capture_graphs then falls back to capture()).
  cudaGraphExec_t capture_conditional(bool observe);
  EngineControl read_control();
  void write_control(const EngineControl& c);
  /// Waits; throws on a blown-up run; resumes after a list overflow (the class comment).
  void synchronize();
};

}  // namespace mdb
