#include "model/nnp/nn_presets.hpp"

#include <cmath>
#include <stdexcept>

#include "md/core/random.hpp"

namespace mdb {

NnArchitecture nn_preset_architecture(std::string_view name) {
  if (name == "nn-teacher") return {16, 8, 4, {256, 192, 160}};
  if (name == "nn-student") return {8, 4, 2, {64, 32}};
  throw std::invalid_argument("unknown NN preset '" + std::string(name) +
                              "' (known: nn-teacher, nn-student)");
}

std::vector<std::string> nn_preset_species(std::string_view name) {
  nn_preset_architecture(name);  // throws for an unknown name
  if (name == "nn-teacher") return {"H", "C", "N", "O", "F", "S", "Cl", "Si"};
  return {"Si"};
}

NnSpec make_nn_preset(std::string_view name) {
  return make_nn_preset(name, nn_preset_species(name));
}

NnSpec make_nn_preset(std::string_view name, const std::vector<std::string>& species,
                      std::uint64_t seed, double output_scale) {
  const NnArchitecture arch = nn_preset_architecture(name);
  NnSpec spec;
  spec.name = std::string(name);
  spec.description = "generated weights (seed " + std::to_string(seed) +
                     "): a cost model of the architecture, no physics";
  spec.species = species;
  spec.aev = AevParams::ani_like(arch.radial_shifts, arch.angle_shifts, arch.angular_radial_shifts);
  spec.celu_alpha = 0.1;
  spec.energy_shifts.assign(species.size(), 0.0);
  Rng rng(seed);
  const int n_in = spec.aev.length(static_cast<int>(species.size()));
  for (std::size_t s = 0; s < species.size(); ++s) {
    std::vector<int> widths = {n_in};
    widths.insert(widths.end(), arch.hidden.begin(), arch.hidden.end());
    widths.push_back(1);
    std::vector<DenseLayerSpec> net;
    for (std::size_t l = 0; l + 1 < widths.size(); ++l) {
      DenseLayerSpec d;
      d.in = widths[l];
      d.out = widths[l + 1];
      const bool last = l + 2 == widths.size();
      const double limit = std::sqrt(6.0 / (d.in + d.out));
      const double scale = last ? output_scale / std::sqrt(static_cast<double>(d.in)) : 1.0;
      d.weights.resize(static_cast<std::size_t>(d.in) * d.out);
      for (double& w : d.weights) w = scale * limit * (2.0 * rng.uniform() - 1.0);
      d.bias.resize(d.out);
      for (double& b : d.bias) b = last ? 0.0 : 0.1 * (2.0 * rng.uniform() - 1.0);
      net.push_back(std::move(d));
    }
    spec.networks.push_back(std::move(net));
  }
  return spec;
}

}  // namespace mdb
