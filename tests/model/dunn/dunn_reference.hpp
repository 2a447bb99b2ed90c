#pragma once
// An independent DUNN energy: the formulas of dunn_params.hpp written out directly, over every
// periodic image by brute force (no neighbour list, no halo, no factorisation of the triplet
// sum, no shared layers, cos from the dot product rather than the law of cosines, std::pow for
// every power). Slow and obvious; shares nothing with DunnPotential but the parameter struct.
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "md/core/system.hpp"
#include "model/dunn/dunn_params.hpp"

namespace mdb::test {

inline double reference_fc(double r, double rc) {
  return r < rc ? 0.5 * (std::cos(3.14159265358979323846 * r / rc) + 1.0) : 0.0;
}

inline double reference_activation(DunnActivation a, double z) {
  switch (a) {
    case DunnActivation::Sigmoid:
      return 1.0 / (1.0 + std::exp(-z));
    case DunnActivation::Tanh:
      return std::tanh(z);
    case DunnActivation::Relu:
      return z > 0.0 ? z : 0.0;
    case DunnActivation::Elu:
      return z < 0.0 ? std::exp(z) - 1.0 : z;
  }
  return 0.0;
}

/// The symmetry functions of atom i (not centred).
inline std::vector<double> reference_descriptor(const DunnDescriptorParams& d, const System& s,
                                                std::size_t i) {
  struct Neighbor {
    std::array<double, 3> v;
    double r;
    int sp;
  };
  auto code = [&](std::size_t atom) {
    return d.species_index(s.species_table()[static_cast<std::size_t>(s.species()[atom])].name);
  };
  const int si = code(i);
  const auto& len = s.box().lengths();
  const double rc_max = d.max_cutoff();
  std::vector<Neighbor> nb;
  for (std::size_t j = 0; j < s.size(); ++j) {
    const int sj = code(j);
    std::array<int, 3> shells{};
    for (int k = 0; k < 3; ++k) shells[k] = static_cast<int>(std::ceil(rc_max / len[k])) + 1;
    for (int a = -shells[0]; a <= shells[0]; ++a) {
      for (int b = -shells[1]; b <= shells[1]; ++b) {
        for (int c = -shells[2]; c <= shells[2]; ++c) {
          if (j == i && a == 0 && b == 0 && c == 0) continue;
          const std::array<double, 3> v{s.x()[j] + a * len[0] - s.x()[i],
                                        s.y()[j] + b * len[1] - s.y()[i],
                                        s.z()[j] + c * len[2] - s.z()[i]};
          const double r = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
          if (r < d.cutoff(si, sj)) nb.push_back({v, r, sj});
        }
      }
    }
  }
  std::vector<double> g(d.functions.size(), 0.0);
  for (std::size_t f = 0; f < d.functions.size(); ++f) {
    const DunnSymmetryFunction& fn = d.functions[f];
    for (std::size_t j = 0; j < nb.size(); ++j) {
      const double rij = nb[j].r, fij = reference_fc(rij, d.cutoff(si, nb[j].sp));
      switch (fn.kind) {
        case DunnSymmetryKind::G1:
          g[f] += fij;
          continue;
        case DunnSymmetryKind::G2:
          g[f] += std::exp(-fn.eta * (rij - fn.rs) * (rij - fn.rs)) * fij;
          continue;
        case DunnSymmetryKind::G3:
          g[f] += std::cos(fn.kappa * rij) * fij;
          continue;
        default:
          break;
      }
      for (std::size_t k = j + 1; k < nb.size(); ++k) {
        const auto& u = nb[j].v;
        const auto& w = nb[k].v;
        const double rik = nb[k].r, fik = reference_fc(rik, d.cutoff(si, nb[k].sp));
        const double cos_t = (u[0] * w[0] + u[1] * w[1] + u[2] * w[2]) / (rij * rik);
        const double rjk = std::sqrt((w[0] - u[0]) * (w[0] - u[0]) + (w[1] - u[1]) * (w[1] - u[1]) +
                                     (w[2] - u[2]) * (w[2] - u[2]));
        const double base = 1.0 + fn.lambda * cos_t;
        const double angular = base > 0.0 ? std::pow(base, fn.zeta) : 0.0;
        const double pre = std::pow(2.0, 1.0 - fn.zeta) * angular * fij * fik;
        if (fn.kind == DunnSymmetryKind::G4) {
          g[f] += pre * std::exp(-fn.eta * (rij * rij + rik * rik + rjk * rjk)) *
                  reference_fc(rjk, d.cutoff(nb[j].sp, nb[k].sp));
        } else {
          g[f] += pre * std::exp(-fn.eta * (rij * rij + rik * rik));
        }
      }
    }
  }
  return g;
}

/// The network's output for one input row and member (0: fully connected).
inline double reference_network(const DunnNetworkParams& n, std::vector<double> h, int member) {
  for (std::size_t l = 0; l < n.layers.size(); ++l) {
    const DunnLayer& layer = n.layers[l];
    if (member > 0 && n.keep_prob[l] < 1.0 - 1e-10) {
      for (int u = 0; u < layer.in; ++u) {
        h[u] = h[u] / n.keep_prob[l] * n.masks[static_cast<std::size_t>(member - 1)][l][u];
      }
    }
    std::vector<double> z(layer.bias);
    for (int o = 0; o < layer.out; ++o) {
      for (int u = 0; u < layer.in; ++u) z[o] += h[u] * layer.weights[u * layer.out + o];
      if (l + 1 < n.layers.size()) z[o] = reference_activation(n.activation, z[o]);
    }
    h = z;
  }
  return h[0];
}

/// Total energy (eV) of `s` for `active_member` (kDunnEnsembleMean, 0, or a member).
inline double reference_energy(const DunnParams& p, const System& s, int active_member) {
  const int m_size = p.network.ensemble_size();
  std::vector<int> members;
  if (m_size == 0 || active_member == kDunnFullyConnected) {
    members = {0};
  } else if (active_member == kDunnEnsembleMean) {
    for (int m = 1; m <= m_size; ++m) members.push_back(m);
  } else {
    members = {active_member};
  }
  double e = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::vector<double> g = reference_descriptor(p.descriptor, s, i);
    if (p.descriptor.normalize) {
      for (std::size_t f = 0; f < g.size(); ++f) {
        g[f] = (g[f] - p.descriptor.mean[f]) / p.descriptor.stdev[f];
      }
    }
    double ei = 0.0;
    for (int m : members) ei += reference_network(p.network, g, m);
    e += ei / static_cast<double>(members.size());
  }
  return e;
}

}  // namespace mdb::test
