#include "model/distill/adam_optimizer.hpp"

#include <cmath>
#include <stdexcept>

namespace mdb {

void AdamOptimizer::step(std::span<double* const> params, std::span<const double> grad,
                         double learning_rate) {
  if (params.size() != m_.size() || grad.size() != m_.size()) {
    throw std::invalid_argument("AdamOptimizer: parameter and gradient counts differ");
  }
  constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  ++steps_;
  const double c1 = 1.0 - std::pow(beta1, static_cast<double>(steps_));
  const double c2 = 1.0 - std::pow(beta2, static_cast<double>(steps_));
  for (std::size_t q = 0; q < m_.size(); ++q) {
    m_[q] = beta1 * m_[q] + (1 - beta1) * grad[q];
    v_[q] = beta2 * v_[q] + (1 - beta2) * grad[q] * grad[q];
    *params[q] -= learning_rate * (m_[q] / c1) / (std::sqrt(v_[q] / c2) + eps);
  }
}

}  // namespace mdb
