#pragma once
// md_bench's own command-line flags (--md_*), parsed before Google Benchmark sees argv.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace mdb::bench {

/// A bad --md_* flag or value; main prints what() on one line and exits with code 2.
class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Which benchmarks get registered and how trajectories run.
struct MdOptions {
  enum class List { None, Text, Json };
  /// Quick: every case's first ensemble at its smallest size (Step, Trajectory, Peer, and Batched
  /// at one replica per hardware thread), no Scaling. Full: every size, ensemble and replica count.
  enum class Suite { Quick, Default, Full };

  long steps = 0;          ///< --md_steps: steps per Trajectory iteration (0: each case's own)
  std::vector<int> sizes;  ///< --md_sizes: atom counts (empty = each case's own)
  std::vector<std::string> cases;      ///< --md_cases: case names (empty = all)
  std::vector<std::string> models;     ///< --md_models: force-field presets (empty = all)
  std::vector<std::string> ensembles;  ///< --md_ensembles: NVE,NVT,NPT (empty = each case's)
  std::vector<int> replicas;           ///< --md_replicas: Batched replica counts
  /// --md_threads: threads per simulation for Step, Trajectory and Scaling (default 1); counts
  /// above 1 register extra rows with backend `cpu-t<N>`, for the cases whose force field
  /// splits its loops (case_splits_over_threads).
  std::vector<int> threads;
  std::uint64_t seed = 2026;     ///< --md_seed: lattice velocities and thermostat noise
  double timestep = 0.0;         ///< --md_timestep: override (case units; 0 = case's)
  Suite suite = Suite::Default;  ///< --md_suite=quick|default|full
  bool lammps_peers = true;      ///< --md_peers=lammps/ase/openmm|...|none: a slash list of
  bool ase_peers = true;         ///< the Peer family's programs (each when built; default all)
  bool openmm_peers = true;
  List list = List::None;  ///< --md_list[=json]
  /// --md_cuda=auto|on|off: rows of the CUDA backend (auto: when built with it and a GPU is
  /// usable). main() resolves it into `device_rows`, which plan_benchmarks reads.
  enum class Cuda { Auto, On, Off };
  Cuda cuda = Cuda::Auto;
  int cuda_device = -1;  ///< --md_device=N: the CUDA device the cuda rows run on (-1: current)
  bool device_rows = false;
  /// --md_export_nn=<preset>:<file>: write an NN preset's weights file and exit.
  std::string export_nn_preset, export_nn_path;
  bool allow_errors = false;  ///< --md_allow_errors: exit 0 even when a benchmark ended in error
  /// --md_size_runs=on|off: fix each row's iteration count from short probes (run_sizing.hpp),
  /// or leave it to Google Benchmark's own search.
  bool size_runs = true;
  std::string samples_out;  ///< --md_samples_out: per-step latencies (JSON) for md_report
  /// --md_state_cache=<dir>|off: where prepared states are kept between runs
  /// (bench/state_cache.hpp); empty: $MDBENCH_STATE_CACHE, else default_state_cache_root().
  std::string state_cache;
  /// --md_prepare_threads=N: threads preparing the rows' states before any row runs (0: one per
  /// hardware thread).
  int prepare_threads = 0;
  /// --md_lammps_inputs=<dir>: write stand-alone LAMMPS inputs of the selected states, then exit.
  std::string lammps_inputs;
  /// --md_gromacs_inputs=<dir>: write the selected states as GROMACS inputs, then exit.
  std::string gromacs_inputs;
};

/// Removes every --md_* argument from argv (shifting the rest down, updating argc) and returns
/// the options. Throws OptionError on an unknown --md_ flag or a bad value; checks names against
/// the case table.
MdOptions parse_md_options(int& argc, char** argv);

/// The state cache's folder: --md_state_cache, else $MDBENCH_STATE_CACHE, else
/// default_state_cache_root(); "off" (or an empty result) turns it off.
std::string state_cache_root(const MdOptions& options);

/// The --md_* part of --help.
const char* md_options_help();

}  // namespace mdb::bench
