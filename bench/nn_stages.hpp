#pragma once
// Where an NN potential's force time goes (descriptor, network, backward pass), and how fast its
// dense layers run against this machine's matrix-product peak: NnPotential and DUNN.
#include "bench/counters.hpp"
#include "md/engine.hpp"

namespace mdb::bench {

/// Zeroes the stage clocks of the engine's NN models (other models: no-op).
void reset_nn_stages(Engine& engine);
/// Adds the NN models' stage seconds and network FLOPs of `steps` timed steps (no-op for other
/// models). On the CUDA engine the split comes from a few extra steps with CUDA-event stage
/// timing, which synchronises every step, so it runs after the timed steps and not at all for
/// graph replays (a graph records no events).
void add_nn_stages(Engine& engine, double steps, bool graph, NnBreakdown& out);

/// Single-thread GEMM rate of Eigen on a 1024 x 1024 product (GFLOP/s) in float or double: the
/// best of a few runs, measured once per process and precision on first use (~0.2 s, outside
/// timed regions).
double gemm_peak_gflops(bool double_precision);

}  // namespace mdb::bench
