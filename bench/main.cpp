// md_bench: Google Benchmark binary measuring force fields inside real MD. Families, cases and
// counters are documented in docs/BENCHMARKS.md; names are a stable public contract.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <regex>
#include <vector>

#include "bench/gbench_flags.hpp"
#include "bench/md_list.hpp"
#include "bench/memory_manager.hpp"
#include "bench/options.hpp"
#include "bench/peers/gromacs_inputs.hpp"
#include "bench/peers/lammps_inputs.hpp"
#include "bench/prepare_states.hpp"
#include "bench/prepared_state.hpp"
#include "bench/progress.hpp"
#include "bench/reference_figures.hpp"
#include "bench/registry.hpp"
#include "bench/registry_device.hpp"
#include "bench/run_context.hpp"
#include "bench/run_rows.hpp"
#include "bench/samples_out.hpp"
#include "bench/state_cache.hpp"
#include "bench/suite_reporter.hpp"
#include "bench/teacher_accuracy.hpp"
#include "bench/workspace.hpp"
#include "md/engine/engine.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/nnp/nn_weights_json.hpp"

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitBenchmarkError = 1;  // a benchmark ended in error (docs/BENCHMARKS.md)

void print_help() {
  benchmark::PrintDefaultHelp();
  std::fputs(mdb::bench::md_options_help(), stdout);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mdb::bench;
  std::vector<PlannedBenchmark> plan;
  MdOptions options;
  try {
    options = parse_md_options(argc, argv);
    resolve_device_rows(options);
    std::vector<std::string> skipped;
    plan = plan_benchmarks(options, &skipped);
    for (const std::string& s : skipped) std::fprintf(stderr, "md_bench: skipping %s\n", s.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "md_bench: %s\n", e.what());
    return kExitBadInput;
  }
  if (!options.export_nn_path.empty()) {
    try {
      write_nn_weights(mdb::make_nn_preset(options.export_nn_preset), options.export_nn_path);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "md_bench: %s\n", e.what());
      return kExitBadInput;
    }
    std::fprintf(stderr, "md_bench: wrote %s (%s)\n", options.export_nn_path.c_str(),
                 options.export_nn_preset.c_str());
    return 0;
  }
  const GbenchFlags gbench = read_gbench_flags(argc, argv);
  const int repetitions = gbench.repetitions;
  const bool listing = gbench.list_tests;
  const bool file_wanted = !gbench.out.empty() && !listing;
  try {  // Google Benchmark would print its usage and exit 0
    make_file_reporter(gbench.out_format);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "md_bench: %s\n", e.what());
    return kExitBadInput;
  }
  if (!listing) set_state_cache_root(state_cache_root(options));
  // Progress lines go to stderr, but a JSON or CSV stream on stdout is often read with stderr
  // merged: then stay silent.
  const bool progress = gbench.format == "console";
  std::vector<char*> gb_argv = gbench_argv(argc, argv, file_wanted);
  int gb_argc = static_cast<int>(gb_argv.size()) - 1;
  benchmark::Initialize(&gb_argc, gb_argv.data(), print_help);
  if (gb_argc > 1) {
    std::fprintf(stderr, "md_bench: unrecognized argument %s (see --help)\n", gb_argv[1]);
    return kExitBadInput;
  }
  std::size_t selected = 0;                // benchmarks the filter selects, for the progress lines
  std::vector<PlannedBenchmark> run_plan;  // the rows the filter selects
  try {
    if (options.list != MdOptions::List::None) {
      print_list(options, plan, benchmark::GetBenchmarkFilter(), std::cout);
      return 0;
    }
    if (!options.lammps_inputs.empty()) {
      try {
        const int n =
            write_lammps_inputs(plan, benchmark::GetBenchmarkFilter(), options.lammps_inputs);
        std::fprintf(stderr, "md_bench: wrote %d LAMMPS input(s) under %s\n", n,
                     options.lammps_inputs.c_str());
        return n > 0 ? 0 : kExitBadInput;
      } catch (const std::runtime_error& e) {
        std::fprintf(stderr, "md_bench: %s\n", e.what());
        return 1;
      }
    }
    if (!options.gromacs_inputs.empty()) {
      try {
        std::vector<std::string> skipped;
        const int n = write_gromacs_inputs(plan, benchmark::GetBenchmarkFilter(),
                                           options.gromacs_inputs, &skipped);
        for (const std::string& s : skipped)
          std::fprintf(stderr, "md_bench: left out %s\n", s.c_str());
        std::fprintf(stderr, "md_bench: wrote %d GROMACS input(s) under %s\n", n,
                     options.gromacs_inputs.c_str());
        return n > 0 ? 0 : kExitBadInput;
      } catch (const std::runtime_error& e) {
        std::fprintf(stderr, "md_bench: %s\n", e.what());
        return 1;
      }
    }
    run_plan = selected_plan(plan, benchmark::GetBenchmarkFilter());  // a bad filter throws here
    if (!options.samples_out.empty()) {
      try {  // now, so a bad path fails before the states are prepared and the benchmarks run
        start_samples_out(options.samples_out);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "md_bench: %s\n", e.what());
        return kExitBadInput;
      }
    }
    // Listing needs names only: preparing states would take minutes for the full suite.
    if (!listing) {
      const PreparedStatesSummary prepared =
          prepare_states(preparation_of(run_plan), options.prepare_threads);
      if (progress && prepared.states > 0) {
        std::fprintf(stderr, "md_bench: prepared %d state(s) in %.1f s on %d thread(s)\n",
                     prepared.states, prepared.seconds, prepared.threads);
      }
      prepare_scaling(plan, benchmark::GetBenchmarkFilter());
      run_plan = selected_plan(plan, benchmark::GetBenchmarkFilter());
    }
    selected = reported_names(run_plan).size();
  } catch (const std::regex_error& e) {
    std::fprintf(stderr, "md_bench: bad --benchmark_filter: %s\n", e.what());
    return kExitBadInput;
  }
  if (options.cuda == MdOptions::Cuda::Auto && !options.device_rows && !listing) {
    std::fprintf(stderr, "md_bench: no cuda rows: %s\n", mdb::cuda_unusable_reason().c_str());
  }
  std::unique_ptr<ReportFile> out_file;
  std::unique_ptr<benchmark::BenchmarkReporter> file_reporter;
  if (file_wanted) {
    try {
      file_reporter = make_file_reporter(gbench.out_format);
      out_file = std::make_unique<ReportFile>(gbench.out);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "md_bench: %s\n", e.what());
      return kExitBadInput;
    }
    file_reporter->SetOutputStream(&out_file->stream());
    file_reporter->SetErrorStream(&out_file->stream());
  }
  start_progress(selected, progress && !listing);
  add_run_context();
  benchmark::AddCustomContext("mdbench_teachers", teachers_context());
  // Google Benchmark 1.7.1 keeps each repetition's memory result in a growing std::vector and
  // reports through pointers into it, so with repetitions all but the last are read after the
  // vector moved (google/benchmark#1939): garbage max_bytes_used/total_allocated_bytes. Only a
  // single repetition gets the hook; allocs_per_step and mem_delta_MB report memory either way.
  HeapMemoryManager memory;
  if (repetitions > 1) {
    std::fprintf(stderr,
                 "md_bench: no allocs_per_iter/max_bytes_used with --benchmark_repetitions > 1 "
                 "(Google Benchmark 1.7.1 corrupts them); allocs_per_step and mem_delta_MB still "
                 "report memory\n");
  }
  SuiteReporter::Options shown;
  for (const std::string& n : reported_names(run_plan)) {
    shown.name_width = std::max(shown.name_width, n.size());
  }
  shown.repetitions = repetitions;
  SuiteReporter display(benchmark::CreateDefaultDisplayReporter(), shown);
  shown.pass_streams = false;
  std::optional<SuiteReporter> file;
  if (file_reporter) file.emplace(file_reporter.get(), shown);
  if (run_plan.empty()) {  // Google Benchmark's own words, with the user's filter
    std::fprintf(stderr, "Failed to match any benchmarks against regex: %s\n",
                 benchmark::GetBenchmarkFilter().c_str());
  } else {
    RowRunOptions how;
    how.size_runs = options.size_runs && !listing;
    how.interleaved = gbench.random_interleaving;
    how.sizing.min_time_s = gbench.min_time_s;
    how.sizing.repetitions = repetitions;
    // Google Benchmark's reading of its two flags (benchmark_runner.cc).
    how.sizing.display_aggregates_only =
        gbench.display_aggregates_only || gbench.report_aggregates_only;
    how.sizing.file_aggregates_only = gbench.report_aggregates_only;
    how.sizing.memory = repetitions == 1 ? &memory : nullptr;
    run_rows(run_plan, how, {&display, file ? &*file : nullptr});
  }
  if (out_file) {
    try {
      out_file->commit();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "md_bench: %s\n", e.what());
      return kExitBadInput;
    }
  }
  if (const long cached = states_from_cache(); cached > 0) {
    std::fprintf(stderr, "md_bench: %ld prepared state(s) taken from %s\n", cached,
                 state_cache().dir().c_str());
  }
  if (const long cached = reference_figures_from_cache(); cached > 0) {
    std::fprintf(stderr, "md_bench: %ld set(s) of reference figures taken from %s\n", cached,
                 state_cache().dir().c_str());
  }
  discard_workspace();  // frees device memory before the CUDA runtime tears down at exit
  benchmark::RegisterMemoryManager(nullptr);
  benchmark::Shutdown();
  try {
    finish_samples_out();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "md_bench: %s\n", e.what());
    return kExitBadInput;
  }
  if (const long errors = benchmarks_in_error(); errors > 0) {
    std::fprintf(stderr, "md_bench: %ld benchmark run(s) ended in error (their rows say why)%s\n",
                 errors, options.allow_errors ? "" : "; exit code 1 (--md_allow_errors: 0)");
    if (!options.allow_errors) return kExitBenchmarkError;
  }
  return 0;
}
