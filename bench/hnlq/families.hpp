#pragma once
// The benchmark bodies of lattice_bench: one function times any row (operation x lattice x q x M
// x batch x implementation), and registration turns planned rows into Google Benchmark rows.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench/hnlq/options.hpp"
#include "bench/hnlq/rows.hpp"

namespace mdb::bench {

/// Whether cuda rows can run: built with CUDA and a usable device. Otherwise `why_not` (if
/// given) says why in a user's terms.
bool lattice_cuda_usable(std::string* why_not);

/// Adds the device cuda rows run on to the output's context: `gpu` (name, architecture, memory)
/// and `gpu_peak_GB_per_s` (DRAM peak, what peak_bandwidth_frac divides by). Call only when
/// lattice_cuda_usable() is true.
void add_lattice_cuda_context();

/// Times one row, one call (one batch) per iteration. Data are made before the timed loop.
/// Reference and cpu rows use Google Benchmark's clock; cuda rows manual time from CUDA events
/// (copies included, also reported apart).
void run_lattice_row(benchmark::State& state, const LatticeRow& row, const LatticeOptions& options);

/// Registers every row under lattice_row_name(row), in microseconds (Google Benchmark appends
/// /manual_time to cuda rows).
void register_lattice_rows(const std::vector<LatticeRow>& rows, const LatticeOptions& options);

}  // namespace mdb::bench
