// DeviceSimulation: the step's kernels (thin wrappers over kernels/common/integrate_bodies.hpp and
// engine_control.hpp), the neighbour list (device_image_list.cu), the barostat
// (device_barostat.cu), the force (a DeviceForce) and the host side of the overflow resume (the
// read-back side is device_simulation_readback.cu, graph capture device_simulation_graph.cu).
// The order is step_plan's (kernels/common/device_step_plan.hpp), which the emulated engine
// (tests/kernels/emulated_engine.cpp) runs too, over the same bodies on the host.
#include <cuda_runtime.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/common/lj_image_list.hpp"  // kEnergyVirialSums
#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_barostat.cuh"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/device_image_list.cuh"
#include "kernels/cuda/device_step_kernels.cuh"
#include "md/engine/cuda/device_simulation.hpp"
#include "md/engine/cuda/device_simulation_impl.cuh"
#include "md/engine/replica_arrays.hpp"
#include "md/engine/step_constants.hpp"
#include "md/neighbor/neighbor_list.hpp"  // check_neighbor_policy

namespace mdb {
namespace {

using namespace device_step;  // NOLINT: the step kernels of this file

void fail(const std::string& what) {
  throw std::invalid_argument("DeviceSimulation: " + what);
}

}  // namespace

DeviceSimulation::Impl::~Impl() {
  // Errors are dropped: a destructor must not throw.
  drop_graphs();
  if (start_event) static_cast<void>(cudaEventDestroy(start_event));
  if (stop_event) static_cast<void>(cudaEventDestroy(stop_event));
  if (stream) static_cast<void>(cudaStreamDestroy(stream));
}

void DeviceSimulation::Impl::drop_graphs() noexcept {
  for (auto& g : graphs) {
    if (g) static_cast<void>(cudaGraphExecDestroy(g));
    g = nullptr;
  }
}

IntegrateView DeviceSimulation::Impl::integrate_view() {
  return step_plan::integrate_view(arrays, constants);
}

BarostatView DeviceSimulation::Impl::barostat_view() {
  return step_plan::barostat_view(arrays, constants, list->grids());
}

void DeviceSimulation::Impl::enqueue_force(bool with_sums) {
  MDB_NVTX_RANGE("force");
  if (with_sums) {
    MDB_CUDA_CHECK(cudaMemsetAsync(sums.data(), 0, sums.size() * sizeof(double), stream));
  }
  DeviceForceOutput out{fx.data(), fy.data(), fz.data(), sums.data()};
  force->compute(list->view(species.data(), box_len.data()), out, with_sums, stream);
}

void DeviceSimulation::Impl::enqueue_tail() {
  MDB_NVTX_RANGE("integrate/tail");
  tail_kernel<<<blocks_for(n), kBlock, 0, stream>>>(integrate_view());
  MDB_CUDA_CHECK(cudaGetLastError());
}

void DeviceSimulation::Impl::Launcher::head() {
  MDB_NVTX_RANGE("integrate/head");
  const IntegrateView v = d.integrate_view();
  if (d.npt) {
    head_kernel<true, false><<<blocks_for(d.n), kBlock, 0, d.stream>>>(v);
  } else if (d.langevin) {
    head_kernel<true, true><<<blocks_for(d.n), kBlock, 0, d.stream>>>(v);
  } else {
    head_kernel<false, true><<<blocks_for(d.n), kBlock, 0, d.stream>>>(v);
  }
  MDB_CUDA_CHECK(cudaGetLastError());
}

void DeviceSimulation::Impl::Launcher::decide() {
  MDB_NVTX_RANGE("neighbor");
  decide_kernel<<<1, 1, 0, d.stream>>>(d.ctl.data(), d.settings.neighbor, rebuild_condition,
                                       set_condition);
  MDB_CUDA_CHECK(cudaGetLastError());
}

void DeviceSimulation::Impl::enqueue_head_and_decide(cudaGraphConditionalHandle rebuild_condition,
                                                     bool set_condition) {
  Launcher launch{*this, rebuild_condition, set_condition};
  step_plan::head_and_decide(launch, npt);
}

void DeviceSimulation::Impl::enqueue_step(bool observe) {
  Launcher launch{*this};
  step_plan::step(launch, observe, npt);
}

void DeviceSimulation::Impl::enqueue_barostat() {
  MDB_CUDA_CHECK(cudaMemsetAsync(kinetic.data(), 0, kinetic.size() * sizeof(double), stream));
  enqueue_kinetic();
  barostat->enqueue(stream);
}

void DeviceSimulation::Impl::enqueue_kinetic() {
  const dim3 grid(blocks_for(apr), static_cast<unsigned>(replicas));
  kinetic_kernel<<<grid, kBlock, 0, stream>>>(vx.data(), vy.data(), vz.data(), mass.data(),
                                              units.mvv2e, apr, kinetic.data());
  MDB_CUDA_CHECK(cudaGetLastError());
}

EngineControl DeviceSimulation::Impl::read_control() {
  MDB_CUDA_CHECK(cudaStreamSynchronize(stream));
  MDB_CUDA_CHECK(cudaMemcpy(&host_ctl, ctl.data(), sizeof host_ctl, cudaMemcpyDeviceToHost));
  return host_ctl;
}

void DeviceSimulation::Impl::write_control(const EngineControl& c) {
  host_ctl = c;
  // On the engine stream, so the kernels enqueued next (the build after a resume) see it; a
  // legacy-stream copy is not ordered before work on a non-blocking stream.
  MDB_CUDA_CHECK(
      cudaMemcpyAsync(ctl.data(), &host_ctl, sizeof host_ctl, cudaMemcpyHostToDevice, stream));
}

void DeviceSimulation::Impl::synchronize() {
  for (;;) {
    EngineControl c = read_control();
    if (c.bad_position) {
      throw std::runtime_error("DeviceSimulation: a position became non-finite by step " +
                               std::to_string(c.step + 1) + " (the run blew up)");
    }
    if (c.bad_box) {
      throw std::runtime_error("DeviceSimulation: the barostat made a box non-finite or too " +
                               std::string("small for the cutoff by step ") +
                               std::to_string(c.step + 1) + " (the run blew up)");
    }
    if (!c.halted) return;
    // A build outgrew the list: grow, build again, finish the interrupted step and replay the
    // steps that the halted engine skipped.
    drop_graphs();  // they hold the old storage's pointers
    list->grow(c.needed);
    c.halted = 0;
    c.rebuild = 1;
    write_control(c);
    list->enqueue_build(stream);
    if (c.step < steps_enqueued) {
      Launcher launch{*this};
      step_plan::finish_and_replay(launch, steps_enqueued - c.step - 1, last_observe, npt);
    }
    MDB_CUDA_CHECK(cudaStreamSynchronize(stream));
    capture_graphs();  // on the grown storage
  }
}

DeviceSimulation::DeviceSimulation(const std::vector<System>& reps,
                                   std::unique_ptr<DeviceForce> force,
                                   const DeviceSimulationSettings& settings)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  if (reps.empty()) fail("no replicas");
  if (!force) fail("no force field");
  const auto& pol = settings.neighbor;
  check_neighbor_policy(pol, "DeviceSimulation");
  const EnsembleSpec& ens = settings.ensemble;
  check_ensemble(ens, settings.dt, "DeviceSimulation");
  d.npt = ens.kind == Ensemble::NPT;
  d.langevin = ens.kind != Ensemble::NVE;
  d.replicas = static_cast<int>(reps.size());
  d.apr = static_cast<int>(reps[0].size());
  if (static_cast<long long>(d.apr) * d.replicas > (1LL << 30)) fail("too many atoms");
  // Per-replica kernels (forces' sums, kinetic energy) put the replica in gridDim.y.
  if (d.replicas > 65535) fail("more than 65,535 replicas");
  d.n = d.apr * d.replicas;
  d.units = reps[0].units();
  d.constants = step_constants(ens, settings.dt, d.units);
  d.c1 = d.constants.c1;
  d.settings = settings;
  d.force = std::move(force);
  const double range = d.force->cutoff() + pol.skin;

