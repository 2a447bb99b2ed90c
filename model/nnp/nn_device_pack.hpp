#pragma once
// An NnSpec in the flat layout the NN device bodies read (kernels/common/nn_device_view.hpp):
// the one packing that both the CUDA force (model/cuda/nn_force_device.hpp) and the emulated
// launches of the CPU tests use.
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/common/nn_device_view.hpp"
#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// Descriptor parameters and every species' weights as flat host arrays, bound to a system's
/// species names (species_map: system type -> network species, as NnPotential::bind). Numbers
/// are converted exactly as AevComputer<float> and AtomicNetwork<float> convert them, so the
/// bodies reproduce NnPotential<float>. Layer l of species s has W (out x in, row-major) at
/// w[w_offset[s * n_layers + l]] and W^T (in x out) at the same offset in wt.
struct NnDevicePack {
  int n_species = 0;
  std::vector<int> species_map;
  int radial_len = 0, n_terms = 0, aev_len = 0;
  float rc_r = 0, rc_a = 0;
  double cutoff = 0;  ///< the larger cutoff (Angstrom): the range the descriptor needs
  double radial_eta = 0, radial_step = 0;
  bool radial_uniform = false;
  std::vector<double> radial_shift, radial_ratio;
  float angular_eta = 0, zeta = 0;
  int zeta_int = 0;
  std::vector<float> cos_angle_shift, sin_angle_shift, angular_shift;

  int n_layers = 0;
  std::vector<int> width;   ///< n_species x (n_layers + 1)
  std::vector<int> stride;  ///< n_layers + 1: widest of each level
  std::vector<std::int64_t> w_offset, b_offset;
  std::vector<float> w, wt, b;
  std::vector<double> energy_shift;
  float celu_alpha = 0;

  /// Views onto this pack's own arrays (valid while it lives and is not modified).
  NnDescriptorView descriptor_view() const;
  NnNetView net_view() const;
};

/// Packs `spec` for a system whose species are named system_species (index = system type).
/// Throws std::invalid_argument naming the spec for an invalid spec, a system species without a
/// network, networks of different depths, or a descriptor beyond the bodies' capacities
/// (kNnMaxRadial radial shifts; the angular bounds are AevParams::validate's).
NnDevicePack pack_nn_for_device(const NnSpec& spec, const std::vector<std::string>& system_species);

}  // namespace mdb
