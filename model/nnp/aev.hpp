#pragma once
// ANI atomic environment vectors over a full neighbour list, and their backward pass to forces.
#include <cstdint>
#include <vector>

#include "kernels/common/ani_terms.hpp"
#include "kernels/common/neighbor_view.hpp"
#include "model/nnp/aev_params.hpp"

namespace mdb {

/// Computes the AEV of every local atom (forward) and turns dE/dAEV into forces (backward).
/// The forward pass keeps, per pair and per triplet, the geometry and the derivatives of every
/// term it added, so the backward pass is dot products and vector sums, with no transcendental
/// function evaluated twice. `Real` is the descriptor arithmetic (float in production, double
/// for the finite-difference tests); positions stay double and differences are formed in double
/// before the cast. Storage is grow-only: no allocation per call once sized.
template <class Real>
class AevComputer {
 public:
  void configure(const AevParams& params, int n_species);
  int length() const { return radial_len_ + angular_len_; }

  /// Writes the AEV of local atom i into out[row_of[i] * stride ...] (length() values) for every
  /// local atom. `species_map[t]` turns a system species index into a descriptor species.
  void forward(const NeighborView& v, const int* species_map, const int* row_of, Real* out,
               int stride);
  /// Adds the forces -dE/dx implied by grad = dE/dAEV (same layout as forward's output) onto the
  /// extended force arrays fx, fy, fz (n_local + n_ghost entries), for the geometry of the last
  /// forward().
  void backward(const NeighborView& v, const int* row_of, const Real* grad, int stride, double* fx,
                double* fy, double* fz) const;
  /// The directional derivative of every local atom's AEV along the displacement (wx, wy, wz)
  /// of the extended atoms, for the geometry of the last forward(), written (not added) to
  /// out[row_of[i] * stride ...]. Pass a ghost its owner's displacement to move the crystal's
  /// images with their atoms. backward()'s transpose: sum_i grad_i . out_i = -sum_k w_k . F_k,
  /// which is what force matching needs (a Jacobian-vector product without the Jacobian).
  void tangent(const NeighborView& v, const int* row_of, const double* wx, const double* wy,
               const double* wz, Real* out, int stride) const;

 private:
  void gather(const NeighborView& v, const int* species_map, int i);

  int n_species_ = 0;
  int radial_len_ = 0, angular_len_ = 0, n_terms_ = 0;  // n_terms_: angular terms per pair block
  int n_factors_ = 0;  // angular factors per triplet (ani_angular_factors)
  Real rc_r_ = 0, rc_a_ = 0;
  std::vector<double> radial_shift_, radial_ratio_;
  AniRadialBasis radial_{};
  std::vector<Real> cos_shift_, sin_shift_, angular_shift_;
  AniAngularView<Real> angular_{};
  // The neighbours of one atom inside the radial cutoff, with their cutoff function and the
  // two exponentials the radial Gaussians start from; then the subset inside the angular cutoff.
  struct Near {
    std::vector<Real> dx, dy, dz, r, fc, dfc;
    std::vector<double> e0, ea;
    std::vector<int> index, species;
    int n = 0;
  } near_;
  struct Short {
    std::vector<Real> fc, dfc;
    std::vector<int> at;  // index into near_
    int n = 0;
  } short_;
  // Radial pairs of the last forward(), by atom: neighbour, d/r, where its terms start in the
  // AEV row, and dG_k/dr of its terms.
  std::vector<std::int64_t> pair_start_;
  std::vector<int> pair_j_, pair_block_;
  std::vector<Real> pair_ux_, pair_uy_, pair_uz_, pair_dg_;
  // Triplets of the last forward(), by atom: the two neighbours, d1 and d2, r1, r2, cos(theta),
  // where the pair block starts, and the factors of its terms and their derivatives.
  std::vector<std::int64_t> trip_start_;
  std::vector<int> trip_j_, trip_k_, trip_block_;
  std::vector<Real> trip_geom_, trip_factors_;
};

extern template class AevComputer<float>;
extern template class AevComputer<double>;

}  // namespace mdb
