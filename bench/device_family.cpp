#include "bench/device_family.hpp"

#ifdef MDB_HAVE_CUDA
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bench/counters.hpp"
#include "bench/memory_manager.hpp"
#include "bench/workspace.hpp"
#include "kernels/cuda/device_info_cuda.hpp"
#include "md/cuda/device_simulation.hpp"
#include "md/units.hpp"
#include "model/cuda/nn_force_device.hpp"
#include "model/nnp/nn_potential.hpp"
#endif

namespace mdb::bench {

bool cuda_built() {
#ifdef MDB_HAVE_CUDA
  return true;
#else
  return false;
#endif
}

void resolve_device_rows(MdOptions& o) {
  switch (o.cuda) {
    case MdOptions::Cuda::Off:
      o.device_rows = false;
      return;
    case MdOptions::Cuda::On:
      if (!cuda_built()) throw OptionError("--md_cuda=on: md_bench was built without CUDA");
      o.device_rows = true;
      return;
    case MdOptions::Cuda::Auto:
#ifdef MDB_HAVE_CUDA
      o.device_rows = cuda_device_available();
#else
      o.device_rows = false;
#endif
      return;
  }
}

#ifdef MDB_HAVE_CUDA
namespace {

constexpr double kChunkSeconds = 0.002;  // GPU time of one timed chunk of steps
constexpr long kPaceSteps = 20;          // steps of the warm-up that set the chunk length

// The live GPU state of one benchmark, kept between Google Benchmark's calls of it (as
// Workspace keeps the CPU's), so its calls continue one trajectory.
struct DeviceWorkspace {
  Family family = Family::Step;
  StateKey key;
  int replicas = 1;
  bool graph = false;
  std::unique_ptr<DeviceSimulation> sim;
  long chunk = 1;
  ThermoSamples thermo;  ///< Trajectory's samples, kept so a repeated call allocates nothing
  std::vector<Thermo> thermo_now;  ///< the last thermo() read-back, reused
  /// The case's CPU force field bound to the same system: what the device one mirrors (the NN
  /// stage counters read its FLOP count).
  std::unique_ptr<ForceField> reference;
  /// Total mass in the units of mass density per volume (g/cm^3 x A^3 in metal units): NPT's
  /// density is this / volume.
  double mass_per_density = 0.0;
};
std::unique_ptr<DeviceWorkspace> g_device;

DeviceSimulationSettings settings_for(const BenchmarkSpec& s) {
  const CaseSpec& c = *s.key.spec;
  DeviceSimulationSettings st;
  st.dt = s.key.timestep;
  st.use_graph = s.graph;
  st.neighbor.skin = c.neighbor.skin;
  st.neighbor.every = c.neighbor.every;
  st.neighbor.check = c.neighbor.check;
  st.ensemble = case_ensemble(c, s.key.ensemble, replica_seed(s.key, 0) + 2);
  return st;
}

DeviceWorkspace& acquire(const BenchmarkSpec& s) {
  if (g_device && g_device->family == s.family && g_device->key == s.key &&
      g_device->replicas == s.replicas && g_device->graph == s.graph) {
    return *g_device;
  }
  g_device.reset();  // free the previous benchmark's device memory first
  discard_workspace();
  const int replicas = s.family == Family::Batched ? s.replicas : 1;
  std::vector<System> systems;
  systems.reserve(static_cast<std::size_t>(replicas));
  for (int r = 0; r < replicas; ++r) systems.push_back(replica_state(s.key, r));
  auto ws = std::make_unique<DeviceWorkspace>();
  ws->family = s.family;
  ws->key = s.key;
  ws->replicas = s.replicas;
  ws->graph = s.graph;
  const UnitSystem& units = systems.front().units();
  ws->mass_per_density =
      systems.front().total_mass() * (units.name == kMetalUnits.name ? kAmuPerA3ToGPerCm3 : 1.0);
  ws->reference = s.key.spec->make_force_field();
  ws->reference->bind(systems.front());
  std::unique_ptr<DeviceForce> twin = ws->reference->make_device_twin(systems.front());
  if (!twin) {
    throw std::invalid_argument("force field '" + std::string(ws->reference->name()) +
                                "' has no GPU version");
  }
  ws->sim = std::make_unique<DeviceSimulation>(systems, std::move(twin), settings_for(s));
  DeviceSimulation& sim = *ws->sim;
  if (s.graph && !sim.graph_info().conditional_rebuild) {
    static bool said = false;  // once per run: it is the driver's answer, the same every time
    if (!said) {
      std::fprintf(stderr,
                   "md_bench: note: no conditional graph nodes here (%s); cuda-graph rows replay "
                   "every list-build kernel (graph_conditional_build = 0)\n",
                   sim.graph_info().conditional_error.c_str());
    }
    said = true;
  }
  // Warm up through two list rebuilds, so that the list storage has grown to what a moving
  // system needs before anything is timed.
  sim.run(kPaceSteps);
  const long long builds = sim.builds();
  for (long k = 0; k < 2000 && sim.builds() < builds + 2; k += kPaceSteps) sim.run(kPaceSteps);
  sim.record_start();
  for (long k = 0; k < kPaceSteps; ++k) sim.step();
  sim.record_stop();
  const double per_step = sim.elapsed_ms() * 1e-3 / kPaceSteps;
  sim.synchronize();
  ws->chunk =
      per_step > 0 ? std::clamp<long>(std::lround(kChunkSeconds / per_step), 1, 5000) : 1000;
  g_device = std::move(ws);
  return *g_device;
}

// Empty when every replica's energy is finite and its temperature sane, else what blew up. An NN
// force also reports an atom with more angular neighbours than its kernels hold (it throws).
std::string health(DeviceSimulation& sim, const CaseSpec& c) {
  if (auto* nn = dynamic_cast<NnForceDevice*>(&sim.force())) nn->check_errors();
  const auto th = sim.thermo();
  for (std::size_t r = 0; r < th.size(); ++r) {
    if (!std::isfinite(th[r].total)) return "replica " + std::to_string(r) + ": energy not finite";
    if (c.temperature > 0 && th[r].temperature > 20.0 * c.temperature) {
      return "replica " + std::to_string(r) + ": temperature " + std::to_string(th[r].temperature) +
             " (blew up)";
    }
  }
  return {};
}

void fail(benchmark::State& state, const std::string& what) {
  g_device.reset();
  state.SkipWithError(what.c_str());
}

// The NN potential's stage split on the device, from a few extra steps with CUDA-event stage
// timing on (it synchronises every step, so never in the timed chunks; a graph replays no
// events, so graph rows have none). `flops_per_call`: the dense layers' FLOPs per force call.
void add_device_nn_stages(DeviceSimulation& sim, bool graph, double flops_per_call,
                          NnBreakdown& out) {
  auto* nn = dynamic_cast<NnForceDevice*>(&sim.force());
  if (nn == nullptr || graph) return;
  constexpr long kStageSteps = 20;
  nn->reset_stage_times();
  nn->set_stage_timing(true);
  for (long k = 0; k < kStageSteps; ++k) sim.step();
  sim.synchronize();
  const NnDeviceStageTimes t = nn->stage_times();
  nn->set_stage_timing(false);
  if (t.calls <= 0) return;
  out.present = true;
  out.baseline_s = t.baseline;
  out.descriptor_s = t.descriptor;
  out.network_s = t.network;  // forward, output and backward to dE/dAEV: one device stage
  out.descriptor_backward_s = t.descriptor_backward;
  out.network_flops = flops_per_call * static_cast<double>(t.calls);
}

// Entries of the device's full list per atom (each pair twice); copies the list back, so only
// after the timed steps.
double list_entries_per_atom(DeviceSimulation& sim) {
  std::vector<std::int64_t> offsets;
  std::vector<int> neighbors;
  std::vector<std::uint32_t> images;
  sim.download_list(offsets, neighbors, images);
  return static_cast<double>(offsets.back()) /
         static_cast<double>(sim.atoms_per_replica() * sim.replicas());
}

// What every cuda row reports after its loop: size, rates, list size and GPU memory growth (no
// host phase times: the step runs on the device).
Measurement device_measurement(DeviceSimulation& sim, const BenchmarkSpec& s,
                               const MemoryProbe& probe, double steps, double seconds,
                               double mem_before) {
  Measurement m;
  probe.finish(m);
  m.natoms = static_cast<double>(sim.atoms_per_replica());
  m.replicas = static_cast<double>(sim.replicas());
  m.neighbors_per_atom = list_entries_per_atom(sim);
  m.timestep_ps = s.key.timestep * s.key.spec->report.ps_per_time;
  m.steps = steps;
  m.seconds = seconds;
  m.phases = false;
  m.gpu_mem_delta_bytes =
      std::max(0.0, static_cast<double>(DeviceSimulation::device_memory_used()) - mem_before);
  if (s.graph) {
    const DeviceGraphInfo g = sim.graph_info();
    m.graph_nodes = g.step_nodes;
    m.graph_conditional_build = g.conditional_rebuild ? 1.0 : 0.0;
  }
  return m;
}

// Trajectory on the device: spec.trajectory_steps steps per iteration, thermo copied back every
// kThermoEvery steps (as a production run prints it), all inside the timed span.
void run_device_trajectory(benchmark::State& state, const BenchmarkSpec& s, DeviceWorkspace& ws,
                           ThermoSamples& th) {
  constexpr long kThermoEvery = 10;
  DeviceSimulation& sim = *ws.sim;
  const CaseSpec& c = *s.key.spec;
  const long steps = s.trajectory_steps;
  th.clear();
  th.reserve(static_cast<std::size_t>(state.max_iterations * (steps / kThermoEvery + 1)));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double seconds = 0.0;
  const double dt_time = s.key.timestep;
  sim.thermo(ws.thermo_now);  // sizes the read-back buffers before anything is timed
  MemoryProbe probe;
  probe.start();
  const double mem_before = static_cast<double>(DeviceSimulation::device_memory_used());
  try {
    for (auto _ : state) {
      sim.record_start();
      for (long k = 0; k < steps; ++k) {
        const bool observe = (k + 1) % kThermoEvery == 0;
        sim.step(observe);
        if (!observe) continue;
        sim.thermo(ws.thermo_now);  // waits for the step, as a real print does
        const Thermo& t = ws.thermo_now.front();
        th.time.push_back(static_cast<double>(t.step) * dt_time);
        th.energy.push_back(t.total);
        th.conserved.push_back(s.key.ensemble == Ensemble::NVE ? t.total : nan);
        th.temperature.push_back(t.temperature);
        th.pressure.push_back(t.pressure);
        th.density.push_back(s.key.ensemble == Ensemble::NPT ? ws.mass_per_density / t.volume
                                                             : nan);
        if (!std::isfinite(t.total)) return fail(state, "the total energy is not finite");
      }
      sim.record_stop();
      const double dt = sim.elapsed_ms() * 1e-3;
      state.SetIterationTime(dt);
      seconds += dt;
    }
    if (const std::string err = health(sim, c); !err.empty()) return fail(state, err);
  } catch (const std::exception& e) {
    return fail(state, std::string("step failed: ") + e.what());
  }
  if (in_memory_pass()) return;
  Measurement m = device_measurement(sim, s, probe, static_cast<double>(state.iterations() * steps),
                                     seconds, mem_before);
  m.thermo = summarize_thermo(s, th, m.natoms);
  publish(state, m);
}

}  // namespace

void run_device_benchmark(benchmark::State& state, const BenchmarkSpec& s) {
  if (!cuda_device_available()) return state.SkipWithError("no usable CUDA device");
  DeviceWorkspace* ws = nullptr;
  try {
    ws = &acquire(s);
  } catch (const std::exception& e) {
    return fail(state, e.what());
  }
  if (s.family == Family::Trajectory) return run_device_trajectory(state, s, *ws, ws->thermo);
  DeviceSimulation& sim = *ws->sim;
  const CaseSpec& c = *s.key.spec;
  MemoryProbe probe;
  probe.start();
  const double mem_before = static_cast<double>(DeviceSimulation::device_memory_used());
  double mem_peak = mem_before, seconds = 0.0, per_step = 0.0;
  long pending = 0, done = 0;
  try {
    for (auto _ : state) {
      if (pending == 0) {
        const long k = std::min<long>(ws->chunk, static_cast<long>(state.max_iterations) - done);
        double dt = 0.0;
        // A list that outgrows its storage halts the engine: the rest of that chunk times empty
        // steps and synchronize() replays them untimed. Such a chunk is timed again.
        for (int attempt = 0; attempt < 2; ++attempt) {
          const std::int64_t capacity = sim.list_capacity();
          sim.record_start();
          for (long i = 0; i < k; ++i) sim.step();
          sim.record_stop();
          dt = sim.elapsed_ms() * 1e-3;
          sim.synchronize();
          if (sim.list_capacity() == capacity) break;
        }
        mem_peak = std::max(mem_peak, static_cast<double>(DeviceSimulation::device_memory_used()));
        seconds += dt;
        per_step = dt / static_cast<double>(k);
        pending = k;
      }
      state.SetIterationTime(per_step);
      --pending;
      ++done;
    }
    if (const std::string err = health(sim, c); !err.empty()) return fail(state, err);
  } catch (const std::exception& e) {
    return fail(state, std::string("step failed: ") + e.what());
  }
  if (in_memory_pass()) return;  // Google Benchmark drops that pass's counters
  Measurement m = device_measurement(sim, s, probe, static_cast<double>(state.iterations()),
                                     seconds, mem_before);
  m.gpu_mem_peak_bytes = mem_peak;
  if (const auto* cpu_nn = dynamic_cast<const NnPotential<float>*>(ws->reference.get())) {
    add_device_nn_stages(sim, s.graph, cpu_nn->network_flops_per_call(), m.nn);
  }
  publish(state, m);
}

void release_device_state() {
  g_device.reset();
}
#else
void run_device_benchmark(benchmark::State& state, const BenchmarkSpec&) {
  state.SkipWithError("md_bench was built without CUDA");
}

void release_device_state() {}
#endif

}  // namespace mdb::bench
