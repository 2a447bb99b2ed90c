#pragma once
// The benchmark families' bodies. Registration (names, sizes, suites) lives in registry.*.
#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <string>

#include "bench/counters.hpp"
#include "bench/prepared_state.hpp"
#include "bench/workspace.hpp"

namespace mdb::bench {

/// The metric a family measures (the 1st component of a benchmark name).
enum class Family { Step, Trajectory, Scaling, Batched, Peer };
const char* family_name(Family f);

/// The name Google Benchmark reports for the benchmark registered as `registered`: a Scaling
/// family's `size` (-1 for none) and "/manual_time" appended (every family uses manual time).
std::string reported_name(const std::string& registered, long long size = -1);

/// Everything one registered benchmark needs to run.
/// Who advances a Peer row's state: LAMMPS in-process, ASE's own MD loop, or OpenMM in-process.
enum class PeerKind { Lammps, Ase, OpenMm };

struct BenchmarkSpec {
  Family family = Family::Step;
  StateKey key;         ///< for Scaling, key.atoms is taken from state.range(0)
  int replicas = 1;     ///< Batched only
  int threads = 1;      ///< Batched only: min(replicas, hardware threads)
  int sim_threads = 1;  ///< Step, Trajectory, Scaling: threads per simulation
  bool mixed = false;   ///< cpu-mixed: the model's mixed-precision variant
  Backend backend = Backend::Cpu;
  bool graph = false;                ///< cuda: replay each step from a CUDA graph
  long trajectory_steps = 1000;      ///< Trajectory only
  PeerKind peer = PeerKind::Lammps;  ///< Peer only
  /// Peer only: the LAMMPS accelerator suffix its styles run with ("opt"), or none.
  std::string lammps_suffix{};
  /// As registered (Scaling: without the size). Shared, so copying a spec in every call of
  /// the benchmark allocates nothing for the MemoryManager's pass to count.
  std::shared_ptr<const std::string> name{};
};

/// Which rows of a case with a teacher carry its reference figures: accuracy against the teacher
/// (energy_mae, force_rmse) on Step and Trajectory rows, the g(r) against the teacher's on
/// Trajectory rows.
constexpr bool carries_accuracy(Family f) {
  return f == Family::Step || f == Family::Trajectory;
}
constexpr bool carries_structure(Family f) {
  return f == Family::Trajectory;
}

/// Whether the family's rows time single steps of an engine (run_steps), not trajectories or peers:
/// two such rows on one state key and engine_choice measure the same thing (shared_runs.hpp).
constexpr bool times_single_steps(Family f) {
  return f == Family::Step || f == Family::Scaling || f == Family::Batched;
}

/// The engine a row of `spec` times (for a Scaling family, at spec.key.atoms).
EngineChoice engine_choice(const BenchmarkSpec& spec);

/// Energy drift (NVE) or drift of the conserved quantity (NVT/NPT; none when its samples are
/// NaN), mean temperature, pressure and density of a trajectory's thermo samples.
ThermoSummary summarize_thermo(const BenchmarkSpec& spec, const ThermoSamples& s, double natoms);

/// Ends the current benchmark run as an error row saying `what`, and counts it (the only way a
/// md_bench benchmark fails, so main can exit non-zero: benchmarks_in_error()).
void skip_with_error(benchmark::State& state, const std::string& what);
/// Benchmark runs ended by skip_with_error so far in this process.
long benchmarks_in_error();
/// While on (run_sizing's unreported probes), calls print no progress line, record no step
/// samples and count no errors.
void set_sizing_calls(bool on);
/// While on (run_sizing's first call of a row, a probe too), a call only prepares its row: it
/// builds and warms the row's engine (or its peer), kept for the calls after it, notes the row's
/// pace as the warm-up measured it (take_prepared_pace), and runs one empty iteration.
void set_prepare_calls(bool on);
bool prepare_calls();
/// Ends a prepare call: notes `seconds_per_iteration` (none: a row whose warm-up does not say,
/// such as a device engine's) and runs Google Benchmark's loop empty.
void finish_prepare_call(benchmark::State& state, std::optional<double> seconds_per_iteration);
/// The pace the last prepare call noted, in seconds per Google Benchmark iteration, and forgets
/// it; none when no prepare call noted one since.
std::optional<double> take_prepared_pace();

/// Runs one benchmark call. All families use manual time (the timed steps' wall time, read from
/// the time-stamp counter) so CPU and CUDA names and semantics match. Failures (a state that
/// cannot be prepared, a failed force check, a blow-up) end the run with SkipWithError.
void run_benchmark(benchmark::State& state, const BenchmarkSpec& spec);

}  // namespace mdb::bench
