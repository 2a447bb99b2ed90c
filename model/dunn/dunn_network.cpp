#include "model/dunn/dunn_network.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "model/dunn/dunn_activation.hpp"

namespace mdb {
namespace {

using Map = Eigen::Map<DunnNetwork::Matrix>;
using ConstMap = Eigen::Map<const DunnNetwork::Matrix>;

}  // namespace

DunnNetwork::DunnNetwork(const DunnNetworkParams& p) : activation_(p.activation) {
  if (p.layers.empty()) throw std::invalid_argument("DunnNetwork: no layers");
  for (std::size_t l = 0; l < p.layers.size(); ++l) {
    const DunnLayer& layer = p.layers[l];
    w_.push_back(ConstMap(layer.weights.data(), layer.in, layer.out));
    b_.push_back(Eigen::Map<const Eigen::RowVectorXd>(layer.bias.data(), layer.out));
    drops_.push_back(p.drops(static_cast<int>(l)));
    widest_ = std::max({widest_, layer.in, layer.out});
  }
  for (const auto& member : p.masks) {
    std::vector<Eigen::RowVectorXd> scales;
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
      Eigen::RowVectorXd s(p.layers[l].in);
      for (int u = 0; u < s.size(); ++u) {
        s(u) = drops_[l] ? member[l][static_cast<std::size_t>(u)] / p.keep_prob[l] : 1.0;
      }
      scales.push_back(std::move(s));
    }
    scale_.push_back(std::move(scales));
  }
}

void DunnNetwork::reserve(Workspace& ws, int rows) const {
  if (rows <= ws.capacity) return;
  ws.capacity = rows + rows / 4 + 8;
  const std::size_t cap = static_cast<std::size_t>(ws.capacity);
  ws.act.resize(w_.size());
  for (std::size_t l = 0; l < w_.size(); ++l) ws.act[l].resize(cap * w_[l].cols());
  for (auto* v : {&ws.masked, &ws.delta_a, &ws.delta_b, &ws.shared_grad}) {
    v->resize(cap * static_cast<std::size_t>(widest_));
  }
}

int DunnNetwork::first_dropout(int member) const {
  const int n_layers = static_cast<int>(w_.size());
  if (ensemble_size() == 0 || member == kDunnFullyConnected) return n_layers;
  for (int l = 0; l < n_layers; ++l) {
    if (drops_[static_cast<std::size_t>(l)]) return l;
  }
  return n_layers;
}

void DunnNetwork::forward_layers(const double* in, int rows, int from, int to, int member,
                                 Workspace& ws) const {
  const int n_layers = static_cast<int>(w_.size());
  for (int l = from; l < to; ++l) {
    const auto& w = w_[static_cast<std::size_t>(l)];
    const int n_in = static_cast<int>(w.rows()), n_out = static_cast<int>(w.cols());
    ConstMap x(in, rows, n_in);
    Map z(ws.act[static_cast<std::size_t>(l)].data(), rows, n_out);
    if (member > 0 && drops_[static_cast<std::size_t>(l)]) {
      Map h(ws.masked.data(), rows, n_in);
      const auto& scale = scale_[static_cast<std::size_t>(member - 1)][static_cast<std::size_t>(l)];
      h.array() = x.array().rowwise() * scale.array();
      z.noalias() = h * w;
    } else {
      z.noalias() = x * w;
    }
    z.rowwise() += b_[static_cast<std::size_t>(l)];
    if (l + 1 < n_layers) {
      dunn_activate(activation_, z.data(), static_cast<std::size_t>(rows) * n_out);
    }
    in = z.data();
  }
}

