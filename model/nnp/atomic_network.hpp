#pragma once
// One species' multilayer perceptron, evaluated for a batch of atoms as one matrix product per
// layer, forward and backward (dE/dinput), with every buffer allocated once.
#include <Eigen/Core>
#include <vector>

#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// The dense layers of one species (hidden layers CELU, last layer linear with one output) in
/// `Real` (float as ANI runs them; double for the finite-difference tests). Rows are atoms.
template <class Real>
class AtomicNetwork {
 public:
  using Matrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using MapMatrix = Eigen::Map<Matrix>;
  using ConstMapMatrix = Eigen::Map<const Matrix>;

  AtomicNetwork(const std::vector<DenseLayerSpec>& layers, double celu_alpha);

  int input_width() const { return static_cast<int>(weights_.front().cols()); }
  /// Sizes the activation buffers for up to `rows` atoms (call outside the step loop; a larger
  /// batch later grows them once).
  void reserve(int rows);
  /// Atomic energies (eV, without the species shift) of the `rows` inputs x (rows x input);
  /// keeps the activations for backward(). Returns their sum in double.
  double forward(const Real* x, int rows);
  /// dE/dx for the last forward() batch, written to grad (rows x input, row-major).
  void backward(Real* grad);

 private:
  std::vector<Matrix> weights_;  // layer l: out x in
  std::vector<Eigen::Matrix<Real, 1, Eigen::Dynamic>> bias_;
  Real alpha_;
  // act_[l] holds the CELU outputs of hidden layer l (rows x width); delta_ is the gradient
  // being passed down, two ping-pong buffers sized for the widest layer.
  std::vector<Matrix> act_;
  Matrix delta_a_, delta_b_;
  Eigen::Matrix<Real, Eigen::Dynamic, 1> out_;
  int rows_ = 0;
  int capacity_ = 0;
};

extern template class AtomicNetwork<float>;
extern template class AtomicNetwork<double>;

}  // namespace mdb
