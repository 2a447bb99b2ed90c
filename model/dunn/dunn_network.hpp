#pragma once
// The DUNN network for a batch of atoms: energies and dE/d(input), for one ensemble member, the
// fully connected network, or the ensemble mean, in double precision.
#include <Eigen/Core>
#include <vector>

#include "model/dunn/dunn_params.hpp"

namespace mdb {

/// The dense layers of DunnNetworkParams, evaluated for `rows` atoms at once: one matrix product
/// per layer (rows x in times in x out), forward and backward.
///
/// The layers before the first one that drops units see the same input in every member, so in
/// ensemble-mean mode they run once; each member then runs the rest with its masks (as a scale
/// mask / keep_prob on the layer's input), and the members' gradients at the shared layers'
/// output are averaged before one backward pass through them. For the KIM models (keep
/// probabilities 1, 0.9, 0.9, 0.9) the first layer is shared.
class DunnNetwork {
 public:
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  explicit DunnNetwork(const DunnNetworkParams& params);

  int input_width() const { return static_cast<int>(w_.front().rows()); }
  int ensemble_size() const { return static_cast<int>(scale_.size()); }

  /// One thread's activations and gradients (grow-only).
  struct Workspace {
    int capacity = 0;
    std::vector<std::vector<double>> act;  // per layer: rows x out (outputs after activation)
    std::vector<double> masked, delta_a, delta_b, shared_grad;
  };
  /// Sizes ws for `rows` atoms (call outside the step loop; a larger batch grows it once).
  void reserve(Workspace& ws, int rows) const;

  /// The energy of `active_member` (kDunnEnsembleMean, kDunnFullyConnected or 1..M; with M = 0
  /// every mode is the fully connected network, as in the driver) summed over the rows x
  /// input_width() inputs x, in eV; writes dE/dx (rows x input_width(), row-major) to grad, or
  /// with grad null runs the layers forward only.
  double evaluate(const double* x, int rows, int active_member, double* grad, Workspace& ws) const;

  /// Multiply-adds per atom of one evaluate() in this mode (forward and backward).
  double multiply_adds_per_atom(int active_member) const;

 private:
  int first_dropout(int active_member) const;
  /// Layers [from, to) forward from `in` (rows x in_from); member m's masks when m > 0.
  void forward_layers(const double* in, int rows, int from, int to, int member,
                      Workspace& ws) const;
  /// dE/dZ of layer `top` in d (rows x out_top) back to dE/d(input of layer `bottom`), applying
  /// member m's masks when m > 0; the result is left in d (rows x in_bottom). d and spare are
  /// swapped as the pass goes.
  void backward_layers(int rows, int top, int bottom, int member, std::vector<double>*& d,
                       std::vector<double>*& spare, Workspace& ws) const;

  std::vector<Matrix> w_;  // layer l: in x out
  std::vector<Eigen::RowVectorXd> b_;
  std::vector<bool> drops_;
  std::vector<std::vector<Eigen::RowVectorXd>> scale_;  // [member - 1][layer]: mask / keep_prob
  DunnActivation activation_;
  int widest_ = 0;
};

}  // namespace mdb
