#pragma once
// Hyper-parameters of ANI atomic environment vectors (the descriptor of the NN potentials).
#include <string>
#include <vector>

namespace mdb {

/// ANI AEV hyper-parameters (TorchANI's names in brackets). Lengths in Angstrom, angles in
/// radians, eta in 1/Angstrom^2. The AEV of an atom holds, per neighbour species, one radial
/// term per radial shift, then per unordered species pair n_angular_radial x n_angle angular
/// terms (TorchANI's layout).
struct AevParams {
  double radial_cutoff = 5.2;          ///< [Rcr]
  double radial_eta = 16.0;            ///< [EtaR]
  std::vector<double> radial_shifts;   ///< [ShfR]
  double angular_cutoff = 3.5;         ///< [Rca]
  double angular_eta = 8.0;            ///< [EtaA]
  double zeta = 32.0;                  ///< [Zeta]
  std::vector<double> angle_shifts;    ///< [ShfZ] theta_s
  std::vector<double> angular_shifts;  ///< [ShfA] radial shifts of the angular terms

  /// ANI-1x's layout with n_radial radial shifts from 0.9 A in steps of (Rcr - 0.9) / n_radial,
  /// n_angle angle shifts (2k + 1) pi / (2 n_angle) and n_angular_radial shifts from 0.9 A in
  /// steps of (Rca - 0.9) / n_angular_radial. ani_like(16, 8, 4) is ANI-1x/ANI-2x's AEV.
  static AevParams ani_like(int n_radial, int n_angle, int n_angular_radial,
                            double radial_cutoff = 5.2, double angular_cutoff = 3.5);

  int radial_length(int n_species) const;
  int angular_length(int n_species) const;
  /// Total AEV length per atom.
  int length(int n_species) const { return radial_length(n_species) + angular_length(n_species); }
  /// The neighbour range the descriptor needs (the larger cutoff).
  double max_cutoff() const;
  /// Throws std::invalid_argument("<where>: ...") on non-finite or non-positive cutoffs, eta or
  /// zeta, empty shift lists, an angular cutoff beyond the radial one, or a zeta below 1.
  void validate(const std::string& where) const;
};

}  // namespace mdb
