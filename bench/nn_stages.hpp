#pragma once
// Where an NN potential's force time goes (descriptor, network, backward pass), and how fast its
// dense layers run against this machine's FP32 matrix-product peak.
#include "bench/counters.hpp"
#include "md/force_field.hpp"

namespace mdb::bench {

/// Zeroes the stage clocks of an NN potential (anything else: no-op).
void reset_nn_stages(ForceField& ff);
/// Adds an NN potential's stage seconds and network FLOPs since the last reset (no-op for other
/// models).
void add_nn_stages(const ForceField& ff, double steps, NnBreakdown& out);

/// Single-thread FP32 GEMM rate of Eigen on a 1024 x 1024 product (GFLOP/s): the best of a few
/// runs, measured once per process on first use (~0.2 s, outside timed regions).
double fp32_gemm_peak_gflops();

}  // namespace mdb::bench