  const ReplicaArrays h =
      flatten_replicas(reps, d.constants, ens.thermostat.temperature, range, "DeviceSimulation");
  d.replica_mass = h.replica_mass;

  MDB_CUDA_CHECK(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking));
  MDB_CUDA_CHECK(cudaEventCreate(&d.start_event));
  MDB_CUDA_CHECK(cudaEventCreate(&d.stop_event));
  d.x = upload(h.x);
  d.y = upload(h.y);
  d.z = upload(h.z);
  d.vx = upload(h.vx);
  d.vy = upload(h.vy);
  d.vz = upload(h.vz);
  d.x0 = upload(h.x);
  d.y0 = upload(h.y);
  d.z0 = upload(h.z);
  const auto un = static_cast<std::size_t>(d.n);
  d.fx = DeviceBuffer<double>(un);
  d.fy = DeviceBuffer<double>(un);
  d.fz = DeviceBuffer<double>(un);
  d.half_dt_over_m = upload(h.half_dt_over_m);
  d.noise_sigma = upload(h.noise_sigma);
  d.mass = upload(h.mass);
  d.box_len = upload(h.box_len);
  d.species = upload(h.species);
  d.sums = DeviceBuffer<double>(static_cast<std::size_t>(kEnergyVirialSums) * d.replicas);
  d.kinetic = DeviceBuffer<double>(static_cast<std::size_t>(d.replicas));
  d.ctl = DeviceBuffer<EngineControl>(1);
  step_plan::StepArrays& a = d.arrays;
  a.n = d.n;
  a.atoms_per_replica = d.apr;
  a.x = d.x.data();
  a.y = d.y.data();
  a.z = d.z.data();
  a.vx = d.vx.data();
  a.vy = d.vy.data();
  a.vz = d.vz.data();
  a.fx = d.fx.data();
  a.fy = d.fy.data();
  a.fz = d.fz.data();
  a.x0 = d.x0.data();
  a.y0 = d.y0.data();
  a.z0 = d.z0.data();
  a.half_dt_over_m = d.half_dt_over_m.data();
  a.noise_sigma = d.noise_sigma.data();
  a.kinetic = d.kinetic.data();
  a.sums = d.sums.data();
  a.box_len = d.box_len.data();
  a.ctl = d.ctl.data();
  d.list = std::make_unique<DeviceImageList>(h.grids, d.n, d.apr, range, d.x.data(), d.y.data(),
                                             d.z.data(), d.x0.data(), d.y0.data(), d.z0.data(),
                                             d.npt ? d.box_len.data() : nullptr, d.ctl.data());
  if (d.npt) d.barostat = std::make_unique<DeviceBarostat>(d.barostat_view(), d.replicas, h.box_lo);
  d.force->reserve(d.n, d.apr);
  // Everything the set-up put on the legacy stream (uploads, memsets of the list and the force's
  // scratch) lands before the first kernel on the engine's non-blocking stream.
  MDB_CUDA_CHECK(cudaDeviceSynchronize());

  // The initial build (its first attempt overflows the empty storage and sizes it) and forces.
  EngineControl c;
  c.rebuild = 1;
  c.builds = 1;
  d.write_control(c);
  d.list->enqueue_build(d.stream);
  d.synchronize();
  d.enqueue_force(true);
  d.sums_valid = true;
  d.synchronize();
  d.capture_graphs();
}

DeviceSimulation::~DeviceSimulation() = default;

void DeviceSimulation::step(bool observe) {
  Impl& d = *impl_;
  ++d.steps_enqueued;
  d.last_observe = observe;
  d.sums_valid = observe || d.npt;
  if (!d.settings.use_graph) {
    d.enqueue_step(observe);
    return;
  }
  MDB_CUDA_CHECK(cudaGraphLaunch(d.graphs[observe ? 1 : 0], d.stream));
}

void DeviceSimulation::run(long n) {
  for (long k = 0; k < n; ++k) step(k == n - 1);
  synchronize();
}

void DeviceSimulation::synchronize() {
  impl_->synchronize();
}

}  // namespace mdb
