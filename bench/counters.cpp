#include "bench/counters.hpp"

#include <algorithm>

namespace mdb::bench {
namespace {

void set(benchmark::State& state, std::string_view name, double value) {
  state.counters[std::string(name)] = benchmark::Counter(value);
}

constexpr double kMB = 1e6;  // counters use decimal megabytes

// The reference figures' counters (add_accuracy's).
constexpr const char* kEnergyMae = "energy_mae";
constexpr const char* kForceRmse = "force_rmse";
constexpr const char* kRdfPeak = "rdf_peak";
constexpr const char* kRdfPeakTeacher = "rdf_peak_teacher";
constexpr const char* kRdfDiff = "rdf_diff";

}  // namespace

const std::vector<CounterSpec>& counter_specs() {
  static const std::vector<CounterSpec> specs = {
      {"natoms", "atoms", "atoms per replica"},
      {"replicas", "1", "independent systems advanced together (1 except Batched)"},
      // Not "threads": Google Benchmark writes its own "threads" key in every JSON row, and a
      // counter of that name would make a duplicate key.
      {"worker_threads", "1", "threads that advanced the replicas"},
      {"neighbors_per_atom", "pairs/atom", "pairs stored in the neighbour list per atom"},
      {"steps_per_build", "steps",
       "timed MD steps per neighbour-list build in them (with no build, the timed steps)"},
      {"ns_per_pair", "ns",
       "force-phase wall time per listed pair (list entry) and step: distance to the kernel's "
       "limit"},
      {"ns_per_pair_in_cutoff", "ns",
       "force-phase wall time per pair inside the cutoff and step (pairs counted after the run)"},
      {"us_per_atom", "us", "wall time per atom-step (all replicas)"},
      {"atom_steps_per_s", "1/s", "atom-steps per second of wall time (all replicas)"},
      {"steps_per_s", "1/s", "MD steps per second (a batched step of all replicas counts once)"},
      {"ns_per_day", "ns/day", "simulated time per day of wall time, from the model's time step"},
      {"p50_us", "us", "median step latency"},
      {"p95_us", "us", "95th percentile of step latency"},
      {"p99_us", "us", "99th percentile of step latency"},
      {"max_us", "us", "slowest step"},
      {"cv", "1", "coefficient of variation of step latency (sample sd / mean)"},
      {"mem_delta_MB", "MB",
       "host memory growth over the timed region: the larger of heap "
       "growth and RSS growth (10^6 bytes)"},
      {"allocs_per_step", "1/step", "heap allocations per timed step (0 for a healthy model)"},
      {"peak_rss_MB", "MB", "process peak resident set size so far (10^6 bytes)"},
      {"gpu_mem_delta_MB", "MB",
       "cuda rows: device memory in use after the timed steps minus before (10^6 bytes)"},
      {"gpu_mem_peak_MB", "MB",
       "cuda rows: most device memory in use (whole device) seen during the timed steps"},
      {"graph_nodes", "nodes",
       "cuda-graph rows: top-level nodes a step graph replays (kernels, memsets, the build)"},
      {"graph_conditional_build", "1",
       "cuda-graph rows: 1 when the list build is a conditional node skipped on steps that do "
       "not rebuild, 0 when every build kernel is replayed each step"},
      {"frac_neigh", "1", "share of thread time spent on the neighbour list"},
      {"frac_force", "1", "share of thread time spent in the force field"},
      {"frac_integrate", "1", "share of thread time spent integrating"},
      {"frac_other", "1", "the rest: thermo output, harness, waiting for other threads"},
      {"energy_drift", "meV/atom/ps", "NVE: slope of total energy per atom vs time"},
      {"conserved_drift", "meV/atom/ps", "NVT/NPT: slope of the integrator's conserved quantity"},
      {"drift_window_ps", "ps",
       "the time the drift's least-squares fit spans (first to last thermo sample)"},
      {"drift_se", "meV/atom/ps",
       "standard error of the drift's slope (independent residuals; absent below three samples)"},
      {"T_mean", "K", "mean kinetic temperature over the trajectory"},
      {"P_mean", "bar", "NPT: mean pressure"},
      {"density", "g/cm^3", "NPT: mean mass density"},
      {"energy_mae", "meV/atom",
       "against the case's teacher (or the case of the same potential): mean |E - E_ref| / N over "
       "frames of MD at the case's state point (Step and Trajectory rows; computed untimed)"},
      {"force_rmse", "eV/A", "the same reference and frames: RMS force-component error"},
      {"rdf_peak", "A",
       "Trajectory rows of a student with an RDF species (water: O-O): where g(r) of its own "
       "Langevin MD peaks (0.05 A bins; computed untimed)"},
      {"rdf_peak_teacher", "A",
       "the same for the teacher's MD of the same length from the same start"},
      {"rdf_diff", "A",
       "integral of |g(r) - g_teacher(r)| over 0-6 A (or half the box) between those two runs"},
      // NN potentials only: shares of the force-field time, and the dense layers' speed.
      {"nn_baseline_frac", "1", "NN: share of force time in the physical baseline (SW)"},
      {"nn_descriptor_frac", "1", "NN and DUNN: share of force time computing the descriptors"},
      {"nn_network_frac", "1",
       "NN: share of force time in the networks' forward pass (DUNN: forward and backward)"},
      {"nn_backward_frac", "1",
       "NN: share of force time in the backward pass (networks, then descriptors to forces; "
       "DUNN: descriptors)"},
      {"nn_network_gflops", "GFLOP/s",
       "NN: dense-layer FLOPs (forward + backward) per second of network time, per thread"},
      {"nn_gemm_peak_frac", "1",
       "NN: nn_network_gflops over this machine's single-thread GEMM rate in the network's "
       "precision (Eigen, 1024^2; FP32, or FP64 for DUNN)"},
      // Ewald models (water) only: shares of the force-field time, and the grid.
      {"pme_grid_points", "points", "PME: points of the charge grid (nx ny nz)"},
      {"pme_mesh_frac", "1", "PME: share of force time on the mesh (spread, FFTs, solve, gather)"},
      {"pme_real_frac", "1", "PME: share of force time in real space (LJ and erfc Coulomb pairs)"},
      {"pme_bonded_frac", "1",
       "PME: share of force time in bonds, angles and the excluded pairs' corrections"},
      {"pme_spread_frac", "1", "PME: share of force time spreading charges onto the grid"},
      {"pme_fft_frac", "1", "PME: share of force time in the forward and backward FFTs"},
      {"pme_solve_frac", "1", "PME: share of force time applying the influence function"},
      {"pme_gather_frac", "1", "PME: share of force time gathering forces from the grid"},
  };
  return specs;
}

void publish(benchmark::State& state, Measurement& m) {
  set(state, "natoms", m.natoms);
  set(state, "replicas", m.replicas);
  set(state, "worker_threads", m.threads);
  set(state, "neighbors_per_atom", m.neighbors_per_atom);
  // With no build in the timed steps, the step count: a lower bound that still says no tail of
  // these steps can be a rebuild's (an absent counter would read as a file from before it).
  if (m.list_builds >= 0 && m.steps > 0) {
    set(state, "steps_per_build", m.steps / std::max(m.list_builds, 1.0));
  }
  if (m.steps > 0 && m.seconds > 0 && m.timestep_ps > 0) {
    const Rates r = rates_of(m.natoms * m.replicas, m.steps, m.seconds, m.timestep_ps);
    set(state, "us_per_atom", r.us_per_atom);
    set(state, "atom_steps_per_s", r.atom_steps_per_s);
    set(state, "steps_per_s", r.steps_per_s);
    set(state, "ns_per_day", r.ns_per_day);

    if (m.phases) {
      const double thread_seconds = m.seconds * m.phase_clocks;
      const double known = m.neighbor_s + m.force_s + m.integrate_s;
      set(state, "frac_neigh", m.neighbor_s / thread_seconds);
      set(state, "frac_force", m.force_s / thread_seconds);
      set(state, "frac_integrate", m.integrate_s / thread_seconds);
      set(state, "frac_other", std::max(0.0, 1.0 - known / thread_seconds));
      // Per pair of one replica's list: each replica's timer holds its own force time.
      const double pair_steps = m.steps * m.replicas * m.natoms;
      if (m.neighbors_per_atom > 0) {
        set(state, "ns_per_pair", m.force_s / (pair_steps * m.neighbors_per_atom) * 1e9);
      }
      if (m.in_cutoff_per_atom > 0) {
        set(state, "ns_per_pair_in_cutoff", m.force_s / (pair_steps * m.in_cutoff_per_atom) * 1e9);
      }
    }

    set(state, "mem_delta_MB", std::max(m.heap_growth_bytes, m.rss_growth_bytes) / kMB);
    set(state, "allocs_per_step", m.allocations / m.steps);
  }
  set(state, "peak_rss_MB", m.peak_rss_bytes / kMB);
  if (m.gpu_mem_delta_bytes >= 0) set(state, "gpu_mem_delta_MB", m.gpu_mem_delta_bytes / kMB);
  if (m.gpu_mem_peak_bytes >= 0) set(state, "gpu_mem_peak_MB", m.gpu_mem_peak_bytes / kMB);
  if (m.graph_nodes >= 0) set(state, "graph_nodes", m.graph_nodes);
  if (m.graph_conditional_build >= 0) {
    set(state, "graph_conditional_build", m.graph_conditional_build);
  }
  if (!m.step_latencies.empty()) {
    const LatencySummary s = summarize_latencies(m.step_latencies);
    set(state, "p50_us", s.p50 * 1e6);
    set(state, "p95_us", s.p95 * 1e6);
    set(state, "p99_us", s.p99 * 1e6);
    set(state, "max_us", s.max * 1e6);
    set(state, "cv", s.cv);
  }
  const ThermoSummary& t = m.thermo;
  if (t.energy_drift_mev) set(state, "energy_drift", *t.energy_drift_mev);
  if (t.conserved_drift_mev) set(state, "conserved_drift", *t.conserved_drift_mev);
  if (t.drift_window_ps) set(state, "drift_window_ps", *t.drift_window_ps);
  if (t.drift_se_mev) set(state, "drift_se", *t.drift_se_mev);
  if (t.temperature_mean) set(state, "T_mean", *t.temperature_mean);
  if (t.pressure_mean) set(state, "P_mean", *t.pressure_mean);
  if (t.density_mean) set(state, "density", *t.density_mean);
  if (m.accuracy.energy_mae_mev) set(state, kEnergyMae, *m.accuracy.energy_mae_mev);
  if (m.accuracy.force_rmse) set(state, kForceRmse, *m.accuracy.force_rmse);
  if (m.accuracy.rdf_peak) set(state, kRdfPeak, *m.accuracy.rdf_peak);
  if (m.accuracy.rdf_peak_teacher) set(state, kRdfPeakTeacher, *m.accuracy.rdf_peak_teacher);
  if (m.accuracy.rdf_diff) set(state, kRdfDiff, *m.accuracy.rdf_diff);
  const NnBreakdown& nn = m.nn;
  const double mesh_s = nn.spread_s + nn.fft_s + nn.solve_s + nn.gather_s;
  const double nn_total = nn.baseline_s + nn.descriptor_s + nn.network_s + nn.network_backward_s +
                          nn.descriptor_backward_s + nn.other_s + nn.real_space_s + nn.bonded_s +
                          mesh_s;
  if (nn.present && nn.mesh_points > 0 && nn_total > 0) {
    set(state, "pme_grid_points", nn.mesh_points);
    set(state, "pme_mesh_frac", mesh_s / nn_total);
    set(state, "pme_real_frac", nn.real_space_s / nn_total);
    set(state, "pme_bonded_frac", nn.bonded_s / nn_total);
    set(state, "pme_spread_frac", nn.spread_s / nn_total);
    set(state, "pme_fft_frac", nn.fft_s / nn_total);
    set(state, "pme_solve_frac", nn.solve_s / nn_total);
    set(state, "pme_gather_frac", nn.gather_s / nn_total);
  } else if (nn.present && nn_total > 0) {
    set(state, "nn_baseline_frac", nn.baseline_s / nn_total);
    set(state, "nn_descriptor_frac", nn.descriptor_s / nn_total);
    set(state, "nn_network_frac", nn.network_s / nn_total);
    set(state, "nn_backward_frac", (nn.network_backward_s + nn.descriptor_backward_s) / nn_total);
    const double net_s = nn.network_s + nn.network_backward_s;
    if (net_s > 0) {
      const double gflops = nn.network_flops / net_s / 1e9;
      set(state, "nn_network_gflops", gflops);
      if (nn.gemm_peak_gflops > 0) set(state, "nn_gemm_peak_frac", gflops / nn.gemm_peak_gflops);
    }
  }
}

void drop_reference_figures(benchmark::UserCounters& counters) {
  for (const char* name : {kEnergyMae, kForceRmse, kRdfPeak, kRdfPeakTeacher, kRdfDiff}) {
    counters.erase(name);
  }
}

}  // namespace mdb::bench
