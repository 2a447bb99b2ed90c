#pragma once
// The whole network of one tile of atoms in one block (a fused kernel for small networks): the
// dense forward layers, the output layer and the backward pass to dE/dAEV run as consecutive
// phases of one launch, separated by block barriers, instead of one launch per layer. At 64
// atoms a step is made of dependent-launch latencies, so the student's 16-64-32-1 networks go
// from five network launches to one. A tile's activations stay in its own rows of the global
// scratch (L1-resident at these sizes), and every phase calls the per-layer bodies of
// nn_dense_body.hpp for the tile, so the arithmetic is that of the layered launches, bit for bit.
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/nn_dense_body.hpp"
#include "kernels/common/nn_device_view.hpp"

namespace mdb {

/// Levels (AEV + hidden outputs) the fused kernel takes by value: networks up to 7 layers.
inline constexpr int kNnFusedMaxLevels = 8;
/// Widest level (AEV included) the fused kernel is chosen for: past it the layered launches spread
/// a wide layer's weights over more blocks than one block per tile can.
inline constexpr int kNnFusedMaxWidth = 128;

/// Level l's activations (level 0: the AEVs) and dE/d of them before their CELU is undone (level
/// 0: dE/dAEV), for levels 0 .. n_layers - 1; row stride NnNetView::stride[l].
struct NnLevelBuffers {
  float* act[kNnFusedMaxLevels] = {};
  float* delta[kNnFusedMaxLevels] = {};
};

/// True when the fused kernel can run a network of these level strides (n_layers + 1 entries).
inline bool nn_network_fusable(int n_layers, const int* stride) {
  if (n_layers < 1 || n_layers > kNnFusedMaxLevels - 1) return false;
  for (int l = 0; l < n_layers; ++l) {
    if (stride[l] > kNnFusedMaxWidth) return false;
  }
  return true;
}

/// Phases of one tile: n_layers - 1 hidden layers forward, the output layer, the hidden layers
/// backward. Between phases every thread of the block must have finished (a barrier).
MDB_HD inline int nn_fused_phases(const NnNetView& net) {
  return 2 * net.n_layers - 1;
}

/// Thread `thread` of `threads` (at least A) of the block that owns the tile starting at atom a0,
/// in phase `phase`. In the output phase thread t < A returns atom a0 + t's energy (eV, shift
/// included) through energy/atom (atom = -1 when this thread had none); the caller adds it to its
/// replica's sum. Each (neuron, tile) is one thread's work whatever `threads` is, so the results do
/// not depend on the block size.
template <int A>
MDB_HD inline void nn_fused_phase(int phase, int thread, int threads, int a0, int n,
                                  const NnNetView& net, const int* net_species,
                                  const NnLevelBuffers& buf, double& energy, int& atom) {
  const int top = net.n_layers - 1;
  atom = -1;
  if (phase < top) {
    for (int o = thread; o < net.stride[phase + 1]; o += threads) {
      nn_dense_forward_body<A>(a0, o, phase, n, net, net_species, buf.act[phase],
                               buf.act[phase + 1]);
    }
  } else if (phase == top) {
    if (thread < nn_tile_count<A>(a0, n)) {
      energy = nn_output_body(a0 + thread, net, net_species, buf.act[top], buf.delta[top]);
      atom = a0 + thread;
    }
  } else {
    const int l = 2 * top - phase;  // top - 1 down to 0
    for (int k = thread; k < net.stride[l]; k += threads) {
      nn_dense_backward_body<A>(a0, k, l, n, net, net_species, buf.delta[l + 1], buf.act[l],
                                buf.delta[l]);
    }
  }
}

}  // namespace mdb
