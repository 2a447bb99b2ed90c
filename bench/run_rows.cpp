#include "bench/run_rows.hpp"

#include "bench/shared_runs.hpp"

namespace mdb::bench {

void run_rows(const std::vector<PlannedBenchmark>& plan, const RowRunOptions& options,
              SuiteReporters reporters) {
  benchmark::ClearRegisteredBenchmarks();
  forget_shared_runs();
  if (!options.size_runs || options.interleaved) {
    for (const PlannedBenchmark& p : plan) register_benchmark(p);
    benchmark::RegisterMemoryManager(options.sizing.memory);
    benchmark::RunSpecifiedBenchmarks(reporters.display, reporters.file, ".");
  } else {
    std::int64_t family = 0;  // as Google Benchmark counts them in one call of every row
    for (const PlannedBenchmark& p : plan) {  // selected_plan's: a Scaling family has sizes
      reporters.set_family_index(family++);
      if (p.spec.family == Family::Scaling) {
        run_sized_scaling(p, options.sizing, reporters);
      } else {
        run_sized_row(p, options.sizing, reporters);
      }
    }
  }
  benchmark::RegisterMemoryManager(nullptr);
  benchmark::ClearRegisteredBenchmarks();
  reporters.finish();
}

}  // namespace mdb::bench
