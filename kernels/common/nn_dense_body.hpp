#pragma once
// Per-thread bodies of the NN potential's dense layers, for every atom with its own species'
// weights (NnNetView). A thread owns one neuron of a tile of A consecutive atoms: when the tile's
// atoms share a species (one-species systems, or atoms stored by species) each weight is read
// once for all A of them, which is what makes the teacher's 1280 x 256 layer cheap at 64 atoms;
// a mixed tile falls back to one atom at a time. Either way every atom's sum runs over its
// inputs in order, so A changes only which multiply-adds the compiler contracts into FMAs.
// Arithmetic as AtomicNetwork<float>: product, then bias, then CELU; backward through CELU from its
// output.
#include <cstdint>

#include "kernels/common/ani_terms.hpp"
#include "kernels/common/mdb_hd.hpp"
#include "kernels/common/nn_device_view.hpp"

namespace mdb {

/// Atoms in a tile of the dense bodies: a0, and how many of a0 .. a0 + A - 1 exist (< n).
template <int A>
MDB_HD inline int nn_tile_count(int a0, int n) {
  return n - a0 < A ? n - a0 : A;
}

/// True when the tile's atoms share net_species[a0].
MDB_HD inline bool nn_tile_uniform(const int* net_species, int a0, int count) {
  for (int t = 1; t < count; ++t) {
    if (net_species[a0 + t] != net_species[a0]) return false;
  }
  return true;
}

/// Thread (tile a0, neuron o) of hidden layer l: out[a, o] = CELU(sum_k W[o, k] in[a, k] + b[o])
/// for the atoms of the tile; in has row stride stride[l], out stride[l + 1]. Threads whose o
/// is beyond an atom's width write nothing.
template <int A>
MDB_HD inline void nn_dense_forward_body(int a0, int o, int l, int n, const NnNetView& net,
                                         const int* net_species, const float* in, float* out) {
  const int count = nn_tile_count<A>(a0, n);
  const int s_in = net.stride[l], s_out = net.stride[l + 1];
  auto run = [&](int first, int atoms, int s) {
    const int n_in = net.width_of(s, l), n_out = net.width_of(s, l + 1);
    if (o >= n_out) return;
    const float* wt = net.wt + net.w_at(s, l) + o;  // column o of W^T, stride n_out
    float acc[A] = {};
    for (int k = 0; k < n_in; ++k) {
      const float w = wt[static_cast<std::int64_t>(k) * n_out];
      for (int t = 0; t < A; ++t) {
        if (t < atoms) acc[t] += w * in[static_cast<std::int64_t>(first + t) * s_in + k];
      }
    }
    const float b = net.b[net.b_at(s, l) + o];
    for (int t = 0; t < atoms; ++t) {
      out[static_cast<std::int64_t>(first + t) * s_out + o] = celu(acc[t] + b, net.celu_alpha);
    }
  };
  if (nn_tile_uniform(net_species, a0, count)) {
    run(a0, count, net_species[a0]);
  } else {
    for (int t = 0; t < count; ++t) run(a0 + t, 1, net_species[a0 + t]);
  }
}

/// Thread a of the output layer (level L-1 -> 1): returns the atomic energy plus its species'
/// shift (eV, double), and seeds the backward pass: seed[a, k] = dE_a/d in[a, k] before
/// the hidden layer's CELU is undone, i.e. w_k CELU'(in[a, k]) after a hidden layer, or w_k when
/// the network is one linear layer (then in is the AEV and seed the AEV gradient). in and seed
/// have row stride stride[L-1].
MDB_HD inline double nn_output_body(int a, const NnNetView& net, const int* net_species,
                                    const float* in, float* seed) {
  const int l = net.n_layers - 1;
  const int s = net_species[a];
  const int n_in = net.width_of(s, l);
  const float* w = net.w + net.w_at(s, l);
  const std::int64_t row = static_cast<std::int64_t>(a) * net.stride[l];
  float e = 0;
  for (int k = 0; k < n_in; ++k) e += in[row + k] * w[k];
  e += net.b[net.b_at(s, l)];
  for (int k = 0; k < n_in; ++k) {
    seed[row + k] = l > 0 ? w[k] * celu_grad_from_output(in[row + k], net.celu_alpha) : w[k];
  }
  return static_cast<double>(e) + net.energy_shift[s];
}

/// Thread (tile a0, input k) of the backward pass through hidden layer l: with delta_out =
/// dE/d(pre-activation of layer l) (row stride stride[l + 1]), writes
///   delta_in[a, k] = sum_o delta_out[a, o] W[o, k]           (l == 0: dE/dAEV)
///   delta_in[a, k] = (sum_o delta_out[a, o] W[o, k]) CELU'(act_in[a, k])   (l > 0)
/// where act_in is layer l-1's output; act_in and delta_in have row stride stride[l].
template <int A>
MDB_HD inline void nn_dense_backward_body(int a0, int k, int l, int n, const NnNetView& net,
                                          const int* net_species, const float* delta_out,
                                          const float* act_in, float* delta_in) {
  const int count = nn_tile_count<A>(a0, n);
  const int s_in = net.stride[l], s_out = net.stride[l + 1];
  auto run = [&](int first, int atoms, int s) {
    const int n_in = net.width_of(s, l), n_out = net.width_of(s, l + 1);
    if (k >= n_in) return;
    const float* w = net.w + net.w_at(s, l) + k;  // column k of W, stride n_in
    float acc[A] = {};
    for (int o = 0; o < n_out; ++o) {
      const float wk = w[static_cast<std::int64_t>(o) * n_in];
      for (int t = 0; t < A; ++t) {
        if (t < atoms) acc[t] += delta_out[static_cast<std::int64_t>(first + t) * s_out + o] * wk;
      }
    }
    for (int t = 0; t < atoms; ++t) {
      const std::int64_t at = static_cast<std::int64_t>(first + t) * s_in + k;
      delta_in[at] = l > 0 ? acc[t] * celu_grad_from_output(act_in[at], net.celu_alpha) : acc[t];
    }
  };
  if (nn_tile_uniform(net_species, a0, count)) {
    run(a0, count, net_species[a0]);
  } else {
    for (int t = 0; t < count; ++t) run(a0 + t, 1, net_species[a0 + t]);
  }
}

}  // namespace mdb
