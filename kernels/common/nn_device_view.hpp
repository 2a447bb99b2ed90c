#pragma once
// The NN potential as the device bodies read it: descriptor hyper-parameters and the weights of
// every species' network as flat arrays behind plain pointers (host memory in the emulated
// launches of the tests, device memory in the CUDA kernels). Filled by model/nnp/nn_device_pack.
#include <cstdint>

#include "kernels/common/ani_terms.hpp"
#include "kernels/common/mdb_hd.hpp"

namespace mdb {

/// Per-thread capacities of the NN bodies (their scratch lives in registers/local memory).
/// Radial shifts per species bound the descriptor's scratch (ANI-2x: 16; the angular factors'
/// bounds are kernels/common/ani_terms.hpp's); neighbours inside the angular cutoff are kept for
/// the triplet loop: 64 is about three times the densest condensed matter within ANI's 3.5 A
/// (water: ~18 atoms).
inline constexpr int kNnMaxRadial = 32;
inline constexpr int kNnMaxAngularNeighbors = 64;

/// Bits of the error word the bodies raise (the host reads it outside the step loop).
inline constexpr int kNnErrorAngularOverflow = 1;  ///< > kNnMaxAngularNeighbors in the cutoff
inline constexpr int kNnErrorBadSpecies = 2;       ///< an atom type outside the species map

/// ANI descriptor parameters in the arithmetic of NnPotential<float> (AevComputer<float>): the
/// radial Gaussians are started in double, everything else is float. Lengths in Angstrom.
struct NnDescriptorView {
  int n_species = 0;                 ///< network species (AEV blocks)
  int n_types = 0;                   ///< system species: entries of species_map
  const int* species_map = nullptr;  ///< system type -> network species
  int radial_len = 0;                ///< n_species * radial.n
  int n_terms = 0;                   ///< angular terms per species pair (n_rshift * n_angle)
  int aev_len = 0;                   ///< radial_len + pairs * n_terms (row stride of the AEVs)
  float rc_r = 0, rc_a = 0;          ///< radial and angular cutoffs
  double two_eta_step = 0;           ///< 2 eta_R (shift_1 - shift_0): the recurrence's step
  AniRadialBasis radial{};
  AniAngularView<float> angular{};
};

/// Every species' dense layers (hidden: CELU; last: linear, one output), float. Level l is the
/// input of layer l (level 0 the AEV, level n_layers the atomic energy); activations of level l
/// are stored row-per-atom with row stride stride[l], the widest level-l width over species.
struct NnNetView {
  int n_species = 0;
  int n_layers = 0;
  const int* width = nullptr;   ///< n_species x (n_layers + 1): width(s, l) = width[s*(L+1)+l]
  const int* stride = nullptr;  ///< n_layers + 1
  const std::int64_t* w_offset = nullptr;  ///< n_species x n_layers: start of layer (s, l) in w, wt
  const std::int64_t* b_offset = nullptr;  ///< n_species x n_layers: start in b
  const float* w = nullptr;                ///< W (out x in, row-major): read by the backward pass
  const float* wt = nullptr;  ///< W^T (in x out): the forward pass reads neighbouring outputs
  const float* b = nullptr;
  const double* energy_shift = nullptr;  ///< eV per atom, per species
  float celu_alpha = 0.1f;

  MDB_HD int width_of(int s, int l) const { return width[s * (n_layers + 1) + l]; }
  MDB_HD std::int64_t w_at(int s, int l) const { return w_offset[s * n_layers + l]; }
  MDB_HD std::int64_t b_at(int s, int l) const { return b_offset[s * n_layers + l]; }
};

/// Sets error bits in *error (atomically on the device).
MDB_HD inline void nn_raise_error(int* error, int bits) {
#if defined(__CUDA_ARCH__)
  atomicOr(error, bits);
#else
  *error |= bits;
#endif
}

}  // namespace mdb
