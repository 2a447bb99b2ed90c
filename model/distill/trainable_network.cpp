#include "model/distill/trainable_network.hpp"

#include <cmath>
#include <stdexcept>

#include "md/core/random.hpp"

namespace mdb {
namespace {

// CELU(z) = z for z > 0, alpha (exp(z / alpha) - 1) otherwise (AtomicNetwork's activation),
// with its first and second derivatives.
double celu(double z, double alpha) {
  return z > 0 ? z : alpha * std::expm1(z / alpha);
}
double celu_d1(double z, double alpha) {
  return z > 0 ? 1.0 : std::exp(z / alpha);
}
double celu_d2(double z, double alpha) {
  return z > 0 ? 0.0 : std::exp(z / alpha) / alpha;
}

// The same sequence on every platform (std's distributions are not).
struct SeededUniform {
  std::uint64_t state;
  double next() {  // in [-1, 1)
    return static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-52 - 1.0;
  }
};

}  // namespace

TrainableNetwork::TrainableNetwork(const std::vector<int>& widths, double celu_alpha,
                                   std::uint64_t seed, double output_scale)
    : widths_(widths), alpha_(celu_alpha) {
  if (widths_.size() < 2 || widths_.back() != 1) {
    throw std::invalid_argument("TrainableNetwork: widths must end in a single output");
  }
  for (int w : widths_) {
    if (w < 1) throw std::invalid_argument("TrainableNetwork: every width must be >= 1");
  }
  SeededUniform rng{seed};
  for (int l = 0; l < layers(); ++l) {
    offset_.push_back(params_.size());
    const int in = widths_[l], out = widths_[l + 1];
    const bool last = l + 1 == layers();
    const double limit = std::sqrt(6.0 / (in + out)) * (last ? output_scale : 1.0);
    for (int k = 0; k < in * out; ++k) params_.push_back(limit * rng.next());
    params_.insert(params_.end(), out, 0.0);
  }
  offset_.push_back(params_.size());
  grad_.assign(params_.size(), 0.0);
  z_.resize(layers());
  zt_.resize(layers());
  a_.resize(layers());
  t_.resize(layers());
}

TrainableNetwork::TrainableNetwork(const std::vector<DenseLayerSpec>& layers, double celu_alpha)
    : alpha_(celu_alpha) {
  if (layers.empty()) throw std::invalid_argument("TrainableNetwork: no layers");
  widths_.push_back(layers.front().in);
  for (const auto& layer : layers) {
    offset_.push_back(params_.size());
    widths_.push_back(layer.out);
    params_.insert(params_.end(), layer.weights.begin(), layer.weights.end());
    params_.insert(params_.end(), layer.bias.begin(), layer.bias.end());
  }
  offset_.push_back(params_.size());
  grad_.assign(params_.size(), 0.0);
  z_.resize(this->layers());
  zt_.resize(this->layers());
  a_.resize(this->layers());
  t_.resize(this->layers());
}

void TrainableNetwork::zero_gradient() {
  std::fill(grad_.begin(), grad_.end(), 0.0);
}

Eigen::Map<const TrainableNetwork::Matrix> TrainableNetwork::weights(int l) const {
  return {params_.data() + offset_[l], widths_[l + 1], widths_[l]};
}

Eigen::Map<const Eigen::RowVectorXd> TrainableNetwork::bias(int l) const {
  return {params_.data() + offset_[l] + static_cast<std::size_t>(widths_[l]) * widths_[l + 1],
          widths_[l + 1]};
}

const double* TrainableNetwork::forward(const double* x, int rows) {
  rows_ = rows;
  x_ = Eigen::Map<const Matrix>(x, rows, input_width());
  const Matrix* in = &x_;
  for (int l = 0; l < layers(); ++l) {
    z_[l] = (*in) * weights(l).transpose();
    z_[l].rowwise() += bias(l);
    if (l + 1 < layers()) {
      a_[l] = z_[l].unaryExpr([al = alpha_](double z) { return celu(z, al); });
      in = &a_[l];
    }
  }
  energy_ = z_.back().col(0);
  return energy_.data();
}

void TrainableNetwork::input_gradient(double* grad) {
  Matrix delta = Matrix::Ones(rows_, 1);
  for (int l = layers() - 1; l >= 0; --l) {
    Matrix down = delta * weights(l);
    if (l == 0) {
      Eigen::Map<Matrix>(grad, rows_, input_width()) = down;
      return;
    }
    delta =
        down.cwiseProduct(z_[l - 1].unaryExpr([al = alpha_](double z) { return celu_d1(z, al); }));
  }
}

const double* TrainableNetwork::tangent(const double* u) {
  u_ = Eigen::Map<const Matrix>(u, rows_, input_width());
  const Matrix* in = &u_;
  for (int l = 0; l < layers(); ++l) {
    zt_[l] = (*in) * weights(l).transpose();
    if (l + 1 < layers()) {
      t_[l] =
          zt_[l].cwiseProduct(z_[l].unaryExpr([al = alpha_](double z) { return celu_d1(z, al); }));
      in = &t_[l];
    }
  }
  energy_tangent_ = zt_.back().col(0);
  return energy_tangent_.data();
}

void TrainableNetwork::accumulate(const double* e_seed, const double* t_seed) {
  Matrix dz = Eigen::Map<const Matrix>(e_seed, rows_, 1);
  Matrix dzt = Eigen::Map<const Matrix>(t_seed, rows_, 1);
  for (int l = layers() - 1; l >= 0; --l) {
    const Matrix& a_in = l == 0 ? x_ : a_[l - 1];
    const Matrix& t_in = l == 0 ? u_ : t_[l - 1];
    Eigen::Map<Matrix> g_w(grad_.data() + offset_[l], widths_[l + 1], widths_[l]);
    g_w.noalias() += dz.transpose() * a_in + dzt.transpose() * t_in;
    Eigen::Map<Eigen::RowVectorXd> g_b(
        grad_.data() + offset_[l] + static_cast<std::size_t>(widths_[l]) * widths_[l + 1],
        widths_[l + 1]);
    g_b += dz.colwise().sum();
    if (l == 0) break;
    const Matrix da = dz * weights(l), dt = dzt * weights(l);
    const Matrix& z = z_[l - 1];
    const Matrix s1 = z.unaryExpr([al = alpha_](double v) { return celu_d1(v, al); });
    const Matrix s2 = z.unaryExpr([al = alpha_](double v) { return celu_d2(v, al); });
    // a = celu(z), t = celu'(z) zt: z reaches the loss through a and through t's factor.
    dz = da.cwiseProduct(s1) + dt.cwiseProduct(s2).cwiseProduct(zt_[l - 1]);
    dzt = dt.cwiseProduct(s1);
  }
}

std::vector<DenseLayerSpec> TrainableNetwork::export_layers(
    const std::vector<double>& mean, const std::vector<double>& scale) const {
  std::vector<DenseLayerSpec> out;
  for (int l = 0; l < layers(); ++l) {
    DenseLayerSpec layer;
    layer.in = widths_[l];
    layer.out = widths_[l + 1];
    Matrix w = weights(l);
    Eigen::RowVectorXd b = bias(l);
    if (l == 0) {
      // W ((g - m) / s) + b = (W / s) g + (b - W (m / s)).
      for (int k = 0; k < layer.in; ++k) {
        w.col(k) /= scale[k];
        b -= w.col(k).transpose() * mean[k];
      }
    }
    layer.weights.assign(w.data(), w.data() + w.size());
    layer.bias.assign(b.data(), b.data() + b.size());
    out.push_back(std::move(layer));
  }
  return out;
}

}  // namespace mdb
