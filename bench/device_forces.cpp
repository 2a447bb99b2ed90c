#include "bench/device_forces.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/lj_force_device_cuda.hpp"
#include "kernels/cuda/nn_force_cuda.hpp"
#include "kernels/cuda/sw_force_device_cuda.hpp"
#include "model/lennard_jones.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/stillinger_weber.hpp"

namespace mdb::bench {

// One dynamic_cast per benchmark set-up, outside any step loop.
std::unique_ptr<DeviceForce> make_device_force(const ForceField& ff, const System& system) {
  const int ns = static_cast<int>(system.species_table().size());
  if (const auto* lj = dynamic_cast<const LennardJones<double>*>(&ff)) {
    return std::make_unique<LjForceDevice>(lj->table().data(), ns, lj->cutoff());
  }
  if (const auto* sw = dynamic_cast<const StillingerWeber*>(&ff)) {
    std::vector<SwPairCoeffs> pairs;
    std::vector<SwTripletCoeffs> triplets;
    for (int a = 0; a < ns; ++a) {
      for (int b = 0; b < ns; ++b) {
        pairs.push_back(sw->pair(a, b));
        for (int c = 0; c < ns; ++c) triplets.push_back(sw->triplet(a, b, c));
      }
    }
    return std::make_unique<SwForceDevice>(pairs.data(), triplets.data(), ns, sw->cutoff());
  }
  if (const auto* nn = dynamic_cast<const NnPotential<float>*>(&ff)) {
    std::vector<std::string> names;
    for (const auto& sp : system.species_table()) names.push_back(sp.name);
    auto baseline = nn->baseline() ? make_device_force(*nn->baseline(), system) : nullptr;
    return std::make_unique<NnForceDevice>(nn->spec(), names, std::move(baseline));
  }
  std::string what = "force field '";
  what.append(ff.name()).append("' has no GPU version");
  throw std::invalid_argument(what);
}

}  // namespace mdb::bench
