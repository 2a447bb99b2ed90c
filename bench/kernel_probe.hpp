#pragma once
// What the kernel-alone probes (cluster_shape_probe, double_shape_probe) share: the lj-melt state
// they time kernels over, its size from PROBE_ATOMS, the force check against a reference kernel,
// and the per-row counters.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench/cases.hpp"
#include "bench/prepared_state.hpp"
#include "kernels/cpu/cluster_pair_view.hpp"

namespace mdb::bench {

/// The probes' atom count: PROBE_ATOMS when set (256 to 4,000,000), else 32,000. Exits 2 with a
/// one-line message naming the variable on anything else.
inline int probe_atoms(const char* program) {
  const char* n = std::getenv("PROBE_ATOMS");
  if (n == nullptr) return 32000;
  char* end = nullptr;
  const long atoms = std::strtol(n, &end, 10);
  if (end == n || *end != '\0' || atoms < 256 || atoms > 4000000) {
    std::fprintf(stderr,
                 "%s: PROBE_ATOMS must be a number of atoms from 256 to 4000000 (got '%s')\n",
                 program, n);
    std::exit(2);
  }
  return static_cast<int>(atoms);
}

/// md_bench's lj-melt state at `atoms`, equilibrated as md_bench does (and cached as it does).
inline System lj_melt_state(int atoms) {
  const CaseSpec& c = *find_case("lj-melt");
  return equilibrated_system(StateKey{&c, Ensemble::NVE, atoms, 2026, c.timestep});
}

/// The largest difference of `got` from `want` over the largest |want| (per-atom force
/// components of two kernels on the same state).
inline double max_relative_difference(const std::vector<double>& want,
                                      const std::vector<double>& got) {
  double worst = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < std::min(want.size(), got.size()); ++i) {
    worst = std::max(worst, std::abs(want[i] - got[i]));
    scale = std::max(scale, std::abs(want[i]));
  }
  return worst / scale;
}

/// Counters of a kernel timed over every row of `v` once per iteration: rows, lanes (rows x 4 x
/// i-atoms per row) and time_per_row (seconds, shown as ns).
inline void report_rows(benchmark::State& state, const ClusterPairView& v) {
  const auto rows = static_cast<double>(v.row_offsets[v.n_row_groups()]);
  state.counters["rows"] = rows;
  state.counters["lanes"] = rows * 4 * v.i_atoms_per_row;
  state.counters["time_per_row"] = benchmark::Counter(
      rows, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

/// The least of the repetitions: on a shared machine the least disturbed run.
inline double minimum(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}

/// Times `kernel()` once per iteration, its output (`written`) kept live, and reports the rows of
/// `v` it runs over (report_rows).
template <class Kernel>
void time_kernel(benchmark::State& state, const ClusterPairView& v, const void* written,
                 Kernel&& kernel) {
  for (auto _ : state) {
    kernel();
    benchmark::DoNotOptimize(written);
    benchmark::ClobberMemory();
  }
  report_rows(state, v);
}

/// Registers `probe(state, k)` as `names[k]` for each k, in real time with the "min" statistic,
/// then runs Google Benchmark with the command line. Returns main's exit code.
template <class Probe>
int run_probes(int argc, char** argv, const std::vector<const char*>& names, Probe probe) {
  for (std::size_t k = 0; k < names.size(); ++k) {
    benchmark::RegisterBenchmark(names[k], probe, static_cast<int>(k))
        ->UseRealTime()
        ->ComputeStatistics("min", minimum);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace mdb::bench
