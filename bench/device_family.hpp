#pragma once
// md_bench's cuda rows: Step, Scaling and Batched run on the GPU engine (DeviceSimulation),
// timed with CUDA events. Plain C++: the CUDA parts are compiled only with the backend.
#include <benchmark/benchmark.h>

#include "bench/families.hpp"
#include "bench/options.hpp"

namespace mdb::bench {

/// Whether md_bench was built with the CUDA backend.
bool cuda_built();

/// Turns --md_cuda into options.device_rows: auto = built with CUDA and a GPU usable; on = built
/// (OptionError otherwise: the rows would all be errors); off = none.
void resolve_device_rows(MdOptions& options);

/// Runs one cuda benchmark (spec.backend == Backend::Cuda). R replicas (1 outside Batched) of the
/// Step row's starting state, each with its own velocities, advance together in single launches;
/// the steps run back to back in chunks of K steps (about 2 ms of GPU time, 1 <= K <= 5,000)
/// between two CUDA events, each step credited the chunk's time / K, so a row reports rates and
/// the cost of a step in a running simulation, not per-step latency percentiles. GPU memory in use
/// is read between chunks (gpu_mem_peak_MB) and after them (gpu_mem_delta_MB). Errors (no GPU, a
/// model without a GPU version, a blow-up) end the row with SkipWithError.
void run_device_benchmark(benchmark::State& state, const BenchmarkSpec& spec);

/// Frees the last cuda row's device state (main calls it after the run, so no device memory is
/// left for the CUDA runtime's own teardown at exit).
void release_device_state();

}  // namespace mdb::bench
