#pragma once
// The one place md_bench's counter names and units live. Families fill a Measurement; publish()
// turns it into Google Benchmark counters, so a name or a unit can never drift between families.
#include <benchmark/benchmark.h>

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "bench/stats.hpp"

namespace mdb::bench {

/// Documentation of one counter (also printed by --md_list=json).
struct CounterSpec {
  std::string_view name;
  std::string_view unit;
  std::string_view meaning;
};
/// Every counter md_bench can emit, in a stable order.
const std::vector<CounterSpec>& counter_specs();

/// Thermodynamic results of a trajectory (absent fields are not reported).
struct ThermoSummary {
  std::optional<double> energy_drift_mev;     ///< NVE: d(E/N)/dt, meV/atom/ps
  std::optional<double> conserved_drift_mev;  ///< NVT/NPT: d(H/N)/dt, meV/atom/ps
  std::optional<double> temperature_mean;     ///< K (reduced in LJ units)
  std::optional<double> pressure_mean;        ///< bar (reduced in LJ units)
  std::optional<double> density_mean;         ///< g/cm^3 (reduced in LJ units)
  /// The drift's fit: the time it spans (ps) and its slope's standard error (meV/atom/ps;
  /// absent below three samples), so a reader can tell a drift from a short window's wobble.
  std::optional<double> drift_window_ps;
  std::optional<double> drift_se_mev;
};

/// The case's model against its teacher (or the same potential by another route), on frames of
/// its own MD; absent for cases without one.
struct AccuracySummary {
  std::optional<double> energy_mae_mev;  ///< meV/atom
  std::optional<double> force_rmse;      ///< eV/A
  // Trajectory rows of a case with an rdf_species: g(r) of its MD against the teacher's.
  std::optional<double> rdf_peak;          ///< A: the case's model's first peak
  std::optional<double> rdf_peak_teacher;  ///< A: the teacher's
  std::optional<double> rdf_diff;          ///< A: integral of |g - g_teacher| dr
};

/// An NN potential's force time by stage (seconds summed over replicas) and its network work.
struct NnBreakdown {
  bool present = false;
  double baseline_s = 0, descriptor_s = 0, network_s = 0, network_backward_s = 0,
         descriptor_backward_s = 0, other_s = 0;
  double network_flops = 0;     ///< forward + backward dense-layer FLOPs of the timed steps
  bool double_network = false;  ///< the dense layers run in double (DUNN, NnPotential<double>)
  double gemm_peak_gflops = 0;  ///< this machine's single-thread GEMM rate in that precision
  // An Ewald model's stages (water): seconds by role, and its grid.
  double real_space_s = 0, bonded_s = 0, spread_s = 0, fft_s = 0, solve_s = 0, gather_s = 0;
  double mesh_points = 0;
};

/// Everything one benchmark run measured, in SI-ish raw units (seconds, bytes).
struct Measurement {
  // Problem size.
  double natoms = 0;    ///< atoms per replica
  double replicas = 1;  ///< independent systems advanced together
  double threads = 1;   ///< threads that advanced them
  /// Timers whose phase times are summed: one per replica thread (Batched); 1 for a single
  /// simulation, however many threads split its loops (its phases are wall time of the team).
  double phase_clocks = 1;
  double neighbors_per_atom = 0;
  double in_cutoff_per_atom = 0;  ///< of the listed pairs, those inside the cutoff (0: unknown)
  // Work and time.
  double steps = 0;  ///< timed MD steps (a batched step of all replicas counts once)
  /// Neighbour-list builds in those steps (Batched: counted on the replica that built least);
  /// < 0: not counted (the peers' rows).
  double list_builds = -1;
  double seconds = 0;                ///< timed wall time
  double timestep_ps = 0;            ///< model time step in ps (LJ units converted)
  std::span<double> step_latencies;  ///< seconds per step; sorted in place by publish()
  // Phase time summed over replicas (seconds of one thread each).
  double neighbor_s = 0, force_s = 0, integrate_s = 0;
  // Host memory over the timed region.
  double heap_growth_bytes = 0, rss_growth_bytes = 0, allocations = 0, peak_rss_bytes = 0;
  /// The step phases were timed (neighbor_s, force_s, integrate_s); a GPU row has no
  /// per-phase host times, and reports no frac_*.
  bool phases = true;
  /// GPU memory in use (cudaMemGetInfo) over the timed region, cuda rows only (< 0: absent).
  double gpu_mem_delta_bytes = -1, gpu_mem_peak_bytes = -1;
  /// cuda-graph rows only (< 0: absent): top-level nodes of a step graph, and 1 when the list
  /// build sits in a conditional node (DeviceGraphInfo).
  double graph_nodes = -1, graph_conditional_build = -1;
  ThermoSummary thermo;
  AccuracySummary accuracy;
  NnBreakdown nn;
};

/// Sets the counters (rates from wall time, latency percentiles, memory, phases, thermo).
void publish(benchmark::State& state, Measurement& m);

/// Removes the reference figures (energy_mae, force_rmse, rdf_*) publish() set: a run measured
/// in a Step row and reported by a row of a family that carries none (shared_runs.hpp).
void drop_reference_figures(benchmark::UserCounters& counters);

}  // namespace mdb::bench
