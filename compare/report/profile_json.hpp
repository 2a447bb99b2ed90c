#pragma once
// md_report --profile-json DIR: each Step or Trajectory row as one file in the JSON schema the
// MLFF Distiller profiler writes and reads back (its MDProfileResult), so numbers from md_bench
// sit beside a project's own profiles in the tools it already has.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/report/run_summary.hpp"
#include "compare/report/step_samples.hpp"

namespace mdb::compare {

/// The profile of one row from its step samples (µs, in step order; at least one): name,
/// model_name (the case), n_steps, device, latencies_ms and their mean, median, std (population),
/// min, max, p95 and p99 (numpy's linear percentiles), energy/forces/stress_time_ms (null: not
/// split), memory_initial_gb (0), memory_final_gb (the memory growth over the timed steps),
/// memory_peak_gb, memory_per_step_gb ([]), n_atoms, system_size ("64 atoms"), total_time_s,
/// steps_per_second, timestamp ("YYYY-MM-DD HH:MM:SS", the run's date) and notes (where each
/// number comes from). Memory is the GPU's on cuda rows, else the host's resident set.
nlohmann::json profile_of(const BenchSummary& row, const std::vector<double>& samples_us,
                          const nlohmann::json& context);

/// The file name of a row's profile: its label with '/' as '__' and ".json".
std::string profile_file_name(const BenchSummary& row);

/// Writes one profile per Step or Trajectory row that has step samples into `dir` (created if
/// missing; each file written whole through a temporary and a rename). Returns the files
/// written. Throws ReportInputError with one line when `dir` or a file cannot be written.
std::vector<std::filesystem::path> write_profiles(const std::filesystem::path& dir,
                                                  const RunSummary& run,
                                                  const StepSamples& samples);

}  // namespace mdb::compare
