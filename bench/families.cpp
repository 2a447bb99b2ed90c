#include "bench/families.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>

#include "bench/counters.hpp"
#include "bench/device_family.hpp"
#include "bench/memory_manager.hpp"
#include "bench/nn_stages.hpp"
#include "bench/samples_out.hpp"
#include "bench/stats.hpp"
#include "bench/workspace.hpp"
#include "md/phase_timer.hpp"
#ifdef MDB_HAVE_LAMMPS
#include "bench/peers/lammps_peer.hpp"
#endif

namespace mdb::bench {
namespace {

constexpr long kHealthEvery = 100;  // steps between blow-up checks (outside timed regions)
constexpr long kThermoEvery = 10;   // Trajectory: steps between thermo samples
constexpr std::size_t kMaxSamples = 1u << 24;  // latency samples kept per call (128 MB)

std::size_t capped(long long n) {
  return static_cast<std::size_t>(std::clamp<long long>(n, 0, kMaxSamples));
}

void fail(benchmark::State& state, const std::string& what) {
  discard_workspace();
  state.SkipWithError(what.c_str());
}

// What every family reports after its loop: size, rates, phases (summed over replicas), memory
// and latencies.
Measurement measure(const BenchmarkSpec& spec, Workspace& ws, const MemoryProbe& probe,
                    double steps, double seconds, std::span<double> latencies) {
  Measurement m;
  probe.finish(m);
  const Simulation& sim = *ws.sims.front();
  m.natoms = static_cast<double>(sim.system().size());
  m.replicas = static_cast<double>(ws.sims.size());
  m.threads = static_cast<double>(ws.pool->size() * ws.sim_threads);
  m.phase_clocks = static_cast<double>(ws.pool->size());
  m.neighbors_per_atom = static_cast<double>(sim.neighbor_list().num_pairs()) / m.natoms;
  m.timestep_ps = spec.key.timestep * spec.key.spec->report.ps_per_time;
  m.steps = steps;
  m.seconds = seconds;
  for (auto& replica : ws.sims) {
    add_phase_times(*replica, m);
    add_nn_stages(replica->force_field(), steps, m.nn);
  }
  if (m.nn.present) m.nn.gemm_peak_gflops = fp32_gemm_peak_gflops();
  m.step_latencies = latencies;
  if (samples_out_enabled() && spec.name) {  // before publish() sorts the latencies
    std::string name = *spec.name;
    if (spec.family == Family::Scaling) name.append("/").append(std::to_string(spec.key.atoms));
    record_step_samples(name.append("/manual_time"), steps, latencies);
  }
  return m;
}

// Step and Scaling: one iteration = one MD step.
void run_steps(benchmark::State& state, const BenchmarkSpec& spec, Workspace& ws) {
  Simulation& sim = *ws.sims.front();
  StepRecorder rec(ws.latencies, capped(state.max_iterations));
  long until_check = kHealthEvery;
  sim.timer().reset();
  reset_nn_stages(sim.force_field());
  MemoryProbe probe;
  probe.start();
  for (auto _ : state) {
    const std::uint64_t t0 = StepRecorder::begin();
    sim.timer().start_at(t0);
    try {
      sim.step();
    } catch (const std::exception& e) {
      return fail(state, std::string("step failed: ") + e.what());
    }
    state.SetIterationTime(rec.end(t0));
    if (--until_check == 0) {
      until_check = kHealthEvery;
      if (auto err = check_health(sim, *spec.key.spec)) return fail(state, *err);
    }
  }
  if (auto err = check_health(sim, *spec.key.spec)) return fail(state, *err);
  if (in_memory_pass()) return;  // Google Benchmark drops that pass's counters
  Measurement m = measure(spec, ws, probe, static_cast<double>(state.iterations()), rec.seconds(),
                          rec.samples());
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
  const double drift_mev = least_squares(t, e).slope * 1e3;
  if (spec.key.ensemble == Ensemble::NVE) {
    out.energy_drift_mev = drift_mev;
  } else if (std::isfinite(drift_mev)) {  // NaN samples: an integrator with no such quantity
    out.conserved_drift_mev = drift_mev;
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
// steps (as a production run would print it), all inside the timed trajectory.
void run_trajectory(benchmark::State& state, const BenchmarkSpec& spec, Workspace& ws) {
  Simulation& sim = *ws.sims.front();
  const double spt = seconds_per_tick();
  const long steps = spec.trajectory_steps;
  StepRecorder rec(ws.latencies, capped(state.max_iterations * steps));
  ThermoSamples& th = ws.thermo;
  th.clear();
  th.reserve(static_cast<std::size_t>(state.max_iterations * (steps / kThermoEvery + 1)));
  double seconds = 0.0;
  sim.timer().reset();
  reset_nn_stages(sim.force_field());
  MemoryProbe probe;
  probe.start();
  for (auto _ : state) {
    const std::uint64_t start = PhaseTimer::now();
    try {
      for (long k = 0; k < steps; ++k) {
        const bool observe = (k + 1) % kThermoEvery == 0;
        const std::uint64_t t0 = StepRecorder::begin();
        sim.timer().start_at(t0);
        sim.step(observe);
        rec.end(t0);
        if (!observe) continue;
        const Thermo t = sim.thermo();
        th.time.push_back(t.time);
        th.energy.push_back(t.total);
        th.conserved.push_back(t.conserved);
        th.temperature.push_back(t.temperature);
        th.pressure.push_back(t.pressure);
        th.density.push_back(t.mass_density);
        if (!std::isfinite(t.total)) return fail(state, "the total energy is not finite");
        if ((k + 1) % kHealthEvery == 0) {
          if (auto err = check_health(sim, *spec.key.spec)) return fail(state, *err);
        }
      }
    } catch (const std::exception& e) {
      return fail(state, std::string("step failed: ") + e.what());
    }
    const double dt = static_cast<double>(PhaseTimer::now() - start) * spt;
    state.SetIterationTime(dt);
    seconds += dt;
  }
  if (auto err = check_health(sim, *spec.key.spec)) return fail(state, *err);
  if (in_memory_pass()) return;  // Google Benchmark drops that pass's counters
  Measurement m = measure(spec, ws, probe, static_cast<double>(state.iterations() * steps), seconds,
                          rec.samples());
  m.thermo = summarize_thermo(spec, th, m.natoms);
  publish(state, m);
}

struct BatchJob {
  Workspace* ws;
  int threads;
};

// Thread t steps replicas [t R / T, (t + 1) R / T).
void step_replicas(void* ctx, int t) {
  const auto& job = *static_cast<BatchJob*>(ctx);
  const int r = static_cast<int>(job.ws->sims.size());
  for (int i = t * r / job.threads; i < (t + 1) * r / job.threads; ++i) {
    Simulation& sim = *job.ws->sims[static_cast<std::size_t>(i)];
    sim.timer().start_at(PhaseTimer::now());
    sim.step();
  }
}

// Batched: one iteration = one step of every replica, the replicas spread over a thread team.
void run_batched(benchmark::State& state, const BenchmarkSpec& spec, Workspace& ws) {
  StepRecorder rec(ws.latencies, capped(state.max_iterations));
  long until_check = kHealthEvery;
  BatchJob job{&ws, ws.pool->size()};
  for (auto& sim : ws.sims) {
    sim->timer().reset();
    reset_nn_stages(sim->force_field());
  }
  MemoryProbe probe;
  probe.start();
  for (auto _ : state) {
    const std::uint64_t t0 = StepRecorder::begin();
    if (!ws.pool->run(step_replicas, &job)) return fail(state, "step failed: " + ws.pool->error());
    state.SetIterationTime(rec.end(t0));
    if (--until_check == 0) {
      until_check = kHealthEvery;
      for (auto& sim : ws.sims) {
        if (auto err = check_health(*sim, *spec.key.spec)) return fail(state, *err);
      }
    }
  }
  for (auto& sim : ws.sims) {
    if (auto err = check_health(*sim, *spec.key.spec)) return fail(state, *err);
  }
  if (in_memory_pass()) return;  // Google Benchmark drops that pass's counters
  Measurement m = measure(spec, ws, probe, static_cast<double>(state.iterations()), rec.seconds(),
                          rec.samples());
  publish(state, m);
}

}  // namespace

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

void run_benchmark(benchmark::State& state, const BenchmarkSpec& spec) {
  BenchmarkSpec s = spec;
  if (s.family == Family::Scaling) {
    s.key.atoms = static_cast<int>(state.range(0));
    state.SetComplexityN(state.range(0));
  }
  if (s.backend == Backend::Cuda) return run_device_benchmark(state, s);
  if (s.family == Family::Peer) {
#ifdef MDB_HAVE_LAMMPS
    return run_lammps_peer(state, s.key);
#else
    return state.SkipWithError("md_bench was built without LAMMPS");
#endif
  }
  Workspace* ws = nullptr;
  try {
    ws = &acquire_workspace(static_cast<int>(s.family), s.key,
                            s.family == Family::Batched ? s.replicas : 1,
                            s.family == Family::Batched ? s.threads : 1, s.sim_threads);
  } catch (const std::exception& e) {
    return fail(state, e.what());
  }
  try {  // the step loops catch their own errors; this catches the set-up around them
    switch (s.family) {
      case Family::Step:
      case Family::Scaling:
        return run_steps(state, s, *ws);
      case Family::Trajectory:
        return run_trajectory(state, s, *ws);
      case Family::Batched:
        return run_batched(state, s, *ws);
      case Family::Peer:
        break;  // handled above
    }
  } catch (const std::exception& e) {
    return fail(state, e.what());
  }
}

}  // namespace mdb::bench