void DunnNetwork::backward_layers(int rows, int top, int bottom, int member,
                                  std::vector<double>*& d, std::vector<double>*& spare,
                                  Workspace& ws) const {
  for (int l = top; l >= bottom; --l) {
    const auto& w = w_[static_cast<std::size_t>(l)];
    const int n_in = static_cast<int>(w.rows()), n_out = static_cast<int>(w.cols());
    ConstMap dz(d->data(), rows, n_out);
    Map dx(spare->data(), rows, n_in);
    dx.noalias() = dz * w.transpose();
    if (member > 0 && drops_[static_cast<std::size_t>(l)]) {
      dx.array().rowwise() *=
          scale_[static_cast<std::size_t>(member - 1)][static_cast<std::size_t>(l)].array();
    }
    std::swap(d, spare);
    if (l > bottom) {  // through the activation of layer l - 1
      dunn_activation_backward(activation_, ws.act[static_cast<std::size_t>(l - 1)].data(),
                               d->data(), static_cast<std::size_t>(rows) * n_in);
    }
  }
}

double DunnNetwork::evaluate(const double* x, int rows, int active_member, double* grad,
                             Workspace& ws) const {
  const int m_size = ensemble_size();
  if (active_member < kDunnEnsembleMean || active_member > m_size) {
    throw std::invalid_argument("DunnNetwork: active member " + std::to_string(active_member) +
                                " is out of range [-1, " + std::to_string(m_size) + "]");
  }
  reserve(ws, rows);
  const int n_layers = static_cast<int>(w_.size());
  const int last = n_layers - 1;
  const int shared = first_dropout(active_member);
  forward_layers(x, rows, 0, shared, 0, ws);
  std::vector<double>* d = &ws.delta_a;
  std::vector<double>* spare = &ws.delta_b;
  auto output_sum = [&] {
    double e = 0.0;
    for (int r = 0; r < rows; ++r) e += ws.act[static_cast<std::size_t>(last)][r];
    return e;
  };
  const std::size_t n_x = static_cast<std::size_t>(rows) * input_width();
  if (shared == n_layers) {  // one network, no masks
    const double energy = output_sum();
    if (grad == nullptr) return energy;
    std::fill_n(d->begin(), rows, 1.0);
    backward_layers(rows, last, 0, 0, d, spare, ws);
    std::copy_n(d->begin(), n_x, grad);
    return energy;
  }
  const double* shared_out = shared == 0 ? x : ws.act[static_cast<std::size_t>(shared - 1)].data();
  const int width = static_cast<int>(w_[static_cast<std::size_t>(shared)].rows());
  Map shared_grad(ws.shared_grad.data(), rows, width);
  shared_grad.setZero();
  const int first = active_member == kDunnEnsembleMean ? 1 : active_member;
  const int end = active_member == kDunnEnsembleMean ? m_size + 1 : active_member + 1;
  double energy = 0.0;
  for (int m = first; m < end; ++m) {
    forward_layers(shared_out, rows, shared, n_layers, m, ws);
    energy += output_sum();
    if (grad == nullptr) continue;
    std::fill_n(d->begin(), rows, 1.0);
    backward_layers(rows, last, shared, m, d, spare, ws);
    shared_grad += ConstMap(d->data(), rows, width);
  }
  const double inv = 1.0 / (end - first);
  energy *= inv;
  if (grad == nullptr) return energy;
  shared_grad *= inv;
  if (shared == 0) {
    std::copy_n(ws.shared_grad.begin(), n_x, grad);
    return energy;
  }
  std::copy_n(ws.shared_grad.begin(), static_cast<std::size_t>(rows) * width, d->begin());
  dunn_activation_backward(activation_, ws.act[static_cast<std::size_t>(shared - 1)].data(),
                           d->data(), static_cast<std::size_t>(rows) * width);
  backward_layers(rows, shared - 1, 0, 0, d, spare, ws);
  std::copy_n(d->begin(), n_x, grad);
  return energy;
}

double DunnNetwork::multiply_adds_per_atom(int active_member) const {
  const int shared = first_dropout(active_member);
  const double members = active_member == kDunnEnsembleMean ? ensemble_size() : 1.0;
  double shared_madds = 0.0, member_madds = 0.0;
  for (std::size_t l = 0; l < w_.size(); ++l) {
    const double madds = 2.0 * static_cast<double>(w_[l].size());  // forward and backward
    (static_cast<int>(l) < shared ? shared_madds : member_madds) += madds;
  }
  return shared_madds + members * member_madds;
}

}  // namespace mdb
