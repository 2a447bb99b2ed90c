#pragma once
// One species' dense network in double with the passes that fitting energies and forces needs.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// The layers of an NnSpec network (hidden layers CELU, last layer linear with one output) with
/// their parameters in one flat vector (per layer: weights out x in row-major, then bias, the
/// DenseLayerSpec order) so an optimiser can treat them as one. Rows are atoms.
///
/// Force matching needs the gradient, with respect to the weights, of a loss on dE/dinput. With
/// u the input direction the loss asks for (see tangent()), that is the weight gradient of the
/// directional derivative u . dE/dinput: a forward-mode pass along u, then reverse mode through
/// both the values and their tangents (an R-operator followed by backpropagation), so no second
/// derivative matrix is ever formed.
class TrainableNetwork {
 public:
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  /// Fresh weights for widths (input first, last 1): Glorot-uniform hidden layers, zero biases,
  /// an output layer scaled by `output_scale`, from a seeded platform-independent generator.
  TrainableNetwork(const std::vector<int>& widths, double celu_alpha, std::uint64_t seed,
                   double output_scale);
  /// The given layers' weights (validated by NnSpec::validate beforehand).
  TrainableNetwork(const std::vector<DenseLayerSpec>& layers, double celu_alpha);

  int input_width() const { return widths_.front(); }
  std::vector<double>& parameters() { return params_; }
  const std::vector<double>& parameters() const { return params_; }
  /// Accumulated d(loss)/d(parameters), same layout as parameters().
  const std::vector<double>& gradient() const { return grad_; }
  void zero_gradient();

  /// Atomic energies of the `rows` inputs x (rows x input, row-major); keeps what the other
  /// passes need. Returns the energies (rows values, valid until the next forward()).
  const double* forward(const double* x, int rows);
  /// dE_r/dx_r for the last forward(), written to grad (rows x input).
  void input_gradient(double* grad);
  /// The directional derivatives u_r . dE_r/dx_r for the last forward() along u (rows x input).
  const double* tangent(const double* u);
  /// Adds to gradient() the weight gradient of sum_r (e_seed[r] E_r + t_seed[r] Edot_r), E from
  /// the last forward() and Edot from the last tangent().
  void accumulate(const double* e_seed, const double* t_seed);

  /// The layers as an NnSpec stores them, with the input transform x = (g - mean) / scale folded
  /// into the first layer (so the exported network reads the raw descriptor g).
  std::vector<DenseLayerSpec> export_layers(const std::vector<double>& mean,
                                            const std::vector<double>& scale) const;

 private:
  int layers() const { return static_cast<int>(widths_.size()) - 1; }
  Eigen::Map<const Matrix> weights(int l) const;
  Eigen::Map<const Eigen::RowVectorXd> bias(int l) const;

  std::vector<int> widths_;
  std::vector<std::size_t> offset_;  // start of each layer's weights in params_
  double alpha_;
  std::vector<double> params_, grad_;
  // Per layer l (1-based, index l-1): pre-activations z, their tangents zt; activations a and
  // tangents t of the hidden layers; x and u are the inputs of the last passes.
  std::vector<Matrix> z_, zt_, a_, t_;
  Matrix x_, u_;
  Eigen::VectorXd energy_, energy_tangent_;
  int rows_ = 0;
};

}  // namespace mdb
