#include "model/dunn/dunn_params.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mdb {
namespace {

bool all_finite(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

}  // namespace

double DunnDescriptorParams::max_cutoff() const {
  double c = 0.0;
  for (double r : cutoffs) c = std::max(c, r);
  return c;
}

int DunnDescriptorParams::species_index(const std::string& name) const {
  const auto it = std::find(species.begin(), species.end(), name);
  return it == species.end() ? -1 : static_cast<int>(it - species.begin());
}

void DunnParams::validate(const std::string& source) const {
  auto fail = [&](const std::string& problem) {
    throw std::invalid_argument(source + ": " + problem);
  };
  const DunnDescriptorParams& d = descriptor;
  const int ns = d.n_species();
  if (ns == 0) fail("no species");
  if (d.cutoffs.size() != static_cast<std::size_t>(ns) * ns) fail("cutoff table is not ns x ns");
  for (int a = 0; a < ns; ++a) {
    for (int b = 0; b < ns; ++b) {
      const double c = d.cutoff(a, b);
      if (!std::isfinite(c) || c <= 0.0) {
        fail("cutoff " + d.species[a] + "-" + d.species[b] + " must be finite and > 0");
      }
      if (c != d.cutoff(b, a)) fail("cutoff table is not symmetric");
    }
  }
  if (d.functions.empty()) fail("no symmetry functions");
  for (const DunnSymmetryFunction& f : d.functions) {
    if (!std::isfinite(f.eta) || !std::isfinite(f.rs) || !std::isfinite(f.kappa) ||
        !std::isfinite(f.zeta) || !std::isfinite(f.lambda)) {
      fail("a symmetry-function parameter is not finite");
    }
  }
  if (d.normalize) {
    if (d.mean.size() != d.functions.size() || d.stdev.size() != d.functions.size()) {
      fail("centring needs one mean and one standard deviation per symmetry function");
    }
    if (!all_finite(d.mean) || !all_finite(d.stdev)) fail("a mean or stdev is not finite");
    for (double s : d.stdev) {
      if (!(s > 0.0)) fail("standard deviations must be > 0");
    }
  }

  const DunnNetworkParams& n = network;
  if (n.layers.empty()) fail("the network has no layers");
  if (n.keep_prob.size() != n.layers.size()) fail("one keep probability per layer is needed");
  int width = d.size();
  for (std::size_t l = 0; l < n.layers.size(); ++l) {
    const DunnLayer& layer = n.layers[l];
    const std::string name = "layer " + std::to_string(l + 1);
    if (layer.in != width) {
      fail(name + " reads " + std::to_string(layer.in) + " inputs, but " + std::to_string(width) +
           " arrive");
    }
    if (layer.out < 1) fail(name + " has no units");
    if (layer.weights.size() != static_cast<std::size_t>(layer.in) * layer.out ||
        layer.bias.size() != static_cast<std::size_t>(layer.out)) {
      fail(name + ": weights or bias of the wrong size");
    }
    if (!all_finite(layer.weights) || !all_finite(layer.bias))
      fail(name + ": a value is not finite");
    const double k = n.keep_prob[l];
    if (!(k > 0.0 && k <= 1.0)) fail(name + ": keep probability must be in (0, 1]");
    width = layer.out;
  }
  if (width != 1) fail("the output layer must have one unit (the atomic energy)");
  for (std::size_t m = 0; m < n.masks.size(); ++m) {
    if (n.masks[m].size() != n.layers.size()) {
      fail("ensemble member " + std::to_string(m + 1) + " needs one mask per layer");
    }
    for (std::size_t l = 0; l < n.layers.size(); ++l) {
      const auto& mask = n.masks[m][l];
      if (mask.size() != static_cast<std::size_t>(n.layers[l].in)) {
        fail("ensemble member " + std::to_string(m + 1) + ", layer " + std::to_string(l + 1) +
             ": mask of the wrong width");
      }
      if (std::any_of(mask.begin(), mask.end(), [](std::uint8_t b) { return b > 1; })) {
        fail("masks hold 0 or 1");
      }
    }
  }
}

}  // namespace mdb
