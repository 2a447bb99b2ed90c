#pragma once
// Which benchmarks exist: names (a public contract, see docs/BENCHMARKS.md), sizes per suite,
// and their registration with Google Benchmark.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "bench/families.hpp"
#include "bench/options.hpp"
#include "bench/prepare_states.hpp"

namespace mdb::bench {

/// One registered family instance. For Scaling, `sizes` holds the Arg values (one benchmark each).
struct PlannedBenchmark {
  std::string name;  ///< as registered, e.g. "Step/NVE/64/lj-ar/cpu"
  BenchmarkSpec spec;
  std::vector<std::int64_t> sizes;
  bool complexity = true;  ///< Scaling: fit O(N) over `sizes`
};

/// The registered name of a sized benchmark, "<Family>/<ENS>/<atoms>/<case>/<backend>" (Batched
/// appends "/replicas:R"), and of a Scaling family, "Scaling/<ENS>/<case>/<backend>".
std::string benchmark_name(Family f, Ensemble e, int atoms, const CaseSpec& c,
                           std::string_view backend);
std::string scaling_name(Ensemble e, const CaseSpec& c, std::string_view backend);

/// The benchmarks the options select. Throws OptionError for a requested size a case's lattice
/// cannot reach. Sizes above a case's cap are dropped (and listed in `skipped`, if given).
std::vector<PlannedBenchmark> plan_benchmarks(const MdOptions& options,
                                              std::vector<std::string>* skipped = nullptr);

/// The names Google Benchmark will report: registered name, Scaling's size, "/manual_time".
std::vector<std::string> reported_names(const std::vector<PlannedBenchmark>& plan);

/// Google Benchmark 1.7.1 crashes computing a Scaling family's O(N) fit when none of its sizes
/// ran (every one an error run). So, before registration, this prepares every Scaling size the
/// filter (--benchmark_filter syntax) selects; sizes that cannot be prepared move to a plain
/// benchmark of the same name, which then reports the error, and a family left with fewer than
/// two good sizes gets no fit.
void prepare_scaling(std::vector<PlannedBenchmark>& plan, const std::string& filter);

/// Whether Google Benchmark's --benchmark_filter selects `name` (POSIX extended regex, "all" or
/// empty for everything, a leading '-' negates).
bool filter_selects(const std::string& filter, const std::string& name);

/// The rows of `plan` that `filter` (--benchmark_filter syntax) selects, matched on their
/// reported names; a Scaling family keeps the sizes it selects, or goes when none is.
std::vector<PlannedBenchmark> selected_plan(const std::vector<PlannedBenchmark>& plan,
                                            const std::string& filter);

/// What `plan`'s rows need prepared (prepare_states): the state each row starts from (one per
/// size of a Scaling family), and the rows that carry reference figures.
Preparation preparation_of(const std::vector<PlannedBenchmark>& plan);

/// Registers one planned benchmark with Google Benchmark (manual time, its family's time unit,
/// O(N) for Scaling); `iterations` > 0 fixes the iteration count (of every size of a Scaling
/// family) (Google Benchmark then names it ".../iterations:N/...", which SuiteReporter takes out).
/// Returns the registration, or nullptr for a Scaling family without sizes.
benchmark::internal::Benchmark* register_benchmark(const PlannedBenchmark& p,
                                                   std::int64_t iterations = 0);

}  // namespace mdb::bench
