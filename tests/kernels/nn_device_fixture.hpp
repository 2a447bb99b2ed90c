#pragma once
// Shared by the NN device-force tests: replicas of Systems packed back to back into the device
// engine's image list (on the host, tests/support/host_image_list.hpp), and NnPotential's CPU
// result for each replica.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/image_neighbors.hpp"
#include "md/core/system.hpp"
#include "model/nnp/nn_potential.hpp"
#include "tests/support/host_image_list.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

/// The species names of a system, by type index (what the device force binds by).
inline std::vector<std::string> species_names(const System& s) {
  std::vector<std::string> names;
  for (const auto& sp : s.species_table()) names.push_back(sp.name);
  return names;
}

/// Largest |a - b| over three force arrays, and the largest |b| (the scale).
struct ForceDeviation {
  double max_abs = 0.0;
  double max_ref = 0.0;
};
inline ForceDeviation force_deviation(const Evaluation& ref, const double* fx, const double* fy,
                                      const double* fz) {
  ForceDeviation d;
  for (std::size_t i = 0; i < ref.fx.size(); ++i) {
    const double e[3] = {fx[i] - ref.fx[i], fy[i] - ref.fy[i], fz[i] - ref.fz[i]};
    const double r[3] = {ref.fx[i], ref.fy[i], ref.fz[i]};
    for (int c = 0; c < 3; ++c) {
      d.max_abs = std::max(d.max_abs, std::abs(e[c]));
      d.max_ref = std::max(d.max_ref, std::abs(r[c]));
    }
  }
  return d;
}

}  // namespace mdb::test
