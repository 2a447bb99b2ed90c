#include "model/nnp/atomic_network.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/common/ani_terms.hpp"

namespace mdb {

template <class Real>
AtomicNetwork<Real>::AtomicNetwork(const std::vector<DenseLayerSpec>& layers, double celu_alpha)
    : alpha_(static_cast<Real>(celu_alpha)) {
  if (layers.empty()) throw std::invalid_argument("AtomicNetwork: no layers");
  for (const auto& l : layers) {
    Matrix w(l.out, l.in);
    for (int r = 0; r < l.out; ++r) {
      for (int c = 0; c < l.in; ++c) w(r, c) = static_cast<Real>(l.weights[r * l.in + c]);
    }
    weights_.push_back(std::move(w));
    Eigen::Matrix<Real, 1, Eigen::Dynamic> b(l.out);
    for (int r = 0; r < l.out; ++r) b(r) = static_cast<Real>(l.bias[r]);
    bias_.push_back(std::move(b));
  }
  act_.resize(weights_.size() - 1);
}

template <class Real>
void AtomicNetwork<Real>::reserve(int rows) {
  if (rows <= capacity_) return;
  capacity_ = rows + rows / 4 + 8;
  int widest = 0;
  for (std::size_t l = 0; l < weights_.size(); ++l) {
    widest = std::max<int>(widest, static_cast<int>(weights_[l].cols()));
    if (l + 1 < weights_.size()) act_[l].resize(capacity_, weights_[l].rows());
  }
  delta_a_.resize(capacity_, widest);
  delta_b_.resize(capacity_, widest);
  out_.resize(capacity_);
}

template <class Real>
double AtomicNetwork<Real>::forward(const Real* x, int rows) {
  reserve(rows);
  rows_ = rows;
  const std::size_t n_layers = weights_.size();
  ConstMapMatrix in(x, rows, input_width());
  for (std::size_t l = 0; l + 1 < n_layers; ++l) {
    // Blocks of the preallocated buffers: Eigen writes into them without allocating.
    auto a = act_[l].topRows(rows);
    if (l == 0) {
      a.noalias() = in * weights_[l].transpose();
    } else {
      a.noalias() = act_[l - 1].topRows(rows) * weights_[l].transpose();
    }
    a.rowwise() += bias_[l];
    a = a.unaryExpr([al = alpha_](Real z) { return celu(z, al); });
  }
  auto e = out_.head(rows);
  const Matrix& w_last = weights_.back();
  if (n_layers == 1) {
    e.noalias() = in * w_last.row(0).transpose();
  } else {
    e.noalias() = act_[n_layers - 2].topRows(rows) * w_last.row(0).transpose();
  }
  e.array() += bias_.back()(0);
  double sum = 0.0;
  for (int r = 0; r < rows; ++r) sum += static_cast<double>(e(r));
  return sum;
}

template <class Real>
void AtomicNetwork<Real>::backward(Real* grad) {
  const int rows = rows_;
  const std::size_t n_layers = weights_.size();
  MapMatrix g(grad, rows, input_width());
  if (n_layers == 1) {
    g.rowwise() = weights_[0].row(0);
    return;
  }
  // dE/d(output of the last hidden layer) is the last weight row for every atom.
  const int w_top = static_cast<int>(weights_.back().cols());
  Matrix* cur = &delta_a_;
  Matrix* next = &delta_b_;
  auto top = cur->topLeftCorner(rows, w_top);
  top.rowwise() = weights_.back().row(0);
  for (std::size_t l = n_layers - 1; l-- > 0;) {
    const int w_out = static_cast<int>(weights_[l].rows());
    const int w_in = static_cast<int>(weights_[l].cols());
    auto d = cur->topLeftCorner(rows, w_out);
    // Through CELU: its derivative follows from the stored output.
    d.array() *= act_[l].topRows(rows).array().unaryExpr(
        [al = alpha_](Real y) { return celu_grad_from_output(y, al); });
    if (l == 0) {
      g.noalias() = d * weights_[0];
    } else {
      next->topLeftCorner(rows, w_in).noalias() = d * weights_[l];
      std::swap(cur, next);
    }
  }
}

template class AtomicNetwork<float>;
template class AtomicNetwork<double>;

}  // namespace mdb
