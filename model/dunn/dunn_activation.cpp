#include "model/dunn/dunn_activation.hpp"

#include <cmath>

namespace mdb {

void dunn_activate(DunnActivation act, double* __restrict v, std::size_t n) {
  switch (act) {
    case DunnActivation::Tanh:
      for (std::size_t k = 0; k < n; ++k) v[k] = std::tanh(v[k]);
      break;
    case DunnActivation::Sigmoid:
      for (std::size_t k = 0; k < n; ++k) v[k] = 1.0 / (1.0 + std::exp(-v[k]));
      break;
    case DunnActivation::Relu:
      for (std::size_t k = 0; k < n; ++k) v[k] = v[k] > 0.0 ? v[k] : 0.0;
      break;
    case DunnActivation::Elu:
      for (std::size_t k = 0; k < n; ++k) v[k] = v[k] < 0.0 ? std::expm1(v[k]) : v[k];
      break;
  }
}

void dunn_activation_backward(DunnActivation act, const double* __restrict a, double* __restrict d,
                              std::size_t n) {
  switch (act) {
    case DunnActivation::Tanh:
      for (std::size_t k = 0; k < n; ++k) d[k] *= 1.0 - a[k] * a[k];
      break;
    case DunnActivation::Sigmoid:
      for (std::size_t k = 0; k < n; ++k) d[k] *= a[k] * (1.0 - a[k]);
      break;
    case DunnActivation::Relu:
      for (std::size_t k = 0; k < n; ++k) d[k] = a[k] > 0.0 ? d[k] : 0.0;
      break;
    case DunnActivation::Elu:
      for (std::size_t k = 0; k < n; ++k) d[k] *= a[k] < 0.0 ? a[k] + 1.0 : 1.0;
      break;
  }
}

}  // namespace mdb
