#include "bench/families.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "bench/counters.hpp"
#include "bench/host_batch.hpp"
#include "bench/iteration_batches.hpp"
#include "bench/memory_manager.hpp"
#include "bench/nn_stages.hpp"
#include "bench/progress.hpp"
#include "bench/samples_out.hpp"
#include "bench/stats.hpp"
#include "bench/teacher_accuracy.hpp"
#include "bench/teacher_structure.hpp"
#include "bench/workspace.hpp"
#include "md/core/phase_timer.hpp"
#ifdef MDB_HAVE_PYTHON
#include "bench/peers/ase_peer.hpp"
#endif
#ifdef MDB_HAVE_LAMMPS
#include "bench/peers/lammps_peer.hpp"
#endif
#ifdef MDB_HAVE_OPENMM
#include "bench/peers/openmm_peer.hpp"
#endif

namespace mdb::bench {
namespace {

constexpr long kThermoEvery = 10;  // Trajectory: steps between thermo samples
std::size_t capped(long long n) {
  return static_cast<std::size_t>(
      std::clamp<long long>(n, 0, static_cast<long long>(kMaxLatencySamples)));
}

std::atomic<long> g_errors{0};
bool g_sizing_calls = false;
bool g_prepare_calls = false;
std::optional<double> g_prepared_pace;

void fail(benchmark::State& state, const std::string& what) {
  discard_workspace();
  skip_with_error(state, what);
}

// What every family reports after its loop: size, rates, phases (summed over replicas), memory,
// latencies (host-timed engines), list builds and the model's own stages. device_memory_before
// and builds_before were read just before the timed loop.
Measurement measure(const BenchmarkSpec& spec, Workspace& ws, const MemoryProbe& probe,
                    std::int64_t iterations, double steps, double seconds,
                    std::span<double> latencies, double device_memory_before,
                    long long builds_before) {
  Engine& engine = *ws.engine;
  Measurement m;
  probe.finish(m, iterations);
  m.list_builds = static_cast<double>(engine.list_builds() - builds_before);
  m.natoms = static_cast<double>(engine.atoms_per_replica());
  m.replicas = static_cast<double>(engine.replicas());
  const EngineFigures f = engine.figures();
  m.threads = f.threads;
  m.phase_clocks = f.phase_clocks;
  m.neighbors_per_atom = f.neighbors_per_atom;
  m.in_cutoff_per_atom = f.in_cutoff_per_atom;
  m.phases = f.phases;
  m.neighbor_s = f.neighbor_s;
  m.force_s = f.force_s;
  m.integrate_s = f.integrate_s;
  if (device_memory_before >= 0.0) {
    m.gpu_mem_delta_bytes = std::max(0.0, engine.device_memory_bytes() - device_memory_before);
  }
  if (f.graph_nodes >= 0) {
    m.graph_nodes = f.graph_nodes;
    m.graph_conditional_build = f.graph_conditional_build;
  }
  m.timestep_ps = spec.key.timestep * spec.key.spec->report.ps_per_time;
  m.steps = steps;
  m.seconds = seconds;
  add_nn_stages(engine, steps, spec.graph, m.nn);
  if (m.nn.present && engine.backend() == Backend::Cpu)
    m.nn.gemm_peak_gflops = gemm_peak_gflops(m.nn.double_network);
  m.step_latencies = latencies;
  if (samples_out_enabled() && !g_sizing_calls && spec.name &&
      !latencies.empty()) {  // before publish() sorts them
    record_step_samples(
        reported_name(*spec.name, spec.family == Family::Scaling ? spec.key.atoms : -1), steps,
        latencies);
  }
  return m;
}

// Step and Trajectory rows of a case with a teacher carry the model's accuracy against it, and
// Trajectory rows of one with an rdf_species its g(r) against the teacher's (computed once per
// state, after the timed loop). False after failing the benchmark.
bool add_accuracy(benchmark::State& state, const BenchmarkSpec& spec, Measurement& m) {
  if (!carries_accuracy(spec.family)) return true;
  try {
    if (const auto a = reference_accuracy(spec.key)) {
      m.accuracy.energy_mae_mev = a->energy_mae_mev;
      m.accuracy.force_rmse = a->force_rmse;
    }
    if (carries_structure(spec.family)) {
      if (const auto r = reference_structure(spec.key)) {
        m.accuracy.rdf_peak = r->peak;
        m.accuracy.rdf_peak_teacher = r->peak_reference;
        m.accuracy.rdf_diff = r->abs_difference;
      }
    }
  } catch (const std::exception& e) {
    fail(state, e.what());
    return false;
  }
  return true;
}

// Step, Scaling and Batched: one iteration = one step of every replica. A host-timed engine
// times each step; a device engine times spans of up to ws.chunk steps between two events (a span
// whose steps were replayed is timed again).
void run_steps(benchmark::State& state, const BenchmarkSpec& spec, Workspace& ws) {
  Engine& engine = *ws.engine;
  const bool host_timed = engine.host_timed_steps();
  const double max_t = blow_up_temperature(*spec.key.spec);
  IterationBatches batches(state, host_timed ? 0 : ws.chunk);
  StepRecorder rec(ws.latencies, host_timed ? capped(batches.most()) : 0);
  long until_check = kHealthEvery;
  double seconds = 0.0;
  engine.reset_phase_times();
  const long long builds_before = engine.list_builds();
  reset_nn_stages(engine);
  MemoryProbe probe;
  probe.start();
  const double mem_before = engine.device_memory_bytes();
  double mem_peak = mem_before;
  try {
    for (std::int64_t k; (k = batches.next(seconds)) > 0;) {
      if (host_timed) {
        const HostBatch batch = run_host_batch(engine, rec, k, until_check, max_t);
        if (batch.error) return fail(state, *batch.error);
        state.SetIterationTime(batch.seconds);
        seconds += batch.seconds;
        continue;
      }
      for (std::int64_t done = 0; done < k;) {
        const std::int64_t span_steps = std::min<std::int64_t>(ws.chunk, k - done);
        // Each re-time follows a growth of the device list's storage by a quarter, so a few
        // attempts cover any system that is not exploding.
        constexpr int kTimingAttempts = 8;
        double span = std::numeric_limits<double>::quiet_NaN();
        for (int attempt = 0; attempt < kTimingAttempts && !std::isfinite(span); ++attempt) {
          engine.begin_timing();
          for (std::int64_t i = 0; i < span_steps; ++i) engine.step();
          span = engine.end_timing();
        }
        if (!std::isfinite(span)) {
          return fail(state, "the device neighbour list kept outgrowing its storage");
        }
        mem_peak = std::max(mem_peak, engine.device_memory_bytes());
        state.SetIterationTime(span);
        seconds += span;
        done += span_steps;
      }
    }
    if (auto err = engine.check_health(max_t)) return fail(state, *err);
  } catch (const std::exception& e) {
    return fail(state, std::string("step failed: ") + e.what());
  }
  Measurement m =
      measure(spec, ws, probe, state.iterations(), static_cast<double>(state.iterations()), seconds,
              rec.samples(), mem_before, builds_before);
  if (mem_before >= 0.0) m.gpu_mem_peak_bytes = mem_peak;
  if (!add_accuracy(state, spec, m)) return;
  publish(state, m);
}

}  // namespace

ThermoSummary summarize_thermo(const BenchmarkSpec& spec, const ThermoSamples& s, double natoms) {
  ThermoSummary out;
  if (s.size() < 2) return out;
  const ReportUnits& u = spec.key.spec->report;
  std::vector<double> t(s.size()), e(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) t[i] = s.time[i] * u.ps_per_time;
  const auto& source = spec.key.ensemble == Ensemble::NVE ? s.energy : s.conserved;
  for (std::size_t i = 0; i < s.size(); ++i) e[i] = source[i] * u.ev_per_energy / natoms;
  const LinearFit fit = least_squares(t, e);
  const double drift_mev = fit.slope * 1e3;
  if (spec.key.ensemble == Ensemble::NVE) {
    out.energy_drift_mev = drift_mev;
  } else if (std::isfinite(drift_mev)) {  // NaN samples: an engine without such a quantity
    out.conserved_drift_mev = drift_mev;
  }
  if (std::isfinite(drift_mev)) {
    out.drift_window_ps = fit.x_span;
    if (std::isfinite(fit.slope_se)) out.drift_se_mev = fit.slope_se * 1e3;
  }
  auto mean = [](const std::vector<double>& v) {
    double sum = 0.0;
    for (double x : v) sum += x;
    return sum / static_cast<double>(v.size());
  };
  out.temperature_mean = mean(s.temperature) * u.kelvin_per_temperature;
  if (spec.key.ensemble == Ensemble::NPT) {
    out.pressure_mean = mean(s.pressure);
    out.density_mean = mean(s.density);
  }
  return out;
}

namespace {

// Trajectory: one iteration = spec.trajectory_steps steps, thermo sampled every kThermoEvery
// steps (as a production run would print it, which waits for the step), all inside the timed
// span.
void run_trajectory(benchmark::State& state, const BenchmarkSpec& spec, Workspace& ws) {
  Engine& engine = *ws.engine;
  const bool host_timed = engine.host_timed_steps();
  const double max_t = blow_up_temperature(*spec.key.spec);
  const long steps = spec.trajectory_steps;
  IterationBatches batches(state, 1);
  StepRecorder rec(ws.latencies, host_timed ? capped(batches.most() * steps) : 0);
  ThermoSamples& th = ws.thermo;
  th.clear();
  th.reserve(static_cast<std::size_t>(batches.most() * (steps / kThermoEvery + 1)));
  engine.thermo(ws.thermo_now);  // sizes the read-back buffers before anything is timed
  double seconds = 0.0;
  engine.reset_phase_times();
  const long long builds_before = engine.list_builds();
  reset_nn_stages(engine);
  MemoryProbe probe;
  probe.start();
  const double mem_before = engine.device_memory_bytes();
  try {
    for (std::int64_t n; (n = batches.next(seconds)) > 0;) {
      for (std::int64_t trajectory = 0; trajectory < n; ++trajectory) {
        engine.begin_timing();
        for (long k = 0; k < steps; ++k) {
          const bool observe = (k + 1) % kThermoEvery == 0;
          engine.step(observe);
          if (host_timed) rec.add(engine.last_step_seconds());
          if (!observe) continue;
          engine.thermo(ws.thermo_now);
          const Thermo& t = ws.thermo_now.front();
          th.time.push_back(t.time);
          th.energy.push_back(t.total);
          th.conserved.push_back(t.conserved);
          th.temperature.push_back(t.temperature);
          th.pressure.push_back(t.pressure);
          th.density.push_back(t.mass_density);
          if (!std::isfinite(t.total)) return fail(state, "the total energy is not finite");
          if (host_timed && (k + 1) % kHealthEvery == 0) {
            if (auto err = engine.check_health(max_t)) return fail(state, *err);
          }
        }
        engine.synchronize();  // the trajectory's last steps, and any replay, inside the span
        const double dt = engine.end_timing();
        state.SetIterationTime(dt);
        seconds += dt;
      }
    }
    if (auto err = engine.check_health(max_t)) return fail(state, *err);
  } catch (const std::exception& e) {
    return fail(state, std::string("step failed: ") + e.what());
  }
  Measurement m =
      measure(spec, ws, probe, state.iterations(), static_cast<double>(state.iterations() * steps),
              seconds, rec.samples(), mem_before, builds_before);
  m.thermo = summarize_thermo(spec, th, m.natoms);
  if (!add_accuracy(state, spec, m)) return;
  publish(state, m);
}

}  // namespace

void skip_with_error(benchmark::State& state, const std::string& what) {
  if (!g_sizing_calls) g_errors.fetch_add(1, std::memory_order_relaxed);
  state.SkipWithError(what.c_str());
}

long benchmarks_in_error() {
  return g_errors.load(std::memory_order_relaxed);
}

std::string reported_name(const std::string& registered, long long size) {
  std::string name = registered;
  if (size >= 0) name.append("/").append(std::to_string(size));
  return name.append("/manual_time");
}

void set_sizing_calls(bool on) {
  g_sizing_calls = on;
}

void set_prepare_calls(bool on) {
  g_prepare_calls = on;
}

bool prepare_calls() {
  return g_prepare_calls;
}

void finish_prepare_call(benchmark::State& state, std::optional<double> seconds_per_iteration) {
  g_prepared_pace = seconds_per_iteration;
  for (auto _ : state) {
  }
}

std::optional<double> take_prepared_pace() {
  return std::exchange(g_prepared_pace, std::nullopt);
}

const char* family_name(Family f) {
  switch (f) {
    case Family::Step:
      return "Step";
    case Family::Trajectory:
      return "Trajectory";
    case Family::Scaling:
      return "Scaling";
    case Family::Batched:
      return "Batched";
    case Family::Peer:
      return "Peer";
  }
  return "?";
}

EngineChoice engine_choice(const BenchmarkSpec& s) {
  EngineChoice c;
  c.backend = s.backend;
  c.graph = s.graph;
  c.mixed = s.mixed;
  if (s.family == Family::Batched) {
    c.replicas = s.replicas;
    c.replica_threads = s.backend == Backend::Cpu ? s.threads : 1;
  } else {
    c.threads = s.sim_threads;
  }
  return c;
}

void run_benchmark(benchmark::State& state, const BenchmarkSpec& spec) {
  if (in_memory_pass()) return run_memory_pass(state);
  forget_measured_heap();
  if (!g_sizing_calls) {
    note_benchmark_call(spec.name.get(), spec.family == Family::Scaling ? state.range(0) : -1);
  }
  BenchmarkSpec s = spec;
  if (s.family == Family::Scaling) {
    s.key.atoms = static_cast<int>(state.range(0));
    state.SetComplexityN(state.range(0));
  }
  if (s.family == Family::Peer && s.peer == PeerKind::Ase) {
#ifdef MDB_HAVE_PYTHON
    return run_ase_peer(state, s.key);
#else
    return skip_with_error(state, "md_bench was built without Python");
#endif
  }
  if (s.family == Family::Peer && s.peer == PeerKind::OpenMm) {
#ifdef MDB_HAVE_OPENMM
    return run_openmm_peer(state, s.key);
#else
    return skip_with_error(state, "md_bench was built without OpenMM");
#endif
  }
  if (s.family == Family::Peer) {
#ifdef MDB_HAVE_LAMMPS
    return run_lammps_peer(state, s.key, s.lammps_suffix);
#else
    return skip_with_error(state, "md_bench was built without LAMMPS");
#endif
  }
  if (s.backend == Backend::Cuda && !cuda_device_usable()) {
    return skip_with_error(
        state, cuda_engine_built() ? "no usable CUDA device" : "md_bench was built without CUDA");
  }
  Workspace* ws = nullptr;
  try {
    ws = &acquire_workspace(static_cast<int>(s.family), s.key, engine_choice(s));
  } catch (const std::exception& e) {
    return fail(state, e.what());
  }
  if (g_prepare_calls) {
    // A device engine's warm-up is timed by the host, unlike its steps: no pace from it.
    std::optional<double> pace;
    if (ws->engine->host_timed_steps() && ws->warm_step_s > 0.0) {
      pace = ws->warm_step_s *
             static_cast<double>(s.family == Family::Trajectory ? s.trajectory_steps : 1);
    }
    return finish_prepare_call(state, pace);
  }
  try {  // the loops catch their own errors; this catches the set-up around them
    if (s.family == Family::Trajectory) return run_trajectory(state, s, *ws);
    return run_steps(state, s, *ws);
  } catch (const std::exception& e) {
    return fail(state, e.what());
  }
}

}  // namespace mdb::bench
