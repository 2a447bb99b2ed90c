#pragma once
// The parameters of a dropout uncertainty neural network (DUNN) potential (Wen & Tadmor, npj
// Comput. Mater. 6, 124 (2020)) as the OpenKIM driver DUNN__MD_292677547454_000 reads them:
// Behler-Parrinello symmetry functions, their centring and scaling, one feed-forward network and
// the dropout masks of its ensemble members.
#include <cstdint>
#include <string>
#include <vector>

namespace mdb {

/// The symmetry-function kinds of the driver (Behler, J. Chem. Phys. 134, 074106 (2011)), with
/// f_c the cosine cutoff 0.5 (cos(pi r / r_c) + 1) for r < r_c:
///   G1 = sum_j f_c(r_ij)
///   G2 = sum_j exp(-eta (r_ij - R_s)^2) f_c(r_ij)
///   G3 = sum_j cos(kappa r_ij) f_c(r_ij)
///   G4 = 2^(1-zeta) sum_{j<k} (1 + lambda cos t_jik)^zeta exp(-eta (r_ij^2 + r_ik^2 + r_jk^2))
///        f_c(r_ij) f_c(r_ik) f_c(r_jk)
///   G5 = 2^(1-zeta) sum_{j<k} (1 + lambda cos t_jik)^zeta exp(-eta (r_ij^2 + r_ik^2))
///        f_c(r_ij) f_c(r_ik)
/// where (1 + lambda cos)^zeta is taken as 0 where its base is <= 0, as the driver does.
enum class DunnSymmetryKind { G1, G2, G3, G4, G5 };

/// One symmetry function. Fields a kind does not use are 0.
struct DunnSymmetryFunction {
  DunnSymmetryKind kind = DunnSymmetryKind::G2;
  double eta = 0.0;     ///< Angstrom^-2 (G2, G4, G5)
  double rs = 0.0;      ///< Angstrom (G2)
  double kappa = 0.0;   ///< Angstrom^-1 (G3)
  double zeta = 0.0;    ///< dimensionless (G4, G5)
  double lambda = 0.0;  ///< dimensionless, +1 or -1 in practice (G4, G5)

  bool three_body() const { return kind == DunnSymmetryKind::G4 || kind == DunnSymmetryKind::G5; }
};

/// The descriptor: species, pair cutoffs, the symmetry functions in input order, and the
/// centring and scaling the network was trained with. A neighbour's species sets only the cutoff
/// of the pair; the functions sum over neighbours of every species alike (as the driver does).
struct DunnDescriptorParams {
  std::vector<std::string> species;  ///< species code = index
  std::vector<double> cutoffs;       ///< Angstrom, species x species, symmetric
  std::vector<DunnSymmetryFunction> functions;
  /// When true the network reads (G - mean) / stdev instead of G.
  bool normalize = false;
  std::vector<double> mean, stdev;  ///< one per function when normalize

  int size() const { return static_cast<int>(functions.size()); }
  int n_species() const { return static_cast<int>(species.size()); }
  double cutoff(int a, int b) const {
    return cutoffs[static_cast<std::size_t>(a) * species.size() + static_cast<std::size_t>(b)];
  }
  double max_cutoff() const;
  /// Species code of `name`, or -1.
  int species_index(const std::string& name) const;
};

/// Activation of the hidden layers (the output layer is linear). ELU has alpha = 1.
enum class DunnActivation { Sigmoid, Tanh, Relu, Elu };

/// A dense layer y = x W + b, with x a row of `in` values (the driver's, and the file's, layout).
struct DunnLayer {
  int in = 0, out = 0;
  std::vector<double> weights;  ///< in x out, row-major
  std::vector<double> bias;     ///< out
};

/// The network and its dropout ensemble. Ensemble member m (1-based) reads the input of layer l
/// as x * masks[m-1][l] / keep_prob[l] wherever keep_prob[l] < 1 (inverted dropout with a fixed
/// mask); the fully connected network (member 0) uses no mask and no scaling.
struct DunnNetworkParams {
  std::vector<DunnLayer> layers;  ///< hidden layers, then the output layer (out = 1)
  DunnActivation activation = DunnActivation::Tanh;
  std::vector<double> keep_prob;  ///< per layer, of its input, in (0, 1]
  /// masks[m][l][u]: 0 or 1 for input unit u of layer l in member m + 1.
  std::vector<std::vector<std::vector<std::uint8_t>>> masks;

  int ensemble_size() const { return static_cast<int>(masks.size()); }
  int input_width() const { return layers.empty() ? 0 : layers.front().in; }
  /// Whether layer l drops units: keep_prob < 1 - 1e-10 (the driver's test).
  bool drops(int l) const { return keep_prob[static_cast<std::size_t>(l)] < 1.0 - 1e-10; }
};

/// `active_member` values with a meaning of their own (the driver's `active_member_id`); 1..M
/// selects ensemble member m.
inline constexpr int kDunnEnsembleMean = -1;   ///< mean of energy and forces over all members
inline constexpr int kDunnFullyConnected = 0;  ///< the network without dropout

/// A complete DUNN model.
struct DunnParams {
  DunnDescriptorParams descriptor;
  DunnNetworkParams network;

  /// Checks that the parts fit and every value is usable, throwing std::invalid_argument
  /// "<source>: <problem>": at least one species and function; cutoffs symmetric, finite and
  /// > 0; symmetry-function parameters finite; mean and stdev sized and finite, stdev > 0; at
  /// least one layer, widths chained from the descriptor size to a single output, weights and
  /// biases sized and finite; keep_prob in (0, 1]; every member has one 0/1 mask per layer, of
  /// the layer's input width.
  void validate(const std::string& source) const;
};

}  // namespace mdb
