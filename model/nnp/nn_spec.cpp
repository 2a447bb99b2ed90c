#include "model/nnp/nn_spec.hpp"

#include <cmath>
#include <stdexcept>

namespace mdb {

int NnSpec::species_index(const std::string& n) const {
  for (std::size_t i = 0; i < species.size(); ++i) {
    if (species[i] == n) return static_cast<int>(i);
  }
  return -1;
}

std::vector<int> NnSpec::widths(int s) const {
  std::vector<int> w;
  const auto& net = networks.at(static_cast<std::size_t>(s));
  if (net.empty()) return w;
  w.push_back(net.front().in);
  for (const auto& l : net) w.push_back(l.out);
  return w;
}

void NnSpec::validate(const std::string& where) const {
  auto fail = [&](const std::string& what) { throw std::invalid_argument(where + ": " + what); };
  aev.validate(where);
  if (species.empty()) fail("no species");
  for (std::size_t i = 0; i < species.size(); ++i) {
    if (species[i].empty()) fail("empty species name");
    for (std::size_t j = 0; j < i; ++j) {
      if (species[j] == species[i]) fail("species '" + species[i] + "' listed twice");
    }
  }
  if (!(celu_alpha > 0.0) || !std::isfinite(celu_alpha)) fail("celu alpha must be > 0");
  if (energy_shifts.size() != species.size()) fail("need one energy shift per species");
  for (std::size_t s = 0; s < species.size(); ++s) {
    if (!std::isfinite(energy_shifts[s])) {
      fail("energy shift of '" + species[s] + "' is not finite");
    }
  }
  if (networks.size() != species.size()) fail("need one network per species");
  const int n_in = aev.length(static_cast<int>(species.size()));
  for (std::size_t s = 0; s < species.size(); ++s) {
    const auto& net = networks[s];
    const std::string who = "network '" + species[s] + "'";
    if (net.empty()) fail(who + " has no layers");
    int expect_in = n_in;
    for (std::size_t l = 0; l < net.size(); ++l) {
      const auto& layer = net[l];
      const std::string lw = who + " layer " + std::to_string(l);
      if (layer.in != expect_in) {
        fail(lw + " takes " + std::to_string(layer.in) + " inputs, expected " +
             std::to_string(expect_in) + (l == 0 ? " (the AEV length)" : ""));
      }
      if (layer.out < 1) fail(lw + " has no outputs");
      if (layer.weights.size() != static_cast<std::size_t>(layer.in) * layer.out) {
        fail(lw + " has " + std::to_string(layer.weights.size()) + " weights, expected " +
             std::to_string(layer.out) + " x " + std::to_string(layer.in));
      }
      if (layer.bias.size() != static_cast<std::size_t>(layer.out)) {
        fail(lw + " has " + std::to_string(layer.bias.size()) + " biases, expected " +
             std::to_string(layer.out));
      }
      for (double v : layer.weights) {
        if (!std::isfinite(v)) fail(lw + " holds a non-finite weight");
      }
      for (double v : layer.bias) {
        if (!std::isfinite(v)) fail(lw + " holds a non-finite bias");
      }
      expect_in = layer.out;
    }
    if (net.back().out != 1) fail(who + ": the last layer must have 1 output (the atomic energy)");
  }
}

}  // namespace mdb
