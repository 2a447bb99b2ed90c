#pragma once
// The CUDA NN force's launch sequence (model/cuda/nn_force_device.cu) run on the host: every kernel
// becomes a plain loop over its thread indices calling the same MDB_HD body, one thread after
// another. The tests compare it with NnPotential<float>; the GPU tests compare the device with it.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/common/image_neighbors.hpp"
#include "kernels/common/nn_dense_body.hpp"
#include "kernels/common/nn_descriptor_body.hpp"
#include "kernels/common/nn_device_view.hpp"
#include "kernels/common/nn_network_fused.hpp"

namespace mdb {

/// Host buffers of the emulated launches (the device force's scratch): AEVs and their gradients,
/// per hidden level the activations and dE/d(pre-activation), network species per atom, and the
/// bodies' error bits (kNnError*).
struct NnEmulatedScratch {
  std::vector<float> aev, grad_aev;
  std::vector<std::vector<float>> act, delta;
  std::vector<int> net_species;
  int error = 0;
};

/// Forces (overwritten, eV/Angstrom, n entries each) of the network on every atom of `nl`
/// (host arrays), and when sums is not null, per replica the energy and the virial (7 doubles,
/// accumulated, as DeviceForceOutput::sums). A is the dense bodies' atom tile. With
/// fused_threads > 0 (at least A) the dense layers run as the fused kernel does: block after
/// block (a tile each), phase after phase, that many threads per block; else as the layered
/// launches, layer after layer.
template <int A>
inline void nn_force_emulated(const ImageNeighborView& nl, const NnDescriptorView& d,
                              const NnNetView& net, NnEmulatedScratch& s, double* fx, double* fy,
                              double* fz, double* sums, int fused_threads = 0) {
  const int n = nl.n;
  const int n_layers = net.n_layers;
  s.aev.assign(static_cast<std::size_t>(n) * d.aev_len, 0.0f);
  s.grad_aev.assign(s.aev.size(), 0.0f);
  s.net_species.assign(n, 0);
  s.act.resize(n_layers);
  s.delta.resize(n_layers);
  for (int l = 1; l < n_layers; ++l) {
    s.act[l].assign(static_cast<std::size_t>(n) * net.stride[l], 0.0f);
    s.delta[l].assign(s.act[l].size(), 0.0f);
  }
  // Level l's activations (level 0 the AEV) and dE/d of them before their CELU is undone.
  auto act = [&](int l) { return l == 0 ? s.aev.data() : s.act[l].data(); };
  auto delta = [&](int l) { return l == 0 ? s.grad_aev.data() : s.delta[l].data(); };
  std::fill_n(fx, n, 0.0);
  std::fill_n(fy, n, 0.0);
  std::fill_n(fz, n, 0.0);

  for (int i = 0; i < n; ++i) {
    nn_aev_forward_body(i, nl, d, s.aev.data(), s.net_species.data(), &s.error);
  }
  if (fused_threads > 0) {
    NnLevelBuffers levels;
    for (int l = 0; l < n_layers; ++l) {
      levels.act[l] = act(l);
      levels.delta[l] = delta(l);
    }
    for (int a0 = 0; a0 < n; a0 += A) {
      for (int p = 0; p < nn_fused_phases(net); ++p) {
        for (int t = 0; t < fused_threads; ++t) {
          double e = 0.0;
          int atom = -1;
          nn_fused_phase<A>(p, t, fused_threads, a0, n, net, s.net_species.data(), levels, e, atom);
          if (atom >= 0 && sums) sums[kEnergyVirialSums * (atom / nl.atoms_per_replica)] += e;
        }
      }
    }
  } else {
    for (int l = 0; l + 1 < n_layers; ++l) {
      for (int a0 = 0; a0 < n; a0 += A) {
        for (int o = 0; o < net.stride[l + 1]; ++o) {
          nn_dense_forward_body<A>(a0, o, l, n, net, s.net_species.data(), act(l), act(l + 1));
        }
      }
    }
    for (int a = 0; a < n; ++a) {
      const double e =
          nn_output_body(a, net, s.net_species.data(), act(n_layers - 1), delta(n_layers - 1));
      if (sums) sums[kEnergyVirialSums * (a / nl.atoms_per_replica)] += e;
    }
    for (int l = n_layers - 2; l >= 0; --l) {
      for (int a0 = 0; a0 < n; a0 += A) {
        for (int k = 0; k < net.stride[l]; ++k) {
          nn_dense_backward_body<A>(a0, k, l, n, net, s.net_species.data(), delta(l + 1), act(l),
                                    delta(l));
        }
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    double w[6];
    nn_aev_backward_body(i, nl, d, s.grad_aev.data(), fx, fy, fz, w, &s.error);
    if (sums) {
      for (int c = 0; c < 6; ++c) {
        sums[kEnergyVirialSums * (i / nl.atoms_per_replica) + 1 + c] += w[c];
      }
    }
  }
}

}  // namespace mdb
