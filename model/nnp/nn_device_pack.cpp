#include "model/nnp/nn_device_pack.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mdb {

NnDevicePack pack_nn_for_device(const NnSpec& spec,
                                const std::vector<std::string>& system_species) {
  std::string who = "NnDevicePack '";
  who.append(spec.name).append("'");
  spec.validate(who);
  auto fail = [&](const std::string& what) {
    std::string msg = who;
    msg.append(": ").append(what);
    throw std::invalid_argument(msg);
  };
  NnDevicePack p;
  const AevParams& a = spec.aev;
  p.n_species = static_cast<int>(spec.species.size());
  for (const auto& name : system_species) {
    const int s = spec.species_index(name);
    if (s < 0) fail("no network for species '" + name + "'");
    p.species_map.push_back(s);
  }
  // The descriptor, converted as AevComputer<float>::configure converts it.
  const int n_r = static_cast<int>(a.radial_shifts.size());
  if (n_r > kNnMaxRadial) fail("more radial shifts than the device bodies hold");
  p.radial_len = a.radial_length(p.n_species);
  p.n_terms = static_cast<int>(a.angle_shifts.size() * a.angular_shifts.size());
  p.aev_len = a.length(p.n_species);
  p.rc_r = static_cast<float>(a.radial_cutoff);
  p.rc_a = static_cast<float>(a.angular_cutoff);
  p.cutoff = a.max_cutoff();
  p.radial_eta = a.radial_eta;
  p.radial_shift = a.radial_shifts;
  p.radial_step = n_r > 1 ? p.radial_shift[1] - p.radial_shift[0] : 0.0;
  p.radial_uniform = true;
  for (int k = 0; k < n_r; ++k) {
    const double expect = p.radial_shift[0] + k * p.radial_step;
    if (std::abs(p.radial_shift[k] - expect) > 1e-12 * (1.0 + std::abs(expect))) {
      p.radial_uniform = false;
    }
  }
  for (int k = 0; k + 1 < n_r; ++k) {
    const double d0 = p.radial_shift[k] - p.radial_shift[0],
                 d1 = p.radial_shift[k + 1] - p.radial_shift[0];
    p.radial_ratio.push_back(std::exp(-a.radial_eta * (d1 * d1 - d0 * d0)));
  }
  p.radial_ratio.push_back(1.0);  // read by the recurrence's last step, never used
  p.angular_eta = static_cast<float>(a.angular_eta);
  p.zeta = static_cast<float>(a.zeta);
  p.zeta_int = a.zeta == std::floor(a.zeta) && a.zeta <= 1024 ? static_cast<int>(a.zeta) : 0;
  for (double t : a.angle_shifts) {
    p.cos_angle_shift.push_back(static_cast<float>(std::cos(t)));
    p.sin_angle_shift.push_back(static_cast<float>(std::sin(t)));
  }
  p.angular_shift.assign(a.angular_shifts.begin(), a.angular_shifts.end());

  // The networks: one depth for all species (one kernel per layer), widths free.
  p.n_layers = static_cast<int>(spec.networks.front().size());
  p.stride.assign(p.n_layers + 1, 0);
  for (int s = 0; s < p.n_species; ++s) {
    const auto& net = spec.networks[s];
    if (static_cast<int>(net.size()) != p.n_layers) fail("networks of different depths");
    const auto widths = spec.widths(s);
    for (int l = 0; l <= p.n_layers; ++l) {
      p.width.push_back(widths[l]);
      p.stride[l] = std::max(p.stride[l], widths[l]);
    }
    for (const auto& layer : net) {
      p.w_offset.push_back(static_cast<std::int64_t>(p.w.size()));
      p.b_offset.push_back(static_cast<std::int64_t>(p.b.size()));
      const std::size_t at = p.w.size();
      p.w.resize(at + layer.weights.size());
      p.wt.resize(at + layer.weights.size());
      for (int o = 0; o < layer.out; ++o) {
        for (int k = 0; k < layer.in; ++k) {
          const float v =
              static_cast<float>(layer.weights[static_cast<std::size_t>(o) * layer.in + k]);
          p.w[at + static_cast<std::size_t>(o) * layer.in + k] = v;
          p.wt[at + static_cast<std::size_t>(k) * layer.out + o] = v;
        }
      }
      for (double v : layer.bias) p.b.push_back(static_cast<float>(v));
    }
  }
  p.energy_shift = spec.energy_shifts;
  p.celu_alpha = static_cast<float>(spec.celu_alpha);
  return p;
}

NnDescriptorView NnDevicePack::descriptor_view() const {
  NnDescriptorView v;
  v.n_species = n_species;
  v.n_types = static_cast<int>(species_map.size());
  v.species_map = species_map.data();
  v.radial_len = radial_len;
  v.n_terms = n_terms;
  v.aev_len = aev_len;
  v.rc_r = rc_r;
  v.rc_a = rc_a;
  v.two_eta_step = 2.0 * radial_eta * radial_step;
  v.radial.eta = radial_eta;
  v.radial.shift = radial_shift.data();
  v.radial.n = static_cast<int>(radial_shift.size());
  v.radial.uniform = radial_uniform;
  v.radial.step = radial_step;
  v.radial.ratio = radial_ratio.data();
  v.angular.eta = angular_eta;
  v.angular.zeta = zeta;
  v.angular.zeta_int = zeta_int;
  v.angular.cos_angle_shift = cos_angle_shift.data();
  v.angular.sin_angle_shift = sin_angle_shift.data();
  v.angular.n_angle = static_cast<int>(cos_angle_shift.size());
  v.angular.radial_shift = angular_shift.data();
  v.angular.n_rshift = static_cast<int>(angular_shift.size());
  return v;
}

NnNetView NnDevicePack::net_view() const {
  NnNetView v;
  v.n_species = n_species;
  v.n_layers = n_layers;
  v.width = width.data();
  v.stride = stride.data();
  v.w_offset = w_offset.data();
  v.b_offset = b_offset.data();
  v.w = w.data();
  v.wt = wt.data();
  v.b = b.data();
  v.energy_shift = energy_shift.data();
  v.celu_alpha = celu_alpha;
  return v;
}

}  // namespace mdb
