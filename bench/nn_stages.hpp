#pragma once
// Where a model's force time goes by its stage clocks (ForceField/DeviceForce::stage_times: an
// NN's descriptor, network, backward pass), and how fast its dense layers run against this
// machine's matrix-product peak.
#include "bench/counters.hpp"
#include "md/engine/engine.hpp"

namespace mdb::bench {

/// Zeroes the stage clocks of the engine's models.
void reset_nn_stages(Engine& engine);
/// Adds the models' stage seconds and network FLOPs of `steps` timed steps (nothing for models
/// without stages). On the CUDA engine the split comes from a few extra steps with the device
/// model's stage timing on, which may synchronise every step, so it runs after the timed steps
/// and not at all for graph replays (a graph records no events).
void add_nn_stages(Engine& engine, double steps, bool graph, NnBreakdown& out);

/// Single-thread GEMM rate of Eigen on a 1024 x 1024 product (GFLOP/s) in float or double: the
/// best of a few runs, measured once per process and precision on first use (~0.2 s, outside
/// timed regions).
double gemm_peak_gflops(bool double_precision);

}  // namespace mdb::bench
