#pragma once
// The cuda rows of lattice_bench (built only with CUDA): HnlqDeviceRunner timed by CUDA events.
#include <benchmark/benchmark.h>

#include "bench/hnlq/counters.hpp"
#include "bench/hnlq/options.hpp"
#include "bench/hnlq/rows.hpp"
#include "bench/hnlq/workload.hpp"
#include "kernels/hnlq/common/hnlq_params.hpp"

namespace mdb::bench {

/// Times the row on the GPU: each iteration copies the inputs in, runs the kernel and copies the
/// outputs back; the manual time is the whole span (summed into m.seconds), and m.transfer_s /
/// m.kernel_s get its parts, m.peak_bandwidth_gb_per_s the device's DRAM peak. With
/// options.pin_host_memory the copies go from and to page-locked copies of w's column buffers
/// (filled and read back outside the timed loop); with options.cuda_graph each call is one
/// graph launch.
/// Outputs land in w's column buffers and must equal the batched CPU quantizer's bit for bit,
/// otherwise the row ends in error. Throws std::runtime_error on a CUDA failure.
void run_lattice_cuda_row(benchmark::State& state, const LatticeRow& row, const hnlq::HnlqParams& p,
                          const LatticeOptions& options, LatticeWorkload& w, LatticeMeasurement& m);

}  // namespace mdb::bench
